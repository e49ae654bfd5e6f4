import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defectDtoSchema } from '@domain/schemas/inspections';
import { useTestApp } from '../test/helpers';
import {
  addSignedInUser,
  call,
  operatorWithTruckCheck,
  createEquipmentViaApi,
  signInOperatorViaApi,
  signupOwner,
} from '../test/factories';

/**
 * Issue 25, items 7 and 8: every text a request carries refuses control characters (other than tab
 * and line breaks), and every date must exist and lie between 1900-01-01 and 2100-12-31, with a 400
 * and a message by key (domain/schemas/primitives.ts), never PostgreSQL's 500.
 */

const t = useTestApp();

type Answer = { statusCode: number; json: <T>() => T; body: string };
const refusedAs = (res: Answer, key: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ key: string; code: string }>()).toMatchObject({ code: 'validation', key });
};
const NUL = 'a\u0000b';
/** Half of a UTF-16 surrogate pair (issue 43): a 500 on both databases before. */
const LONE = 'a\ud800b';

/** The same requests, each with one text field set to `bad` (every kind of route: manager, operator, sign-in). */
function textCases(
  owner: { cookie: string; email: string },
  operator: string,
  machineId: string,
  bad: string,
): [string | null, 'POST' | 'PATCH', string, Record<string, unknown>][] {
  return [
    [owner.cookie, 'POST', '/api/equipment', { name: bad, type: 'machinery', unit: 'hours' }],
    [owner.cookie, 'PATCH', `/api/equipment/${machineId}`, { description: bad }],
    [owner.cookie, 'POST', `/api/equipment/${machineId}/notes`, { content: bad }],
    [owner.cookie, 'PATCH', `/api/equipment/${machineId}/reset-service`, { notes: bad }],
    [owner.cookie, 'POST', '/api/employees', { firstName: bad, lastName: 'Ruiz' }],
    [owner.cookie, 'PATCH', '/api/user/profile', { firstName: bad }],
    [null, 'POST', '/api/auth/login', { emailOrBusinessName: bad, password: 'whatever-1' }],
    [null, 'POST', '/api/auth/login', { emailOrBusinessName: owner.email, password: bad }],
    [null, 'POST', '/api/employee/login', { operatorName: bad, password: 'whatever-1' }],
    [null, 'POST', '/api/auth/forgot-password', { emailOrBusinessName: bad }],
    [
      null,
      'POST',
      '/api/auth/signup',
      { businessName: bad, email: 'n@example.com', password: 'Harvest-Moon-42' },
    ],
    [
      operator,
      'POST',
      '/api/operator-updates',
      { equipmentId: machineId, newUsage: 120, notes: bad },
    ],
  ];
}

