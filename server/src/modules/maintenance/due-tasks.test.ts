import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarFeed, DueList } from '@domain/schemas/maintenance';
import type { TaskDto } from '@domain/schemas/schedule';
import { cycleKeyOf, taskEventUid } from '@domain/task-cycle';
import {
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/**
 * Due soon and the calendar feed per service task (issue 40): several tasks on one machine, the
 * category filter, the renewals' own window, and the feed's event UID per task and cycle.
 */
const START = new Date('2026-03-01T15:00:00Z'); // today is 2026-03-01 (UTC company)
const t = useTestApp({}, { start: START });

type Fleet = SignedIn & { machineId: string; tasks: Record<string, TaskDto> };

/** Excavator 3 at 1,000 h: its primary Service (250 h, last at 740: 104 %) and five more tasks. */
async function excavator(): Promise<Fleet> {
  const o = await signupOwner(t.app);
  const m = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Excavator 3',
    unit: 'hours',
    currentUsage: 1000,
    serviceInterval: 250,
    lastServiceUsage: 740,
  });
  const add = async (body: Record<string, unknown>) => {
    const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${m.id}/tasks`, body);
    expect(res.statusCode, res.body).toBe(201);
  };
  // 90 %, no usage rate yet (no readings): approaching, no forecast date: not listed.
  await add({ name: 'Hydraulic filter', everyUsage: 1000, lastDone: { usage: 100 } });
  // 120 %: overdue.
  await add({ name: 'Fuel filters', everyUsage: 500, lastDone: { usage: 400 } });
  // Due 2026-03-10: in 9 days.
  await add({
    name: 'Annual inspection',
    category: 'inspection',
    everyTime: { count: 12, unit: 'months' },
    lastDone: { date: '2025-03-10' },
  });
  // Due 2026-03-25: in 24 days, inside the renewals' 30-day window whatever the page's window.
  await add({
    name: 'Registration',
    category: 'renewal',
    everyTime: { count: 1, unit: 'years' },
    lastDone: { date: '2025-03-25' },
  });
  // Due 2026-04-20: 50 days, outside every window.
  await add({
    name: 'Insurance',
    category: 'renewal',
    everyTime: { count: 1, unit: 'years' },
    lastDone: { date: '2025-04-20' },
  });
  const list = (await call(t.app, o.cookie, 'GET', `/api/equipment/${m.id}/tasks`)).json<
    TaskDto[]
  >();
  return { ...o, machineId: m.id, tasks: Object.fromEntries(list.map((x) => [x.name, x])) };
}

const due = async (o: SignedIn, query: string) => {
  const res = await call(t.app, o.cookie, 'GET', `/api/maintenance/due?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // Sent as kept JSON text (maintenance.service.ts dueListText), still typed as JSON.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<DueList>();
};
const taskNames = (l: DueList) => l.tasks.map((i) => i.task.name);

