/**
 * The typed record through the API (issue 24, docs/decisions/typed-record.md): each kind the manager's
 * calls write is read back with its kind, params, text (English, or Spanish per Accept-Language) and
 * actor; the history pages by seq; an edit cannot take the usage below the last service.
 */
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { HistoryPage, HistoryRecordDto } from '@domain/schemas/equipment';
import type { HistoryEntry as DashboardEntry } from '@domain/schemas/dashboard';
import type { HistoryRecord } from '@domain/schemas/operators';
import { equipmentNote } from '../../db/schema/index';
import { recordMany, type NewEntry } from './index';
import { call, createEquipmentViaApi, signupOwner, statusOf } from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const t = useTestApp();

it('writes each kind and reads it back with its params, text and actor; pages by seq', async () => {
  const owner = await signupOwner(t.app);
  const e = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
  const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  await ok(
    call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 230.2 }),
  );
  await ok(
    call(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/notes`, { content: 'Retired' }),
  );
  await ok(call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {}));
  await ok(call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, { serviceInterval: 300 }));
  await ok(
    call(t.app, owner.cookie, 'POST', `/api/equipment/${e.id}/retire`, { retirementNotes: 'Sold' }),
  );
  await ok(call(t.app, owner.cookie, 'POST', `/api/retired-equipment/${e.id}/restore`));

  const all = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history`);
  const list = all.json<HistoryRecordDto[]>();
  const byKind = (k: string) => list.find((h) => h.kind === k);
  expect(byKind('added')).toMatchObject({
    params: { usage: 100, unit: 'hours' },
    text: 'Added with usage 100 hours',
  });
  expect(byKind('reading')).toMatchObject({
    params: { source: 'manager', previousUsage: 100, usage: 330.2, unit: 'hours' },
    text: 'Usage increased by 230.2 hours to 330.2 hours',
  });
  // A note a person typed as "Retired" stays a note with their words.
  expect(byKind('note')).toMatchObject({ params: { text: 'Retired' }, text: 'Retired' });
  expect(byKind('service')).toMatchObject({ params: { usage: 330.2, unit: 'hours' } });
  expect(byKind('change')?.params).toMatchObject({
    changes: expect.arrayContaining([{ field: 'serviceInterval', from: 250, to: 300 }]),
  });
  expect(byKind('retired')).toMatchObject({ params: { remark: 'Sold' }, text: 'Retired · Sold' });
  expect(byKind('restored')).toBeTruthy();
  for (const h of list) {
    expect(h.actor.id).toBe(owner.user.id);
    expect(h.actor.name).toBeTruthy();
  }

  // Spanish per Accept-Language: never "Usage increased by".
  const es = await t.app.inject({
    method: 'GET',
    url: `/api/equipment/${e.id}/history`,
    headers: { cookie: owner.cookie, 'accept-language': 'es-MX,es;q=0.9' },
  });
  const esText = es.json<HistoryRecordDto[]>().find((h) => h.kind === 'reading')?.text;
  expect(esText).toBe('Uso aumentado en 230.2 horas hasta 330.2 horas');
  // `content` is written at the edge too (the stored column holds only a person's words).
  for (const h of es.json<HistoryRecordDto[]>()) expect(h.text).not.toMatch(/Usage increased by/);

  // Paged by seq, newest first, with a kind filter.
  const first = (
    await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history?limit=3`)
  ).json<HistoryPage>();
  expect(first.entries).toHaveLength(3);
  expect(first.nextCursor).not.toBeNull();
  const rest = (
    await call(
      t.app,
      owner.cookie,
      'GET',
      `/api/equipment/${e.id}/history?limit=100&cursor=${first.nextCursor}`,
    )
  ).json<HistoryPage>();
  expect(rest.nextCursor).toBeNull();
  expect([...first.entries, ...rest.entries].map((h) => h.id).sort()).toEqual(
    list.map((h) => h.id).sort(),
  );
  const notes = (
    await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history?kind=note`)
  ).json<HistoryPage>();
  expect(notes.entries.map((h) => h.kind)).toEqual(['note']);
});