describe('control characters in text (item 7)', () => {
  it('refuses a NUL (and other control characters) in bodies on every kind of route', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie);
    const operator = await signInOperatorViaApi(t.app, owner);
    const cases: [string | null, 'POST' | 'PATCH', string, Record<string, unknown>][] = [
      [owner.cookie, 'POST', '/api/equipment', { name: NUL, type: 'machinery', unit: 'hours' }],
      [owner.cookie, 'PATCH', `/api/equipment/${machine.id}`, { description: 'x\u0007y' }],
      [owner.cookie, 'POST', `/api/equipment/${machine.id}/notes`, { content: NUL }],
      [owner.cookie, 'PATCH', `/api/equipment/${machine.id}/reset-service`, { notes: NUL }],
      [owner.cookie, 'POST', '/api/employees', { firstName: NUL, lastName: 'Ruiz' }],
      [owner.cookie, 'PATCH', '/api/user/profile', { firstName: 'A\u001bB' }],
      [null, 'POST', '/api/auth/login', { emailOrBusinessName: NUL, password: 'whatever-1' }],
      [null, 'POST', '/api/auth/login', { emailOrBusinessName: owner.email, password: NUL }],
      [null, 'POST', '/api/employee/login', { operatorName: NUL, password: 'whatever-1' }],
      [null, 'POST', '/api/auth/forgot-password', { emailOrBusinessName: NUL }],
      [
        null,
        'POST',
        '/api/auth/signup',
        { businessName: NUL, email: 'n@example.com', password: 'Harvest-Moon-42' },
      ],
      [
        operator,
        'POST',
        '/api/operator-updates',
        { equipmentId: machine.id, newUsage: 120, notes: NUL },
      ],
    ];
    for (const [cookie, method, url, body] of cases) {
      refusedAs(await call(t.app, cookie, method, url, body), 'common.controlChars');
    }
    // Nothing was written: the machine's name and history are as they were.
    const after = await call(t.app, owner.cookie, 'GET', `/api/equipment/${machine.id}`);
    expect(after.json<{ name: string; description: string | null }>()).toMatchObject({
      name: machine.name,
      description: machine.description,
    });
  });

  it('refuses a NUL in query strings, the admin search included', async () => {
    const owner = await signupOwner(t.app);
    const admin = await addSignedInUser(t.deps.systemDb, 'platform_admin', null);
    refusedAs(
      await call(t.app, admin.cookie, 'GET', '/api/admin/accounts?search=a%00b'),
      'common.controlChars',
    );
    refusedAs(
      await call(t.app, owner.cookie, 'GET', '/api/equipment/page?search=a%00b'),
      'common.controlChars',
    );
    refusedAs(
      await call(t.app, owner.cookie, 'GET', '/api/equipment?search=a%00b'),
      'common.controlChars',
    );
    // The same searches without the NUL are served.
    expect(
      (await call(t.app, admin.cookie, 'GET', '/api/admin/accounts?search=ab')).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, owner.cookie, 'GET', '/api/equipment/page?search=ab')).statusCode,
    ).toBe(200);
  });

  it('keeps tabs and line breaks in notes', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie);
    const content = 'Oil:\tchanged\r\nFilter: replaced\nnext week';
    const res = await call(t.app, owner.cookie, 'POST', `/api/equipment/${machine.id}/notes`, {
      content,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ content: string }>().content).toBe(content);
  });
});