describe('Due soon per task', () => {
  it('lists one row per task due in the window, overdue first; renewals by their own window; filters by category', async () => {
    const o = await excavator();
    const week = await due(o, 'within=7');
    expect(taskNames(week)).toEqual(['Fuel filters', 'Service', 'Registration']);
    expect(week.renewalsWithin).toBe(30);
    const fuel = week.tasks[0]!;
    expect(fuel).toMatchObject({
      machine: { id: o.machineId, name: 'Excavator 3', unit: 'hours', currentUsage: 1000 },
      task: { id: o.tasks['Fuel filters']!.id, category: 'service', primary: false },
      dueAt: { usage: 900, date: null },
      basis: 'usage',
      status: 'overdue',
      overdueUsage: 100,
      forecastDate: '2026-03-01',
      daysLeft: 0,
    });
    expect(week.tasks[1]).toMatchObject({
      task: { name: 'Service', primary: true },
      status: 'time_for_service',
      dueAt: { usage: 990 },
      overdueUsage: 10,
    });
    expect(week.tasks[2]).toMatchObject({
      task: { category: 'renewal' },
      dueAt: { usage: null, date: '2026-03-25' },
      basis: 'calendar',
      status: 'good',
      daysLeft: 24,
    });

    // Two weeks: the inspection due in 9 days joins, in date order.
    expect(taskNames(await due(o, 'within=14'))).toEqual([
      'Fuel filters',
      'Service',
      'Annual inspection',
      'Registration',
    ]);
    expect(taskNames(await due(o, 'within=30&category=renewal'))).toEqual(['Registration']);
    expect(taskNames(await due(o, 'within=14&category=inspection'))).toEqual(['Annual inspection']);
    expect(taskNames(await due(o, 'within=7&category=service'))).toEqual([
      'Fuel filters',
      'Service',
    ]);
    // A browser accepts gzip: the same answer, gzipped (kept with it), and caches say it varies.
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/maintenance/due?within=7',
      headers: { cookie: o.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(week);
    const bad = await call(t.app, o.cookie, 'GET', '/api/maintenance/due?category=oil');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { category: expect.any(String) } });

    // The fuel filters done today: the machine's row moves to the next task.
    const done = await call(
      t.app,
      o.cookie,
      'PATCH',
      `/api/equipment/${o.machineId}/tasks/${o.tasks['Fuel filters']!.id}`,
      { lastDone: { usage: 1000, date: '2026-03-01' } },
    );
    expect(done.statusCode, done.body).toBe(200);
    // The same question as before the write, in the same minute: the kept answer is not served.
    expect(taskNames(await due(o, 'within=7'))).toEqual(['Service', 'Registration']);
  });
});

describe('the calendar feed per task', () => {
  it('has one event per task with a date, the same UID on every fetch and a new one once the task is done', async () => {
    const o = await excavator();
    const { url } = (
      await call(t.app, o.cookie, 'GET', '/api/company/calendar')
    ).json<CalendarFeed>();
    const feed = async () => {
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(res.statusCode).toBe(200);
      const vcal = new ICAL.Component(ICAL.parse(res.body));
      return new Map(
        vcal.getAllSubcomponents('vevent').map((v) => {
          const e = new ICAL.Event(v);
          return [e.summary, { uid: e.uid, date: e.startDate.toString() }];
        }),
      );
    };
    const first = await feed();
    // The hydraulic filter has no forecast date (no usage rate yet): no event.
    expect([...first.keys()].sort()).toEqual([
      'Excavator 3 · Annual inspection',
      'Excavator 3 · Fuel filters · 900 h',
      'Excavator 3 · Insurance',
      'Excavator 3 · Registration',
      'Excavator 3 · Service · 990 h',
    ]);
    const reg = o.tasks.Registration!;
    const regUid = taskEventUid(
      reg.id,
      cycleKeyOf({ lastDoneDate: reg.lastDone.date, lastDoneUsage: reg.lastDone.usage }),
    );
    expect(first.get('Excavator 3 · Registration')).toEqual({ uid: regUid, date: '2026-03-25' });
    expect(new Set([...first.values()].map((e) => e.uid)).size).toBe(5);

    // Fetched again a day later: the same UIDs (a calendar updates its events, adds none).
    t.clock.set(new Date('2026-03-02T15:00:00Z'));
    const again = await feed();
    for (const [summary, e] of first) expect(again.get(summary)?.uid, summary).toBe(e.uid);

    // The registration renewed: a new cycle, a new UID and next year's date; the others keep theirs.
    const cookie = await signInAgain(t.app, o);
    const renewed = await call(
      t.app,
      cookie,
      'PATCH',
      `/api/equipment/${o.machineId}/tasks/${reg.id}`,
      {
        lastDone: { date: '2026-03-02' },
      },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const after = await feed();
    const next = after.get('Excavator 3 · Registration')!;
    expect(next.date).toBe('2027-03-02');
    expect(next.uid).not.toBe(regUid);
    expect(next.uid).toMatch(new RegExp(`^${reg.id}-2026-03-02`));
    expect(after.get('Excavator 3 · Insurance')?.uid).toBe(
      first.get('Excavator 3 · Insurance')?.uid,
    );
  });
});