it("stores no sentence: content holds only a person's words; every reader writes the entry in its language", async () => {
  const owner = await signupOwner(t.app);
  const e = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
  const put = (method: Parameters<typeof call>[2], url: string, body?: unknown) =>
    call(t.app, owner.cookie, method, url, body);
  await put('PATCH', `/api/equipment/${e.id}/usage`, { usageIncrease: 20 });
  await put('POST', `/api/equipment/${e.id}/notes`, { content: 'Retired' });
  await put('PATCH', `/api/equipment/${e.id}/reset-service`, {});
  await put('PATCH', `/api/equipment/${e.id}`, { serviceInterval: 300 });
  await put('POST', `/api/equipment/${e.id}/retire`, { retirementNotes: 'Sold' });
  await put('POST', `/api/retired-equipment/${e.id}/restore`);

  const stored = await t.deps.systemDb
    .select({ kind: equipmentNote.kind, content: equipmentNote.content })
    .from(equipmentNote)
    .where(eq(equipmentNote.equipmentId, e.id))
    .orderBy(asc(equipmentNote.seq));
  expect(stored).toEqual([
    { kind: 'added', content: '' },
    { kind: 'reading', content: '' },
    { kind: 'note', content: 'Retired' },
    { kind: 'service', content: '' },
    { kind: 'change', content: '' },
    { kind: 'retired', content: 'Sold' },
    { kind: 'restored', content: '' },
  ]);

  const es = async <T>(url: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: owner.cookie, 'accept-language': 'es' },
      })
    ).json<T>();
  const history = await es<HistoryRecordDto[]>(`/api/equipment/${e.id}/history`);
  const notes = await es<{ content: string }[]>(`/api/equipment/${e.id}/notes`);
  const card = await es<DashboardEntry[]>('/api/equipment-history?limit=20');
  const exported = await es<HistoryRecord[]>('/api/equipment-history/export');
  const contents = [history, notes, card, exported].map((rows) => rows.map((r) => r.content));
  for (const c of contents) {
    expect(c).toContain('Agregado con un uso de 100 horas');
    expect(c).toContain('Uso aumentado en 20 horas hasta 120 horas');
    expect(c).toContain('Retirado · Sold');
    expect(c).toContain('Restaurado al equipo activo');
    expect(c).toContain('Retired'); // the person's note, as typed
    expect(c.join('\n')).not.toMatch(/Added with|Usage increased|Serviced|Restored to/);
  }
  for (const h of [...history, ...card, ...exported]) expect(h.content).toBe(h.text);
  // In English, the same answers as before the sentences left the database.
  const en = (await put('GET', `/api/equipment/${e.id}/notes`)).json<{ content: string }[]>();
  expect(en.map((n) => n.content)).toContain('Added with usage 100 hours');
});

it('pages a machine with 5,000 entries: a bounded first page, and the cursor walks all of them once', async () => {
  const owner = await signupOwner(t.app);
  const e = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
  const actor = { companyId: owner.companyId, userId: owner.user.id, name: 'Pat' };
  const start = Date.parse('2026-01-01T00:00:00Z');
  const entries: NewEntry[] = Array.from({ length: 5_000 }, (_, i) => ({
    actor,
    equipmentId: e.id,
    at: new Date(start + i * 60_000),
    entry:
      i % 2
        ? { kind: 'note', params: { text: `Note ${i}` } }
        : {
            kind: 'reading',
            params: { source: 'manager', previousUsage: 100 + i, usage: 101 + i, unit: 'hours' },
          },
  }));
  // In statements of 1,000 rows (a statement holds at most 65,535 parameters).
  for (let i = 0; i < entries.length; i += 1_000)
    await recordMany(t.deps.systemDb, entries.slice(i, i + 1_000));

  const page = async (qs: string) => {
    const res = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, page: res.json<HistoryPage>() };
  };
  // The timeline's first page: 20 entries, the newest, in a small answer (not the 5,001 entries).
  const first = await page('limit=20');
  expect(first.page.entries).toHaveLength(20);
  expect(first.page.entries[0]?.text).toBe('Note 4999');
  expect(first.page.nextCursor).not.toBeNull();
  expect(first.body.length).toBeLessThan(40_000);
  // A page is at most 500 entries.
  expect(
    await statusOf(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}/history?limit=501`),
  ).toBe(400);

  // Walking the cursor: every entry exactly once, newest first, each page at most its limit.
  const seen: string[] = [];
  let cursor: number | null = null;
  let pages = 0;
  do {
    const { page: p } = await page(`limit=500${cursor ? `&cursor=${cursor}` : ''}`);
    expect(p.entries.length).toBeLessThanOrEqual(500);
    seen.push(...p.entries.map((h) => h.id));
    cursor = p.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 20);
  expect(pages).toBe(11);
  expect(seen).toHaveLength(5_001); // the 5,000 and the machine's "added"
  expect(new Set(seen).size).toBe(5_001);

  // By kind, through the same index: the 2,500 notes, once each.
  const notes: string[] = [];
  cursor = null;
  do {
    const { page: p } = await page(`limit=500&kind=note${cursor ? `&cursor=${cursor}` : ''}`);
    expect(p.entries.every((h) => h.kind === 'note')).toBe(true);
    notes.push(...p.entries.map((h) => h.id));
    cursor = p.nextCursor;
  } while (cursor !== null && notes.length <= 5_000);
  expect(new Set(notes).size).toBe(2_500);
});

it('refuses an edit that sets the usage below the usage at the last service', async () => {
  const owner = await signupOwner(t.app);
  const e = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 360 });
  await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}/reset-service`, {});
  const res = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${e.id}`, {
    currentUsage: 100,
  });
  expect(res.statusCode).toBe(400);
  expect(res.body).toMatch(/correct the service entry/);
});
