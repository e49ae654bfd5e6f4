import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorUpdateDto } from '@domain/schemas/operators';
import { company, equipment, equipmentNote } from '../../db/schema/index';
import { useTestApp, cookieFrom } from '../../test/helpers';
import {
  addSignedInUser,
  call,
  reviewUpdate,
  type SignedIn,
  signupOwner,
  statusOf,
  insertMachine,
} from '../../test/factories';

const t = useTestApp();

const SHARED = 'Tractor-Blue-77';
const DAY = 86_400_000;

async function setupTeam() {
  const owner = await signupOwner(t.app);
  const res = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
    masterPassword: SHARED,
  });
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}

async function addOperator(owner: SignedIn, firstName = 'Maria', lastName = 'Lopez') {
  const res = await call(t.app, owner.cookie, 'POST', '/api/employees', { firstName, lastName });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; operatorUsername: string }>();
}

async function operatorLogin(operatorName: string, password = SHARED, rememberMe = false) {
  return call(t.app, null, 'POST', '/api/employee/login', { operatorName, password, rememberMe });
}

async function signInOperator(owner: SignedIn, firstName = 'Maria', rememberMe = false) {
  const op = await addOperator(owner, firstName);
  const res = await operatorLogin(op.operatorUsername, SHARED, rememberMe);
  expect(res.statusCode, res.body).toBe(200);
  return { ...op, cookie: cookieFrom(res) };
}

/** Equipment straight in the database (the equipment module owns its API). */
const addEquipment = (companyId: string, values: Partial<typeof equipment.$inferInsert> = {}) =>
  insertMachine(t, companyId, {
    name: 'Excavator 1',
    fuelType: 'diesel',
    lastReadingAt: new Date(Date.now() - 2 * DAY),
    ...values,
  });

const equipmentRow = async (id: string) =>
  (await t.deps.systemDb.select().from(equipment).where(eq(equipment.id, id)))[0]!;

