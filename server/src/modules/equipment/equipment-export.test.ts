import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentDtoSchema, type EquipmentDto } from '@domain/schemas/equipment';
import { sendJsonArray } from '../../lib/json-stream';
import { createTestApp, type TestApp } from '../../test/helpers';
import {
  call,
  createEquipmentViaApi,
  type SignedIn,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { EXPORT_BATCH, EXPORT_FIRST_BATCH, equipmentBatches } from './equipment-export';

/**
 * The full equipment list (GET /api/equipment, what every equipment export downloads) is streamed,
 * batch by batch (issue 43, "Speed"): the same bytes as the machines' own answers, chunked, read
 * in a small first batch (EXPORT_FIRST_BATCH: the wait for the first bytes) then batches of
 * EXPORT_BATCH, and its first bytes leave before its last batch is read.
 */
let t: TestApp;
let base: string;
/** Opened by the test: the gated export's second batch waits for it. */
let openGate: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const pulled: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      routes: (app, deps) => {
        // An export whose second batch is read only when the test says so, each batch counting the
        // machines the request's company sees (its database scope, also when the socket asks for more).
        app.get(
          '/api/test/gated-export',
          { config: { access: 'authenticated' } },
          async (_req, reply) => {
            async function* batches() {
              for (const label of ['first', 'second']) {
                if (label === 'second') await gate;
                const r = await deps.db.execute(sql`select count(*)::int as n from equipment`);
                const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as {
                  n: number;
                }[];
                pulled.push(label);
                yield [{ label, machines: Number(rows[0]!.n), pad: 'x'.repeat(100) }];
              }
            }
            return sendJsonArray(reply, batches(), (x) => JSON.stringify(x));
          },
        );
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** `count` machines inserted in one statement ("Bulk 0001"...), every fifth on a calendar schedule. */
async function bulkMachines(owner: SignedIn, count: number) {
  await t.database.ownerSql(
    `insert into equipment (company_id, name, type, unit, current_usage, service_interval, last_service_usage,
       has_scheduled_maintenance, next_maintenance_date, maintenance_interval)
     select $1, 'Bulk ' || lpad(g::text, 4, '0'), (array['vehicle','machinery'])[1 + g % 2], 'hours', 100 + g, 250, 0,
       g % 5 = 0, case when g % 5 = 0 then current_date + 10 else null end, case when g % 5 = 0 then 3 else null end
     from generate_series(1, $2::int) g`,
    [owner.companyId, count],
  );
}

describe('GET /api/equipment, streamed', () => {
  it("answers a small company's list with the same bytes as its machines' own answers, chunked", async () => {
    const o = await signupOwner(t.app);
    const made = [
      await createEquipmentViaApi(t.app, o.cookie, { name: 'Bravo Truck', type: 'vehicle' }),
      await createEquipmentViaApi(t.app, o.cookie, {
        name: 'alpha Loader',
        serialNumber: 'Quote " and, comma\nline',
      }),
      await createEquipmentViaApi(t.app, o.cookie, {
        name: 'Charlie Mower',
        type: 'tools',
        hasScheduledMaintenance: true,
        maintenanceInterval: 3,
        maintenanceIntervalUnit: 'months',
        maintenanceStartDate: '2026-01-15',
      }),
    ];
    // Readings for a forecast, and a retired machine (not in the list).
    for (const usage of [1, 2, 3])
      expect(
        await statusOf(t.app, o.cookie, 'PATCH', `/api/equipment/${made[1]!.id}/usage`, {
          usageIncrease: usage * 4,
        }),
      ).toBe(200);
    const gone = await createEquipmentViaApi(t.app, o.cookie, { name: 'Delta Retired' });
    expect(
      await statusOf(t.app, o.cookie, 'POST', `/api/equipment/${gone.id}/retire`, {
        retirementNotes: 'sold',
      }),
    ).toBe(200);

    const res = await call(t.app, o.cookie, 'GET', '/api/equipment');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    const inOrder = ['alpha Loader', 'Bravo Truck', 'Charlie Mower'];
    const singles: string[] = [];
    for (const name of inOrder) {
      const id = made.find((m) => m.name === name)!.id;
      const one = await call(t.app, o.cookie, 'GET', `/api/equipment/${id}`);
      expect(one.statusCode).toBe(200);
      singles.push(one.body);
    }
    // Byte for byte what the route's serializer wrote for the whole array before it streamed.
    expect(res.body).toBe(`[${singles.join(',')}]`);
    const list = equipmentDtoSchema.array().parse(res.json());
    expect(list.map((e) => e.name)).toEqual(inOrder);
    expect(list[0]!.forecast).not.toBeNull();
    // The listing filter applies as before (a type), and an empty list is still a JSON array.
    const vehicles = await call(t.app, o.cookie, 'GET', '/api/equipment?type=vehicle');
    expect(vehicles.body).toBe(`[${singles[1]}]`);
    const none = await call(t.app, o.cookie, 'GET', '/api/equipment?type=other');
    expect(none.body).toBe('[]');
    expect(await statusOf(t.app, null, 'GET', '/api/equipment')).toBe(401);
  });

  it('reads a large company in a first batch of EXPORT_FIRST_BATCH then batches of EXPORT_BATCH, each read only when the stream asks for it', async () => {
    const o = await signupOwner(t.app);
    const count = EXPORT_BATCH * 2 + 17;
    await bulkMachines(o, count);
    const before = t.database.queryCount.value;
    const res = await call(t.app, o.cookie, 'GET', '/api/equipment');
    const queries = t.database.queryCount.value - before;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const list = res.json<EquipmentDto[]>();
    expect(list).toHaveLength(count);
    expect(list.map((e) => e.name)).toEqual(
      Array.from({ length: count }, (_, i) => `Bulk ${String(i + 1).padStart(4, '0')}`),
    );
    expect(new Set(list.map((e) => e.id)).size).toBe(count);
    // The first batch's ids, then every id once, and per batch its records, its tasks and its
    // forecasts' two reads (plus at most the request's own session and scope statements).
    const batches = 1 + Math.ceil((count - EXPORT_FIRST_BATCH) / EXPORT_BATCH);
    expect(queries).toBeGreaterThanOrEqual(2 + 4 * batches);
    expect(queries).toBeLessThanOrEqual(2 + 4 * batches + 3);

    // The batches themselves: nothing of the second is read before the first is taken.
    const ctx = { companyId: o.companyId, company: { timeZone: 'UTC' } } as Parameters<
      typeof equipmentBatches
    >[1];
    const { asCompany } = await import('../../db/scope');
    await asCompany(o.companyId, async () => {
      const it = equipmentBatches(t.deps, ctx, {});
      const start = t.database.queryCount.value;
      const first = await it.next();
      expect(first.done).toBe(false);
      expect(first.value).toHaveLength(EXPORT_FIRST_BATCH);
      expect(t.database.queryCount.value - start).toBe(1 + 4);
      const second = await it.next();
      expect(second.value).toHaveLength(EXPORT_BATCH);
      expect(t.database.queryCount.value - start).toBe(1 + 4 + 1 + 4);
      await it.return(undefined);
    });
  });

  it('neither repeats nor skips a machine renamed between the first batch and the rest', async () => {
    const o = await signupOwner(t.app);
    const count = EXPORT_FIRST_BATCH + 10;
    await bulkMachines(o, count);
    const ctx = { companyId: o.companyId, company: { timeZone: 'UTC' } } as Parameters<
      typeof equipmentBatches
    >[1];
    const { asCompany } = await import('../../db/scope');
    const names: string[] = [];
    await asCompany(o.companyId, async () => {
      const it = equipmentBatches(t.deps, ctx, {});
      const first = await it.next();
      names.push(...(first.value as EquipmentDto[]).map((e) => e.name));
      expect(names).toHaveLength(EXPORT_FIRST_BATCH);
      // Sent first, now sorted last; and one not yet sent, now sorted first.
      await t.database.ownerSql(
        `update equipment set name = case name when 'Bulk 0001' then 'Zulu 0001' else 'Alpha ${count}' end
         where company_id = $1 and name in ('Bulk 0001', $2)`,
        [o.companyId, `Bulk ${String(count).padStart(4, '0')}`],
      );
      for (let step = await it.next(); !step.done; step = await it.next())
        names.push(...step.value.map((e) => e.name));
    });
    expect(names).toHaveLength(count);
    expect(names.filter((n) => n === 'Zulu 0001')).toHaveLength(0);
    expect(names).toContain('Bulk 0001');
    expect(names.filter((n) => n === `Alpha ${count}`)).toHaveLength(1);
    expect(names[EXPORT_FIRST_BATCH]).toBe(`Alpha ${count}`);
  });

  it('shares the ids read between downloads asking at the same data version (both databases)', async () => {
    const o = await signupOwner(t.app);
    await bulkMachines(o, 30);
    const ctx = { companyId: o.companyId, company: { timeZone: 'UTC' } } as Parameters<
      typeof equipmentBatches
    >[1];
    const { asCompany } = await import('../../db/scope');
    const { readCacheOf } = await import('../../lib/read-cache');
    const cache = readCacheOf(t.database);
    const { misses, shared } = cache.counts;
    // On PostgreSQL each download reads the version on a connection of its own: the first one's ids
    // are held (the table locked by another connection) until the second has asked, or on a busy
    // machine the first read could end before the second asks, and nothing would be there to share.
    const lock = t.databaseUrl ? new pg.Client({ connectionString: t.databaseUrl }) : null;
    await lock?.connect();
    await lock?.query('begin; lock table equipment in access exclusive mode');
    try {
      await asCompany(o.companyId, async () => {
        const a = equipmentBatches(t.deps, ctx, {});
        const b = equipmentBatches(t.deps, ctx, {});
        const firsts = Promise.all([a.next(), b.next()]);
        await expect
          .poll(() => cache.counts.misses - misses + cache.counts.shared - shared)
          .toBe(2);
        await lock?.query('commit');
        const [fa, fb] = await firsts;
        expect(fa.value).toEqual(fb.value);
        expect(fa.value).toHaveLength(EXPORT_FIRST_BATCH);
        await Promise.all([a.return(undefined), b.return(undefined)]);
      });
    } finally {
      await lock?.end();
    }
    // Both databases (PostgreSQL: the version its trigger keeps): the second shares the first's read.
    expect(cache.counts.shared - shared).toBe(1);
  });

  it('sends its first bytes before the last batch is read, in the request company scope (a real socket)', async () => {
    const o = await signupOwner(t.app);
    await bulkMachines(o, 3);
    gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    pulled.length = 0;
    const res = await fetch(`${base}/api/test/gated-export`, {
      headers: { cookie: o.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('"first"')) {
      const chunk = await reader.read();
      expect(chunk.done).toBe(false);
      text += decoder.decode(chunk.value, { stream: true });
    }
    // The first batch is on the client; the second has not been read.
    expect(pulled).toEqual(['first']);
    openGate();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(pulled).toEqual(['first', 'second']);
    // Both batches saw the company's 3 machines: the second, pulled by the socket, kept the scope.
    expect(JSON.parse(text)).toEqual([
      { label: 'first', machines: 3, pad: 'x'.repeat(100) },
      { label: 'second', machines: 3, pad: 'x'.repeat(100) },
    ]);
  });
});