describe('dates (item 8)', () => {
  it('refuses dates that do not exist or lie outside 1900-2100, wherever a date is sent', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie);
    const service = (serviceDate: string) =>
      call(t.app, owner.cookie, 'PATCH', `/api/equipment/${machine.id}/reset-service`, {
        serviceDate,
      });
    refusedAs(await service('2024-13-99'), 'equipment.dateInvalid');
    refusedAs(await service('2023-02-29'), 'equipment.dateInvalid');
    refusedAs(await service('2024-13-99T00:00:00.000Z'), 'equipment.dateInvalid');
    refusedAs(await service('1800-01-01'), 'common.dateRange');
    refusedAs(await service('1899-12-31'), 'common.dateRange');
    const schedule = (maintenanceStartDate: string) =>
      call(t.app, owner.cookie, 'POST', '/api/equipment', {
        name: 'Scheduled',
        type: 'machinery',
        unit: 'hours',
        hasScheduledMaintenance: true,
        maintenanceStartDate,
        maintenanceInterval: 1,
      });
    refusedAs(await schedule('2024-02-30'), 'equipment.dateInvalid');
    refusedAs(await schedule('1800-01-01'), 'common.dateRange');
    refusedAs(await schedule('2101-01-01'), 'common.dateRange');
    // The bounds themselves and a leap day are dates.
    expect((await schedule('1900-01-01')).statusCode).toBe(201);
    expect((await schedule('2100-12-31')).statusCode).toBe(201);
    const leap = await service('2024-02-29');
    expect(leap.statusCode, leap.body).toBe(200);
  });

  it('refuses an impossible service date when a defect is resolved with a service entry', async () => {
    const owner = await signupOwner(t.app);
    const items = [{ id: 'tires', label: 'Tires', kind: 'passFail', required: true }];
    const { op, truck, templateId } = await operatorWithTruckCheck(t.app, owner, items, {});
    const sent = await call(t.app, op, 'POST', '/api/inspections', {
      equipmentId: truck.id,
      templateId,
      answers: [{ itemId: 'tires', result: 'fail', note: 'Flat' }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [defect] = defectDtoSchema
      .array()
      .parse((await call(t.app, owner.cookie, 'GET', '/api/defects')).json());
    const resolve = (serviceDate: string) =>
      call(t.app, owner.cookie, 'POST', `/api/defects/${defect!.id}/resolve`, {
        service: { serviceDate },
      });
    refusedAs(await resolve('2024-13-99'), 'equipment.dateInvalid');
    refusedAs(await resolve('1800-01-01'), 'common.dateRange');
    const still = defectDtoSchema
      .array()
      .parse((await call(t.app, owner.cookie, 'GET', '/api/defects')).json());
    expect(still.map((d) => d.id)).toContain(defect!.id);
  });
});

describe('lone UTF-16 surrogates in text (issue 43)', () => {
  it('refuses a lone surrogate in every text field with 400 common.brokenCharacter, nothing written', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie);
    const operator = await signInOperatorViaApi(t.app, owner);
    for (const bad of [LONE, '\ud800', 'x\udfff', 'end\udbff']) {
      for (const [cookie, method, url, body] of textCases(owner, operator, machine.id, bad)) {
        refusedAs(await call(t.app, cookie, method, url, body), 'common.brokenCharacter');
      }
    }
    const after = await call(t.app, owner.cookie, 'GET', `/api/equipment/${machine.id}`);
    expect(after.json<{ name: string; description: string | null }>()).toMatchObject({
      name: machine.name,
      description: machine.description,
    });
    const history = await call(t.app, owner.cookie, 'GET', `/api/equipment/${machine.id}/history`);
    expect(history.json<unknown[]>()).toHaveLength(1); // the machine's "added" entry only
  });

  it('refuses it in fields kept as raw JSON and in keys, where no text() schema looks', async () => {
    const owner = await signupOwner(t.app);
    // The raw JSON text a client sends ("\ud800" escaped, as JSON.stringify writes it).
    const raw = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload,
      });
    refusedAs(
      await raw('/api/equipment', '{"name":"ok","type":"machinery","unit":"hours","\\ud800":1}'),
      'common.brokenCharacter',
    );
    refusedAs(
      await raw(
        '/api/inspection-templates',
        '{"name":"Daily","equipmentTypes":["vehicle"],"daily":true,"items":[{"id":"\\udc00","label":"Tires","kind":"passFail","required":true}]}',
      ),
      'common.brokenCharacter',
    );
    // A pair written as two escapes is one character (an emoji), kept.
    const pair = await raw(
      '/api/equipment',
      '{"name":"Loader \\ud83d\\ude9c","type":"machinery","unit":"hours"}',
    );
    expect(pair.statusCode, pair.body).toBe(201);
    expect(pair.json<{ name: string }>().name).toBe('Loader 🚜');
  });

  it('fuzz: any string in a note or an operator note is stored as sent or refused with 400, never 500', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie);
    const operator = await signInOperatorViaApi(t.app, owner);
    const refusals = ['common.brokenCharacter', 'common.controlChars'];
    let usage = 100;
    await fc.assert(
      fc.asyncProperty(
        // "binary" draws any UTF-16 code unit, lone surrogates included.
        fc.string({ unit: 'binary', maxLength: 40 }).map((x) => `n${x}`),
        fc.boolean(),
        async (s, asOperator) => {
          const res = asOperator
            ? await call(t.app, operator, 'POST', '/api/operator-updates', {
                equipmentId: machine.id,
                newUsage: (usage += 1),
                notes: s,
              })
            : await call(t.app, owner.cookie, 'POST', `/api/equipment/${machine.id}/notes`, {
                content: s,
              });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode === 400) {
            expect(refusals).toContain(res.json<{ key: string }>().key);
            usage -= asOperator ? 1 : 0;
            return;
          }
          expect(res.statusCode, res.body).toBeLessThan(300);
          if (!asOperator) expect([s, s.trim()]).toContain(res.json<{ content: string }>().content);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('lone surrogates in query strings (issue 43)', () => {
  it('a percent-encoded surrogate half in a search is refused or read as text, never a 500', async () => {
    const owner = await signupOwner(t.app);
    // %ED%A0%80 is the UTF-8 form of \ud800 (not valid UTF-8); %uD800 is the old escape form.
    for (const q of ['%ED%A0%80', 'a%ED%A0%80b', '%uD800', '%F0%9F%9A']) {
      for (const url of [`/api/equipment/page?search=${q}`, `/api/equipment?search=${q}`]) {
        const res = await call(t.app, owner.cookie, 'GET', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});