function submit(cookie: string, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/operator-updates',
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

describe('company settings', () => {
  it('stores the shared password encrypted and shows it to owners and managers only', async () => {
    const owner = await setupTeam();
    const row = (
      await t.deps.systemDb.select().from(company).where(eq(company.id, owner.companyId))
    )[0]!;
    expect(row.operatorPasswordEnc).toBeTruthy();
    expect(row.operatorPasswordEnc).not.toContain(SHARED);
    const get = await call(t.app, owner.cookie, 'GET', '/api/company-settings');
    expect(get.json()).toMatchObject({
      companyName: owner.businessName,
      masterPassword: SHARED,
      subscriptionStatus: 'trial',
    });
    const op = await signInOperator(owner);
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/company-settings')).toBe(403);
  });

  it('applies the No Changes rule, the minimum of 8 and the common-password refusal', async () => {
    const owner = await signupOwner(t.app);
    const empty = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      masterPassword: '',
      companyName: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter at least one setting to update.');
    const short = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      masterPassword: 'short',
    });
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const common = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      masterPassword: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
    const rename = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      companyName: `${owner.businessName} Renamed`,
    });
    expect(rename.json()).toMatchObject({
      companyName: `${owner.businessName} Renamed`,
      masterPassword: null,
    });
    const other = await signupOwner(t.app);
    const taken = await call(t.app, other.cookie, 'POST', '/api/company-settings', {
      companyName: `${owner.businessName} renamed`,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('never writes half: a taken or invalid name keeps the shared password as it was', async () => {
    const a = await setupTeam();
    const b = await signupOwner(t.app);
    const encBefore = (
      await t.deps.systemDb.select().from(company).where(eq(company.id, a.companyId))
    )[0]!.operatorPasswordEnc;
    const taken = await call(t.app, a.cookie, 'POST', '/api/company-settings', {
      companyName: b.businessName,
      masterPassword: 'Copper-Field-58',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This business name is already registered.');
    const short = await call(t.app, a.cookie, 'POST', '/api/company-settings', {
      companyName: 'X',
      masterPassword: 'Copper-Field-58',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toMatchObject({
      companyName: 'Business name must be at least 2 characters',
    });
    const row = (
      await t.deps.systemDb.select().from(company).where(eq(company.id, a.companyId))
    )[0]!;
    expect(row.operatorPasswordEnc).toBe(encBefore);
    expect(row.name).toBe(a.businessName);
    expect(
      (await call(t.app, a.cookie, 'GET', '/api/company-settings')).json().masterPassword,
    ).toBe(SHARED);
    // Both at once succeed together; an empty name with a password changes the password only.
    const both = await call(t.app, a.cookie, 'POST', '/api/company-settings', {
      companyName: `  ${a.businessName} Two `,
      masterPassword: 'Copper-Field-58',
    });
    expect(both.json()).toMatchObject({
      companyName: `${a.businessName} Two`,
      masterPassword: 'Copper-Field-58',
    });
    const passwordOnly = await call(t.app, a.cookie, 'POST', '/api/company-settings', {
      companyName: '  ',
      masterPassword: SHARED,
    });
    expect(passwordOnly.json()).toMatchObject({
      companyName: `${a.businessName} Two`,
      masterPassword: SHARED,
    });
  });
});

describe('operators', () => {
  it('derives unique usernames within and across companies, case-insensitively, and keeps them on edit', async () => {
    const a = await setupTeam();
    const b = await setupTeam();
    const first = await addOperator(a, 'Zoraida');
    const second = await addOperator(a, 'zoraida');
    const third = await addOperator(b, 'ZORAIDA');
    const accented = await addOperator(b, 'Zoráida');
    expect(first.operatorUsername).toBe('Zoraida');
    expect(second.operatorUsername).toBe('zoraida2');
    expect(third.operatorUsername).toBe('ZORAIDA3');
    expect(accented.operatorUsername).toBe('Zoraida4');
    const edit = await call(t.app, a.cookie, 'PUT', `/api/employees/${first.id}`, {
      firstName: 'Zora',
      lastName: 'Diaz',
    });
    expect(edit.json()).toMatchObject({
      firstName: 'Zora',
      lastName: 'Diaz',
      operatorUsername: 'Zoraida',
    });
    const list = await call(t.app, a.cookie, 'GET', '/api/employees');
    expect(list.json().map((e: { operatorUsername: string }) => e.operatorUsername)).toEqual([
      'Zoraida',
      'zoraida2',
    ]);
  });

  it('creates concurrent operators with the same name without a collision', async () => {
    const a = await setupTeam();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, a.cookie, 'POST', '/api/employees', { firstName: 'Quentin', lastName: 'X' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const names = new Set(results.map((r) => r.json().operatorUsername.toLowerCase()));
    expect(names.size).toBe(6);
  });

  it('refuses missing names with the spec message', async () => {
    const a = await signupOwner(t.app);
    const res = await call(t.app, a.cookie, 'POST', '/api/employees', {
      firstName: 'Ana',
      lastName: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill in all required fields');
  });

  it("never touches another company's operators", async () => {
    const a = await setupTeam();
    const b = await setupTeam();
    const op = await addOperator(a);
    expect(
      await statusOf(t.app, b.cookie, 'PUT', `/api/employees/${op.id}`, {
        firstName: 'X',
        lastName: 'Y',
      }),
    ).toBe(404);
    expect(await statusOf(t.app, b.cookie, 'DELETE', `/api/employees/${op.id}`)).toBe(404);
    expect(await statusOf(t.app, b.cookie, 'DELETE', '/api/employees/not-a-uuid')).toBe(404);
    expect((await call(t.app, b.cookie, 'GET', '/api/employees')).json()).toEqual([]);
  });
});

describe('operator sign-in', () => {
  it('signs in by username (any case) with the case-sensitive shared password, or by business name', async () => {
    const owner = await setupTeam();
    const op = await addOperator(owner, 'Bartholomew');
    const ok = await operatorLogin(op.operatorUsername.toUpperCase(), SHARED, true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      role: 'operator',
      redirect: '/simple-operator',
      operatorUsername: op.operatorUsername,
    });
    expect(String(ok.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    expect((await operatorLogin(op.operatorUsername, SHARED.toLowerCase())).statusCode).toBe(401);
    const byBusiness = await operatorLogin(owner.businessName.toLowerCase(), SHARED);
    expect(byBusiness.statusCode).toBe(200);
    expect(byBusiness.json().role).toBe('operator');
    // The readable signed-in hint names the operator role in both cases (the client opens the operator screen).
    expect(ok.cookies.find((c) => c.name === 'ems_signed_in')?.value).toBe('operator');
    expect(byBusiness.cookies.find((c) => c.name === 'ems_signed_in')?.value).toBe('operator');
    // An operator-level session: no owner rights.
    expect(await statusOf(t.app, cookieFrom(byBusiness), 'GET', '/api/employees')).toBe(403);
    // The hidden company-level user is not listed as an operator.
    expect((await call(t.app, owner.cookie, 'GET', '/api/employees')).json()).toHaveLength(1);
    // The owner's own password does not open the operator login.
    expect((await operatorLogin(owner.businessName, owner.password)).statusCode).toBe(401);
  });

  it('refuses sign-in before a shared password is set', async () => {
    const owner = await signupOwner(t.app);
    const op = await addOperator(owner, 'Nopass');
    const res = await operatorLogin(op.operatorUsername, 'anything-at-all');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid operator name or password');
  });

  it('rate-limits repeated failures for an account', async () => {
    const owner = await setupTeam();
    const op = await addOperator(owner, 'Throttled');
    for (let i = 0; i < 5; i++) await operatorLogin(op.operatorUsername, `wrong-${i}-pass`);
    const blocked = await operatorLogin(op.operatorUsername, SHARED);
    expect(blocked.statusCode).toBe(429);
  });

  it('a removed operator is signed out and can no longer sign in', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Removed');
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/auth/user')).toBe(200);
    expect(await statusOf(t.app, owner.cookie, 'DELETE', `/api/employees/${op.id}`)).toBe(200);
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/auth/user')).toBe(401);
    expect((await operatorLogin(op.operatorUsername)).statusCode).toBe(401);
  });
});

describe('permissions', () => {
  it('operators reach only their own user and operator updates; everything else is 403 (wrong role)', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Perm');
    const other = await addOperator(owner, 'Other');
    expect((await call(t.app, op.cookie, 'GET', '/api/auth/user')).json()).toMatchObject({
      role: 'operator',
      operatorUsername: op.operatorUsername,
    });
    const denied: Array<[Parameters<typeof call>[2], string, object?]> = [
      ['GET', '/api/company-settings'],
      ['POST', '/api/company-settings', { companyName: 'Hijacked Co' }],
      ['GET', '/api/employees'],
      ['POST', '/api/employees', { firstName: 'A', lastName: 'B' }],
      ['PUT', `/api/employees/${other.id}`, { firstName: 'A', lastName: 'B' }],
      ['DELETE', `/api/employees/${other.id}`],
      ['GET', '/api/managers'],
      [
        'POST',
        '/api/managers',
        { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'Sturdy-Gate-91' },
      ],
      [
        'POST',
        '/api/admin/reset-user-password',
        { targetUserId: owner.user.id, newPassword: 'Sturdy-Gate-91' },
      ],
      ['GET', '/api/operator-updates'],
      ['POST', `/api/operator-updates/${other.id}/approve`],
      ['POST', `/api/operator-updates/${other.id}/reject`],
      ['POST', '/api/fuel/reset'],
      ['GET', '/api/fuel-usage/export'],
      ['GET', '/api/equipment-history/export'],
    ];
    // A technician (issue 27) is refused the team, the company settings and the operators' records too.
    const tech = await addSignedInUser(t.deps.systemDb, 'technician', owner.companyId);
    for (const [method, url, body] of denied) {
      const res = await call(t.app, op.cookie, method, url, body);
      // Signed in with the wrong role: 403 from the route's declared access, before any lookup.
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'forbidden' });
      expect(
        (await call(t.app, tech.cookie, method, url, body)).statusCode,
        `technician ${method} ${url}`,
      ).toBe(403);
      expect(
        (await call(t.app, null, method, url, body)).statusCode,
        `anonymous ${method} ${url}`,
      ).toBe(401);
    }
    const eq1 = await addEquipment(owner.companyId);
    expect((await submit(op.cookie, { equipmentId: eq1.id, newUsage: 110 })).statusCode).toBe(201);
  });

  it('managers run the team but cannot add or remove managers; owners manage managers', async () => {
    const owner = await setupTeam();
    const add = await call(t.app, owner.cookie, 'POST', '/api/managers', {
      firstName: 'Mona',
      lastName: 'Lisa',
      email: `mona${Date.now()}@example.com`,
      password: 'Sturdy-Gate-91',
    });
    expect(add.statusCode, add.body).toBe(201);
    const mgr = add.json();
    const login = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: mgr.email,
      password: 'Sturdy-Gate-91',
    });
    expect(login.statusCode).toBe(200);
    const mcookie = cookieFrom(login);
    expect((await call(t.app, mcookie, 'GET', '/api/company-settings')).json().masterPassword).toBe(
      SHARED,
    );
    expect(
      await statusOf(t.app, mcookie, 'POST', '/api/employees', {
        firstName: 'Frommanager',
        lastName: 'X',
      }),
    ).toBe(201);
    expect(await statusOf(t.app, mcookie, 'GET', '/api/managers')).toBe(200);
    expect(
      await statusOf(t.app, mcookie, 'POST', '/api/managers', {
        firstName: 'A',
        lastName: 'B',
        email: 'x@y.co',
        password: 'Sturdy-Gate-91',
      }),
    ).toBe(403);
    expect(await statusOf(t.app, mcookie, 'DELETE', `/api/managers/${mgr.id}`)).toBe(403);
    // Managers cannot reset the owner's password; the owner resets the manager's, which ends their sessions.
    expect(
      await statusOf(t.app, mcookie, 'POST', '/api/admin/reset-user-password', {
        targetUserId: owner.user.id,
        newPassword: 'Sturdy-Gate-91',
      }),
    ).toBe(403);
    const reset = await call(t.app, owner.cookie, 'POST', '/api/admin/reset-user-password', {
      targetUserId: mgr.id,
      newPassword: 'Brand-New-Lock-5',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await statusOf(t.app, mcookie, 'GET', '/api/auth/user')).toBe(401);
    expect(
      await statusOf(t.app, null, 'POST', '/api/auth/login', {
        emailOrBusinessName: mgr.email,
        password: 'Brand-New-Lock-5',
      }),
    ).toBe(200);
    // Operators have no password of their own.
    const op = await addOperator(owner, 'Nopw');
    const opReset = await call(t.app, owner.cookie, 'POST', '/api/admin/reset-user-password', {
      targetUserId: op.id,
      newPassword: 'Brand-New-Lock-5',
    });
    expect(opReset.statusCode).toBe(400);
    expect(opReset.json().message).toMatch(/shared operator password/);
    // Another company's user: 404.
    const other = await signupOwner(t.app);
    expect(
      await statusOf(t.app, other.cookie, 'POST', '/api/admin/reset-user-password', {
        targetUserId: mgr.id,
        newPassword: 'Brand-New-Lock-5',
      }),
    ).toBe(404);
    expect(await statusOf(t.app, other.cookie, 'DELETE', `/api/managers/${mgr.id}`)).toBe(404);
    // Removal ends the manager's sessions.
    const again = cookieFrom(
      await call(t.app, null, 'POST', '/api/auth/login', {
        emailOrBusinessName: mgr.email,
        password: 'Brand-New-Lock-5',
      }),
    );
    expect(await statusOf(t.app, owner.cookie, 'DELETE', `/api/managers/${mgr.id}`)).toBe(200);
    expect(await statusOf(t.app, again, 'GET', '/api/auth/user')).toBe(401);
  });
});

describe('operator updates', () => {
  it('applies a plausible update in one go: usage, fuel by type, history with the operator name', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Applier');
    const eq1 = await addEquipment(owner.companyId);
    const res = await submit(
      op.cookie,
      {
        equipmentId: eq1.id,
        newUsage: 130.5,
        fuelAdded: 12.3,
        fuelType: 'diesel',
        notes: 'Greased the boom',
      },
      'k-1',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'applied',
      message: 'Your equipment update has been sent to the manager for review.',
    });
    const row = await equipmentRow(eq1.id);
    expect(row).toMatchObject({
      currentUsage: 130.5,
      totalDieselUsed: 12.3,
      totalFuelUsed: 12.3,
      totalGasUsed: 0,
    });
    const notes = await t.deps.systemDb
      .select()
      .from(equipmentNote)
      .where(eq(equipmentNote.equipmentId, eq1.id));
    expect(notes).toHaveLength(1);
    // The one naming rule (domain/history-text.ts personName): the operator's name, not their username.
    expect(notes[0]).toMatchObject({
      type: 'usage_update',
      usage: 130.5,
      operatorName: 'Applier Lopez',
      content: 'Greased the boom',
      kind: 'reading',
      params: {
        source: 'operator',
        previousUsage: 100,
        usage: 130.5,
        unit: 'hours',
        fuel: { amount: 12.3, type: 'diesel' },
        notes: 'Greased the boom',
      },
    });
    const history = await call(t.app, owner.cookie, 'GET', '/api/equipment-history/export');
    expect(history.json()[0]).toMatchObject({
      equipmentName: 'Excavator 1',
      type: 'update',
      noteType: 'usage_update',
      usage: 130.5,
      // The stored column keeps the operator's words; the answer's content is the entry written at the edge.
      content: 'Reading: 130.5 hours · fuel 12.3 gal diesel · Greased the boom',
      kind: 'reading',
      text: 'Reading: 130.5 hours · fuel 12.3 gal diesel · Greased the boom',
    });
    const fuel = await call(t.app, owner.cookie, 'GET', '/api/fuel-usage/export');
    expect(fuel.json()).toEqual([
      expect.objectContaining({
        equipmentName: 'Excavator 1',
        operatorName: 'Applier Lopez',
        fuelType: 'diesel',
        fuelAdded: 12.3,
        notes: 'Greased the boom',
      }),
    ]);
    const list = await call(t.app, owner.cookie, 'GET', '/api/operator-updates');
    // Each listed update names its machine's unit (the dashboard shows it beside the reading).
    expect(list.json()[0]).toMatchObject({ status: 'applied', newUsage: 130.5, unit: 'hours' });
  });

  it('records a retried submission with the same key once', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Retrier');
    const eq1 = await addEquipment(owner.companyId, { fuelType: 'gasoline' });
    const body = { equipmentId: eq1.id, fuelAdded: 5, fuelType: 'gas' };
    const [a, b] = await Promise.all([
      submit(op.cookie, body, 'same-key'),
      submit(op.cookie, body, 'same-key'),
    ]);
    const c = await submit(op.cookie, body, 'same-key');
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(c.statusCode).toBe(200);
    expect(c.json().update.id).toBe(a.json().update.id);
    expect((await equipmentRow(eq1.id)).totalGasUsed).toBe(5);
    expect((await call(t.app, owner.cookie, 'GET', '/api/operator-updates')).json()).toHaveLength(
      1,
    );
  });

  it('records a plausible update in two statements once the sign-in is cached, with the values as stored', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Quick');
    const eq1 = await addEquipment(owner.companyId);
    expect((await submit(op.cookie, { equipmentId: eq1.id, newUsage: 101 })).statusCode).toBe(201);
    const before = t.database.queryCount.value;
    const res = await submit(
      op.cookie,
      { equipmentId: eq1.id, newUsage: 102.126, fuelAdded: 1.0004, fuelType: 'gas' },
      'quick-1',
    );
    expect(t.database.queryCount.value - before).toBe(2); // read the machine; one statement for everything else
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().update).toMatchObject({ newUsage: 102.13, fuelAdded: 1, status: 'applied' });
    expect(await equipmentRow(eq1.id)).toMatchObject({
      currentUsage: 102.13,
      totalGasUsed: 1,
      totalFuelUsed: 1,
    });
    const listed = (await call(t.app, owner.cookie, 'GET', '/api/operator-updates')).json<
      { id: string; newUsage: number }[]
    >();
    expect(listed[0]).toMatchObject({ id: res.json().update.id, newUsage: 102.13 });
    // Exactly the DTO's fields (no company id, idempotency key or reviewer; the machine's unit as it was
    // when sent), valid against its schema.
    for (const dto of [res.json().update, listed[0]]) {
      // (`criticality` is there only when the machine is critical, `overTank` only for a fill-up over
      // its tank: this one is neither.)
      expect(Object.keys(dto).sort()).toEqual(
        Object.keys(operatorUpdateDto.shape)
          .filter((k) => k !== 'criticality' && k !== 'overTank')
          .sort(),
      );
      expect(operatorUpdateDto.safeParse(dto).success).toBe(true);
    }
  });

  it('adds up 20 concurrent fuel updates on one machine exactly', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Concurrent');
    const eq1 = await addEquipment(owner.companyId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(
          op.cookie,
          { equipmentId: eq1.id, fuelAdded: 0.1, fuelType: i % 2 ? 'gas' : 'diesel' },
          `c-${i}`,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const row = await equipmentRow(eq1.id);
    expect(row.totalFuelUsed).toBe(2);
    expect(row.totalGasUsed).toBe(1);
    expect(row.totalDieselUsed).toBe(1);
  });

  it('refuses a meter rollback, empty and negative updates, and unknown or foreign equipment', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Validator');
    const eq1 = await addEquipment(owner.companyId);
    const back = await submit(op.cookie, { equipmentId: eq1.id, newUsage: 99 });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toMatch(/below the current usage of 100 hours/);
    expect((await submit(op.cookie, { equipmentId: eq1.id })).json().message).toBe(
      'Please enter a usage reading, fuel added or notes.',
    );
    expect(
      (await submit(op.cookie, { equipmentId: eq1.id, fuelAdded: 0, notes: '  ' })).statusCode,
    ).toBe(400);
    expect((await submit(op.cookie, { equipmentId: eq1.id, newUsage: -1 })).json().message).toBe(
      'Usage must be a number of 0 or more.',
    );
    expect((await submit(op.cookie, { equipmentId: eq1.id, fuelAdded: -2 })).json().message).toBe(
      'Fuel added must be a number of 0 or more.',
    );
    expect((await submit(op.cookie, { newUsage: 120 })).json().message).toBe(
      'Please select a piece of equipment first.',
    );
    const other = await setupTeam();
    const foreign = await addEquipment(other.companyId);
    expect((await submit(op.cookie, { equipmentId: foreign.id, newUsage: 120 })).statusCode).toBe(
      404,
    );
    expect((await equipmentRow(foreign.id)).currentUsage).toBe(100);
    expect((await equipmentRow(eq1.id)).currentUsage).toBe(100);
  });

  it('holds an implausible reading as pending; approval re-checks and applies it, rejection drops it', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Pender');
    // Last reading 2 days ago: at most 48 hours more are possible.
    const eq1 = await addEquipment(owner.companyId);
    const ok = await submit(op.cookie, { equipmentId: eq1.id, newUsage: 148 });
    expect(ok.json().status).toBe('applied');
    const held = await submit(op.cookie, {
      equipmentId: eq1.id,
      newUsage: 500,
      fuelAdded: 4,
      fuelType: 'diesel',
    });
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({ status: 'pending' });
    expect(held.json().message).toMatch(/review/);
    expect(await equipmentRow(eq1.id)).toMatchObject({ currentUsage: 148, totalFuelUsed: 0 });
    const list = (await call(t.app, owner.cookie, 'GET', '/api/operator-updates')).json();
    expect(list.map((u: { status: string }) => u.status)).toEqual(['pending', 'applied']);
    // Another company cannot approve it.
    const other = await setupTeam();
    expect(
      (await reviewUpdate(t.app, other.cookie, held.json().update.id, 'approve')).statusCode,
    ).toBe(404);
    const approved = await reviewUpdate(t.app, owner.cookie, held.json().update.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await equipmentRow(eq1.id)).toMatchObject({ currentUsage: 500, totalDieselUsed: 4 });
    expect(
      (await reviewUpdate(t.app, owner.cookie, held.json().update.id, 'approve')).statusCode,
    ).toBe(409);
    // Miles: 1,000 a day. A pending reading that is below the usage by the time it is approved is refused.
    const truck = await addEquipment(owner.companyId, {
      name: 'Truck',
      unit: 'miles',
      currentUsage: 1000,
      lastReadingAt: new Date(),
    });
    const far = await submit(op.cookie, { equipmentId: truck.id, newUsage: 2500 });
    expect(far.json().status).toBe('pending');
    expect((await submit(op.cookie, { equipmentId: truck.id, newUsage: 1900 })).json().status).toBe(
      'applied',
    );
    await t.deps.systemDb
      .update(equipment)
      .set({ currentUsage: 3000 })
      .where(eq(equipment.id, truck.id));
    const stale = await reviewUpdate(t.app, owner.cookie, far.json().update.id, 'approve');
    expect(stale.statusCode).toBe(400);
    const rejected = await reviewUpdate(t.app, owner.cookie, far.json().update.id, 'reject');
    expect(rejected.json().status).toBe('rejected');
    expect((await equipmentRow(truck.id)).currentUsage).toBe(3000);
  });

  it('answers the first page of the list in its order (?limit=), and refuses a bad limit', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Pager');
    // Three machines read two days ago: a plausible reading each (applied), then an implausible one
    // each (held): three pending, three applied.
    const machines = [];
    for (const name of ['A', 'B', 'C'])
      machines.push(await addEquipment(owner.companyId, { name }));
    for (const m of machines)
      expect((await submit(op.cookie, { equipmentId: m.id, newUsage: 110 })).json().status).toBe(
        'applied',
      );
    for (const m of machines)
      expect((await submit(op.cookie, { equipmentId: m.id, newUsage: 900 })).json().status).toBe(
        'pending',
      );
    const ids = async (url: string) => {
      const res = await call(t.app, owner.cookie, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string; status: string }[]>();
    };
    const all = await ids('/api/operator-updates');
    expect(all.map((u) => u.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'applied',
      'applied',
      'applied',
    ]);
    // Each page is the start of the full list: inside the pending ones, and across into the applied.
    for (const limit of [1, 3, 4, 6, 250])
      expect(await ids(`/api/operator-updates?limit=${limit}`)).toEqual(all.slice(0, limit));
    for (const [limit, message] of [
      ['0', 'limit must be at least 1'],
      ['251', 'limit must be at most 250'],
      ['2.5', 'limit must be a whole number'],
      ['many', 'limit must be a number'],
    ]) {
      const res = await call(t.app, owner.cookie, 'GET', `/api/operator-updates?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('the plausibility window grows with elapsed days', async () => {
    const owner = await setupTeam();
    const op = await signInOperator(owner, 'Clocky', true); // remembered: still signed in three days later
    const eq1 = await addEquipment(owner.companyId, {
      unit: 'kilometers',
      currentUsage: 0,
      lastReadingAt: new Date(),
    });
    t.clock.set(new Date(Date.now() + 3 * DAY));
    try {
      expect((await submit(op.cookie, { equipmentId: eq1.id, newUsage: 4700 })).json().status).toBe(
        'applied',
      );
      expect((await submit(op.cookie, { equipmentId: eq1.id, newUsage: 6400 })).json().status).toBe(
        'pending',
      );
    } finally {
      t.clock.reset();
    }
  });

  it('resets fuel totals for the company only', async () => {
    const owner = await setupTeam();
    const other = await setupTeam();
    const mine = await addEquipment(owner.companyId, {
      totalFuelUsed: 9,
      totalGasUsed: 4,
      totalDieselUsed: 5,
    });
    const theirs = await addEquipment(other.companyId, {
      totalFuelUsed: 9,
      totalGasUsed: 4,
      totalDieselUsed: 5,
    });
    expect(await statusOf(t.app, owner.cookie, 'POST', '/api/fuel/reset')).toBe(200);
    expect(await equipmentRow(mine.id)).toMatchObject({
      totalFuelUsed: 0,
      totalGasUsed: 0,
      totalDieselUsed: 0,
    });
    expect((await equipmentRow(theirs.id)).totalFuelUsed).toBe(9);
    expect(
      (await call(t.app, other.cookie, 'GET', '/api/equipment-history/export')).json(),
    ).toEqual([]);
  });
});
