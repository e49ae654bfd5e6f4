/**
 * Expiry makes a renewal (issue 42), on PGlite and (TEST_DB=postgres) PostgreSQL: a document with an
 * expiry date creates or moves the machine's renewal task, due on that date, which Due soon and the
 * calendar feed show like any task; a newer document with a later expiry completes the renewal.
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { DocumentDto } from '@domain/schemas/documents';
import type { DueList } from '@domain/schemas/maintenance';
import type { TaskDto } from '@domain/schemas/schedule';
import { user } from '../../db/schema/index';
import { useTestApp } from '../../test/helpers';
import { multipartBody, pdfBytes } from '../../test/multipart';
import {
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';

const t = useTestApp();

const at = (day: string) => t.clock.set(new Date(`${day}T15:00:00Z`));

async function upload(
  o: SignedIn,
  equipmentId: string,
  fields: Record<string, string>,
  lang?: string,
): Promise<DocumentDto> {
  const { payload, headers } = multipartBody(fields, { name: 'doc.pdf', bytes: pdfBytes(2000) });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/equipment/${equipmentId}/documents`,
    payload,
    headers: { ...headers, cookie: o.cookie, ...(lang ? { 'accept-language': lang } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DocumentDto>();
}
const renewals = async (o: SignedIn, id: string) =>
  (await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/tasks`))
    .json<TaskDto[]>()
    .filter((x) => x.category === 'renewal');
const dueRenewals = async (o: SignedIn) =>
  (await call(t.app, o.cookie, 'GET', '/api/maintenance/due?within=7&category=renewal'))
    .json<DueList>()
    .tasks.map((x) => `${x.machine.name} · ${x.task.name} ${x.dueAt.date}`);

describe('expiry makes a renewal', () => {
  it('creates the renewal task on the expiry, shown by Due soon and the calendar, and a newer document completes it', async () => {
    at('2027-01-10');
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Dump truck' });
    const first = await upload(o, m.id, {
      title: 'Insurance 2026',
      category: 'insurance',
      expiresOn: '2027-02-01',
    });
    const [task, ...none] = await renewals(o, m.id);
    expect(none).toEqual([]);
    expect(task).toMatchObject({
      name: 'Insurance',
      category: 'renewal',
      next: { date: '2027-02-01' },
      lastDone: { date: '2027-01-10' },
    });
    // Within the renewals' own 30-day window, though the list asks for 7 days.
    expect(await dueRenewals(o)).toEqual(['Dump truck · Insurance 2027-02-01']);
    const { url } = (await call(t.app, o.cookie, 'GET', '/api/company/calendar')).json<{
      url: string;
    }>();
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((v) => {
        const e = new ICAL.Event(v);
        return `${e.startDate.toString()} ${e.summary}`;
      });
    expect(events).toContain('2027-02-01 Dump truck · Insurance');

    // A week later the new policy arrives: the renewal is done today, next due on the new expiry.
    at('2027-01-17');
    o.cookie = await signInAgain(t.app, o);
    await upload(o, m.id, {
      title: 'Insurance 2027',
      category: 'insurance',
      expiresOn: '2028-02-01',
      replaces: first.id,
    });
    const [renewed, ...still] = await renewals(o, m.id);
    expect(still).toEqual([]);
    expect(renewed).toMatchObject({
      id: task!.id,
      next: { date: '2028-02-01' },
      lastDone: { date: '2027-01-17' },
      status: 'good',
    });
    expect(await dueRenewals(o)).toEqual([]);
    const hist = await call(t.app, o.cookie, 'GET', `/api/equipment/${m.id}/history?limit=20`);
    expect(hist.json<{ entries: { kind: string }[] }>().entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['task_added', 'task_changed', 'document_replaced']),
    );
  });

  it("moves the machine's own renewal task of that name; a correction moves it without completing it", async () => {
    at('2027-01-10');
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const own = await call(t.app, o.cookie, 'POST', `/api/equipment/${m.id}/tasks`, {
      name: 'Matrícula',
      category: 'renewal',
      everyTime: { count: 1, unit: 'years' },
      lastDone: { date: '2026-03-01' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const doc = await upload(o, m.id, {
      title: 'Tarjeta de circulación',
      category: 'registration',
      expiresOn: '2027-06-30',
    });
    const [moved, ...none] = await renewals(o, m.id);
    expect(none).toEqual([]);
    expect(moved).toMatchObject({
      id: own.json<TaskDto>().id,
      next: { date: '2027-06-30' },
      lastDone: { date: '2027-01-10' },
    });
    // The expiry was mistyped: corrected earlier, the task follows and is not done again.
    at('2027-01-12');
    o.cookie = await signInAgain(t.app, o);
    const patched = await call(t.app, o.cookie, 'PATCH', `/api/documents/${doc.id}`, {
      expiresOn: '2027-05-31',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await renewals(o, m.id))[0]).toMatchObject({
      next: { date: '2027-05-31' },
      lastDone: { date: '2027-01-10' },
    });
    // A manual with an expiry, or a document without one, makes no renewal.
    await upload(o, m.id, { title: 'Manual', category: 'manual', expiresOn: '2027-02-01' });
    await upload(o, m.id, { title: 'Insurance', category: 'insurance' });
    expect(await renewals(o, m.id)).toHaveLength(1);
  });

  it('names a new renewal task in the language of the request that uploaded or changed the document', async () => {
    at('2027-01-10');
    // The stored language does not decide: an English profile uploading from a Spanish screen.
    const o = await signupOwner(t.app);
    await t.deps.systemDb.update(user).set({ language: 'en' }).where(eq(user.id, o.user.id));
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Volquete' });
    const es = 'es-MX,es;q=0.9';
    await upload(
      o,
      m.id,
      { title: 'Póliza 2027', category: 'insurance', expiresOn: '2027-02-01' },
      es,
    );
    await upload(
      o,
      m.id,
      { title: 'Matrícula', category: 'registration', expiresOn: '2027-03-01' },
      es,
    );
    expect((await renewals(o, m.id)).map((r) => r.name).sort()).toEqual(['Matrícula', 'Seguro']);
    // A later upload (an English screen) finds the Spanish task by its name and moves it: still one of each.
    await upload(o, m.id, { title: 'Póliza 2028', category: 'insurance', expiresOn: '2028-02-01' });
    expect(await renewals(o, m.id)).toHaveLength(2);
    // A change that makes a document renew names the new task in the change's language.
    const cert = await upload(o, m.id, { title: 'ITV', category: 'other' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/documents/${cert.id}`,
      payload: { category: 'certificate', expiresOn: '2027-06-01' },
      headers: { cookie: o.cookie, 'accept-language': 'es' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await renewals(o, m.id)).map((r) => r.name).sort()).toEqual([
      'Certificado de inspección',
      'Matrícula',
      'Seguro',
    ]);
  });

  it('names it in English without a Spanish request, whatever the stored language', async () => {
    at('2027-01-10');
    const o = await signupOwner(t.app);
    await t.deps.systemDb.update(user).set({ language: 'es' }).where(eq(user.id, o.user.id));
    const m = await createEquipmentViaApi(t.app, o.cookie, { name: 'Dump truck' });
    await upload(
      o,
      m.id,
      { title: 'Policy', category: 'insurance', expiresOn: '2027-02-01' },
      'en-US',
    );
    await upload(o, m.id, { title: 'Plate', category: 'registration', expiresOn: '2027-02-01' });
    expect((await renewals(o, m.id)).map((r) => r.name).sort()).toEqual([
      'Insurance',
      'Registration',
    ]);
  });
});
