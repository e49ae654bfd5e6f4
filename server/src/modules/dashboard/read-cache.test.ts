import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { asCompany } from '../../db/scope';
import { equipment } from '../../db/schema/index';
import { readCacheOf } from '../../lib/read-cache';
import { useTestApp } from '../../test/helpers';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signInOperatorViaApi,
  signupOwner,
  type SignedIn,
} from '../../test/factories';

const t = useTestApp();
// A fixed hour: the cache key holds the hour, and a test must not straddle two.
beforeEach(() => t.clock.set(new Date('2026-11-26T10:15:00Z')));

const counts = () => ({ ...readCacheOf(t.database).counts });
/** How many of the calls since `before` were answered from the cache and computed. */
const since = (before: { hits: number; misses: number; shared: number }) => {
  const now = counts();
  return { hits: now.hits - before.hits, misses: now.misses - before.misses };
};
const get = (who: SignedIn | string, url: string, lang?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      cookie: typeof who === 'string' ? who : who.cookie,
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });

const OVERVIEW = '/api/dashboard/overview?limit=50';
const DASHBOARD_CALLS = [
  OVERVIEW,
  '/api/operator-updates',
  '/api/equipment-history?limit=50',
  '/api/dashboard/fuel-summary',
  '/api/equipment/page?limit=25',
];

