import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKeyDto } from '@domain/schemas/integrations';
import { equipment, equipmentNote, operatorUpdate, workOrder } from '../../db/schema/index';
import { call, createEquipmentViaApi, signupOwner, type SignedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * Issue 41, strict request bodies: on every route a key can reach, an unknown field (at any depth) is
 * 400 `common.unknownField` naming it, whoever sends it, and nothing is written; the document says
 * `additionalProperties: false` on every object of those bodies (plugins/api-keys.ts strictBodyOf).
 */
let t: TestApp;
let owner: SignedIn;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT: '100000' });
  owner = await signupOwner(t.app);
  const res = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
    name: 'GPS sync',
    scopes: ['write'],
  });
  token = res.json<CreatedApiKeyDto>().token;
});
afterAll(async () => {
  await t?.close();
});

const withKey = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

type ErrorBody = {
  key: string;
  message: string;
  params?: { field?: string };
  fieldErrors?: object;
};

function expectUnknown(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as ErrorBody;
  expect(body.key).toBe('common.unknownField');
  expect(body.message).toBe(`Unknown field: ${field}`);
  expect(body.params).toEqual({ field });
  expect(body.fieldErrors).toMatchObject({ [field]: `Unknown field: ${field}` });
}

async function machineState(id: string) {
  const db = t.deps.systemDb;
  const [m] = await db.select().from(equipment).where(eq(equipment.id, id));
  const [u] = await db
    .select({ n: count() })
    .from(operatorUpdate)
    .where(eq(operatorUpdate.equipmentId, id));
  const [n] = await db
    .select({ n: count() })
    .from(equipmentNote)
    .where(eq(equipmentNote.equipmentId, id));
  return { usage: m?.currentUsage, updates: u?.n, notes: n?.n };
}

const countOf = async (table: typeof equipment | typeof workOrder) =>
  (await t.deps.systemDb.select({ n: count() }).from(table))[0]?.n;

describe('an unknown field in a public API body', () => {
  it('a reading with a misspelt field is refused, naming it, and nothing is written', async () => {
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const before = await machineState(m.id);
    const at = new Date().toISOString();
    const res = await withKey('POST', '/api/readings/batch', {
      readings: [
        { equipmentId: m.id, usage: 105, at },
        { equipmentId: m.id, usage: 110, odometr: 110, at },
      ],
    });
    expectUnknown(res, 'readings.1.odometr');
    expect(await machineState(m.id)).toEqual(before);
    // Spelt right, the same batch is applied (the refusal was the field, nothing else).
    const ok = await withKey('POST', '/api/readings/batch', {
      readings: [
        { equipmentId: m.id, usage: 105, at },
        { equipmentId: m.id, usage: 110, at },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect((await machineState(m.id)).usage).toBe(110);
  });

  it('an unknown field at the top of the batch is named too, before the missing one it replaced', async () => {
    const res = await withKey('POST', '/api/readings/batch', { readngs: [] });
    expectUnknown(res, 'readngs');
  });

  it('equipment: a create with an unknown field is refused, from a key and from the app, and no machine is added', async () => {
    const before = await countOf(equipment);
    const machine = {
      name: 'Loader 9',
      type: 'machinery',
      unit: 'hours',
      currentUsage: 10,
      colour: 'yellow',
    };
    expectUnknown(await withKey('POST', '/api/equipment', machine), 'colour');
    expectUnknown(await call(t.app, owner.cookie, 'POST', '/api/equipment', machine), 'colour');
    expect(await countOf(equipment)).toBe(before);
    // An edit too, and the machine is unchanged.
    const m = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Loader 10' });
    const edit = await withKey('PATCH', `/api/equipment/${m.id}`, {
      name: 'Loader 11',
      servceInterval: 100,
    });
    expectUnknown(edit, 'servceInterval');
    const [row] = await t.deps.systemDb.select().from(equipment).where(eq(equipment.id, m.id));
    expect(row?.name).toBe('Loader 10');
  });

  it('a work order with an unknown field (or one in a task line) is refused and none is created', async () => {
    const m = await createEquipmentViaApi(t.app, owner.cookie);
    const before = await countOf(workOrder);
    const order = { equipmentId: m.id, title: 'Hydraulic leak', kind: 'repair', priority: 'high' };
    expectUnknown(
      await withKey('POST', '/api/work-orders', { ...order, assignee: 'Sam' }),
      'assignee',
    );
    expectUnknown(
      await withKey('POST', '/api/work-orders', {
        ...order,
        tasks: [{ label: 'Find the leak', dne: true }],
      }),
      'tasks.0.dne',
    );
    expect(await countOf(workOrder)).toBe(before);
    const ok = await withKey('POST', '/api/work-orders', order);
    expect(ok.statusCode).toBe(201);
    expect(await countOf(workOrder)).toBe(Number(before) + 1);
  });

  it('routes a key cannot reach keep reading their bodies as before (sign-in)', async () => {
    const res = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: 'wrong-password-1',
      extra: true,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().key).not.toBe('common.unknownField');
  });
});

type Json = Record<string, unknown>;
describe('the document', () => {
  it('says additionalProperties: false on every object of every body a key may send', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Json>>;
      components: { schemas: Record<string, Json> };
    }>();
    const open: string[] = [];
    let objects = 0;
    const walk = (s: unknown, where: string, seen: Set<string>): void => {
      if (Array.isArray(s)) return s.forEach((x) => walk(x, where, seen));
      if (!s || typeof s !== 'object') return;
      const o = s as Json;
      if (typeof o.$ref === 'string') {
        const name = o.$ref.split('/').pop()!;
        if (seen.has(name)) return;
        seen.add(name);
        return walk(doc.components.schemas[name], `${where} -> ${name}`, seen);
      }
      if (o.type === 'object' && o.properties) {
        objects++;
        if (o.additionalProperties !== false) open.push(where);
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${where}.${k}`, seen);
    };
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const body = (op.requestBody as { content?: Record<string, { schema: unknown }> })
          ?.content?.['application/json']?.schema;
        if (!op['x-api-key-scope'] || !body) continue;
        bodies++;
        walk(body, `${method} ${path}`, new Set());
      }
    expect(open).toEqual([]);
    expect(bodies).toBeGreaterThanOrEqual(20);
    expect(objects).toBeGreaterThan(bodies);
    // The batch's reading is still the named component, as strict as the route.
    expect(doc.components.schemas.Reading?.additionalProperties).toBe(false);
  });
});
