/**
 * The typed record through the API (issue 24, docs/decisions/typed-record.md): each kind the manager's
 * calls write is read back with its kind, params, text (English, or Spanish per Accept-Language) and
 * actor; the history pages by seq; an edit cannot take the usage below the last service.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HistoryPage, HistoryRecordDto } from '../../../../domain/schemas/equipment';
import { call, createEquipmentViaApi, signupOwner } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

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
  // (`content` is the stored legacy column: a person's words, else the English sentence; screens show `text`.)
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