describe('the read cache (the embedded database and PostgreSQL)', () => {
  it('answers a repeated dashboard call from the cache, the same bytes, while nothing is written', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Cached Loader' });
    for (const url of [...DASHBOARD_CALLS, `/api/equipment/${m.id}/page`]) {
      const first = await get(owner, url);
      expect(first.statusCode, first.body).toBe(200);
      const before = counts();
      const queries = t.database.queryCount.value;
      const second = await get(owner, url);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      // Both databases (PostgreSQL: the version its trigger keeps, read outside the counted queries).
      expect(since(before), url).toEqual({ hits: 1, misses: 0 });
      expect(t.database.queryCount.value - queries, url).toBe(0);
    }
  });

  it('streams the full list to each call (issue 43: no cache holds an export), the same answer to calls arriving together', async () => {
    const owner = await signupOwner(t.app);
    for (let i = 0; i < 3; i++) await createEquipmentViaApi(t.app, owner.cookie);
    const before = counts();
    const kept = readCacheOf(t.database).size;
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(owner, '/api/equipment')));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.headers['transfer-encoding']).toBe('chunked');
      expect(a.json()).toHaveLength(3);
      expect(a.body).toBe(answers[0]!.body);
    }
    // Read in batches by each call (equipment-export.ts), never answered from the read cache nor kept
    // in it. Only the ids' read may be shared by calls arriving together (counted as computed or
    // shared, equipment-export.ts exportIds): one read at most per call.
    const after = counts();
    expect(after.hits).toBe(before.hits);
    expect(after.misses + after.shared - before.misses - before.shared).toBeLessThanOrEqual(4);
    expect(readCacheOf(t.database).size).toBe(kept);
    // A call after them computes it again (nothing left running), and a write since is in it.
    await createEquipmentViaApi(t.app, owner.cookie);
    expect((await get(owner, '/api/equipment')).json()).toHaveLength(4);
  });

  it("a company's write (an operator's reading) is in the next answer", async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const op = await signInOperatorViaApi(t.app, owner);
    const usage = async () =>
      (await get(owner, OVERVIEW))
        .json<{ items: { id: string; currentUsage: number }[] }>()
        .items.find((i) => i.id === m.id)?.currentUsage;
    expect(await usage()).toBe(100);
    expect(await usage()).toBe(100);
    const posted = await call(t.app, op, 'POST', '/api/operator-updates', {
      equipmentId: m.id,
      newUsage: 120,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const before = counts();
    expect(await usage()).toBe(120);
    expect(since(before)).toEqual({ hits: 0, misses: 1 });
    // The list of updates shows the new reading too.
    const list = (await get(owner, '/api/operator-updates')).json<{ newUsage: number }[]>();
    expect(list[0]?.newUsage).toBe(120);
  });

  it("a write with no company (system scope) is in the next answer; another company's write keeps the answer", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const ma = await createEquipmentViaApi(t.app, a.cookie, { name: 'Alpha One' });
    const mb = await createEquipmentViaApi(t.app, b.cookie, { name: 'Bravo One' });
    const names = async () =>
      (await get(a, OVERVIEW)).json<{ items: { name: string }[] }>().items.map((i) => i.name);
    expect(await names()).toEqual(['Alpha One']);
    // Company B's write: A's answer is still current.
    expect(
      (await call(t.app, b.cookie, 'PATCH', `/api/equipment/${mb.id}`, { name: 'Bravo Two' }))
        .statusCode,
    ).toBe(200);
    let before = counts();
    expect(await names()).toEqual(['Alpha One']);
    expect(since(before)).toEqual({ hits: 1, misses: 0 });
    // A write outside any company's scope may touch any company: every answer is computed again.
    await t.deps.systemDb
      .update(equipment)
      .set({ name: 'Alpha Renamed' })
      .where(eq(equipment.id, ma.id));
    before = counts();
    expect(await names()).toEqual(['Alpha Renamed']);
    expect(since(before)).toEqual({ hits: 0, misses: 1 });
    // So is a write in the company's scope made outside a request (a job, say).
    await asCompany(a.companyId, () =>
      t.deps.db.update(equipment).set({ name: 'Alpha Job' }).where(eq(equipment.id, ma.id)),
    );
    expect(await names()).toEqual(['Alpha Job']);
  });

  it('keeps answers apart by who asks, their language and the hour', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Lang Loader' });
    expect(
      (
        await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
          usageIncrease: 5,
        })
      ).statusCode,
    ).toBe(200);
    const history = '/api/equipment-history?limit=50';
    const en = (await get(owner, history, 'en-US')).json<
      { text?: string; description?: string }[]
    >();
    const es = (await get(owner, history, 'es-ES')).json<
      { text?: string; description?: string }[]
    >();
    expect(JSON.stringify(es)).not.toBe(JSON.stringify(en));
    // Each language is kept on its own: asked again, each answers as before.
    expect((await get(owner, history, 'es-ES')).json()).toEqual(es);
    expect((await get(owner, history, 'en-US')).json()).toEqual(en);

    // Another manager of the company gets an answer of their own (computed for them).
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId, {
      now: t.deps.now(),
    });
    let before = counts();
    expect((await get(manager.cookie, OVERVIEW)).statusCode).toBe(200);
    expect(since(before)).toEqual({ hits: 0, misses: 1 });

    // The next hour computes every answer again (status and forecasts are of a day; a forecast's
    // readings window moves with the time).
    await get(owner, OVERVIEW);
    t.clock.set(new Date('2026-11-26T11:05:00Z'));
    before = counts();
    expect((await get(owner, OVERVIEW)).statusCode).toBe(200);
    expect(since(before)).toEqual({ hits: 0, misses: 1 });
  });

  it('changes the data version on writes only, and not for the job queue’s own tables', async () => {
    const version = t.database.dataVersion;
    if (!version) return expect(t.database.kind).toBe('postgres');
    const owner = await signupOwner(t.app);
    const v0 = version(owner.companyId);
    await asCompany(owner.companyId, () => t.deps.db.select().from(equipment));
    expect(version(owner.companyId)).toBe(v0);
    await t.database.ownerSql('create table if not exists lib_own (x int)', [], {
      libraryTables: true,
    });
    await t.database.ownerSql('insert into lib_own values ($1)', [1], { libraryTables: true });
    expect(version(owner.companyId)).toBe(v0);
    await t.database.ownerSql('select count(*) from company');
    expect(version(owner.companyId)).toBe(v0);
    await t.database.ownerSql('update company set name = name where id = $1', [owner.companyId]);
    const v1 = version(owner.companyId);
    expect(v1).not.toBe(v0);
    // A failed write counts too (it may have been part-way): never an answer computed before it.
    await expect(
      asCompany(owner.companyId, () => t.deps.db.insert(equipment).values({} as never)),
    ).rejects.toThrow();
    expect(version(owner.companyId)).not.toBe(v1);
  });
});
