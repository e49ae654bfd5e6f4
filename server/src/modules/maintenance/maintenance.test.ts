import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { EquipmentDto, EquipmentPage } from '@domain/schemas/equipment';
import type { CalendarFeed, DueList } from '@domain/schemas/maintenance';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  type SignedIn,
  signInAgain,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const START = new Date('2026-03-01T15:00:00Z'); // today is 2026-03-01 (UTC company)
const t = useTestApp({}, { start: START });

/** A company whose machine M read 100, 106, 112, 118 h on four days: 6 h/day. */
async function fleet(): Promise<SignedIn & { ids: Record<string, string> }> {
  t.clock.set(new Date('2026-02-26T15:00:00Z'));
  let o = await signupOwner(t.app);
  const add = (body: Record<string, unknown>) => createEquipmentViaApi(t.app, o.cookie, body);
  const usage = await add({
    name: 'B usage',
    currentUsage: 100,
    serviceInterval: 250,
    lastServiceUsage: 0,
  });
  const soon = await add({
    name: 'A calendar',
    serviceInterval: 0,
    hasScheduledMaintenance: true,
    maintenanceStartDate: '2026-02-04',
    maintenanceInterval: 1,
    maintenanceIntervalUnit: 'months',
  });
  const overdue = await add({
    name: 'C overdue',
    serviceInterval: 0,
    hasScheduledMaintenance: true,
    maintenanceStartDate: '2025-12-01',
    maintenanceInterval: 2,
    maintenanceIntervalUnit: 'months',
  });
  const later = await add({
    name: 'D later',
    serviceInterval: 0,
    hasScheduledMaintenance: true,
    maintenanceStartDate: '2026-03-01',
    maintenanceInterval: 2,
    maintenanceIntervalUnit: 'months',
  });
  const single = await add({ name: 'E one reading', currentUsage: 10, serviceInterval: 100 });
  await add({ name: 'F no schedule', serviceInterval: 0 });
  for (let day = 1; day <= 3; day++) {
    t.clock.set(new Date(Date.UTC(2026, 1, 26 + day, 15)));
    o = { ...o, cookie: await signInAgain(t.app, o) };
    const res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${usage.id}/usage`, {
      usageIncrease: 6,
    });
    expect(res.statusCode).toBe(200);
  }
  t.clock.set(START);
  o = { ...o, cookie: await signInAgain(t.app, o) };
  return {
    ...o,
    ids: {
      usage: usage.id,
      soon: soon.id,
      overdue: overdue.id,
      later: later.id,
      single: single.id,
    },
  };
}

describe('forecast', () => {
  it('lists each machine with its forecast: due around a date at its own daily usage, or why not', async () => {
    const o = await fleet();
    const page = (
      await call(t.app, o.cookie, 'GET', '/api/equipment/page?limit=10')
    ).json<EquipmentPage>();
    const by = (name: string) => page.items.find((e) => e.name === name)!;
    // 118 h, due at 250: 132 h left at 6 h/day = 22 days.
    expect(by('B usage').forecast).toMatchObject({
      perDay: 6,
      dueAtUsage: 250,
      usageDueDate: '2026-03-23',
      dueDate: '2026-03-23',
      basis: 'usage',
      daysUntil: 22,
    });
    expect(by('E one reading').forecast).toMatchObject({
      dueDate: null,
      noUsageForecast: 'single_reading',
    });
    expect(by('A calendar').forecast).toMatchObject({ dueDate: '2026-03-04', basis: 'calendar' });
    // The machine's own record has the same forecast.
    const one = (
      await call(t.app, o.cookie, 'GET', `/api/equipment/${o.ids.usage}`)
    ).json<EquipmentDto>();
    expect(one.forecast).toEqual(by('B usage').forecast);
  });
});

describe('the Due soon list', () => {
  it('holds what is due within 7 / 14 / 30 days and everything overdue, by date', async () => {
    const o = await fleet();
    const due = async (within: number) =>
      (await call(t.app, o.cookie, 'GET', `/api/maintenance/due?within=${within}`)).json<DueList>();
    const names = (l: DueList) => l.tasks.map((e) => `${e.machine.name} ${e.forecastDate}`);
    expect(names(await due(7))).toEqual(['C overdue 2026-02-01', 'A calendar 2026-03-04']);
    expect(names(await due(14))).toEqual(['C overdue 2026-02-01', 'A calendar 2026-03-04']);
    const month = await due(30);
    expect(names(month)).toEqual([
      'C overdue 2026-02-01',
      'A calendar 2026-03-04',
      'B usage 2026-03-23',
    ]);
    expect(month).toMatchObject({ today: '2026-03-01', within: 30, renewalsWithin: 30 });
    // v1's items keep their meaning for other programs: the machines, with their own forecast.
    expect(month.items.map((e) => `${e.name} ${e.forecast?.dueDate}`)).toEqual(names(month));
    expect(month.items[2]!.serviceParts).toEqual([]);
    expect(month.items[2]!.forecast).toMatchObject({
      basis: 'usage',
      dueAtUsage: 250,
      daysUntil: 22,
    });
    expect(month.tasks[2]!.task).toMatchObject({ name: 'Service', primary: true, parts: [] });
    expect(month.tasks[2]).toMatchObject({ basis: 'usage', dueAt: { usage: 250 }, daysLeft: 22 });

    const bad = await call(t.app, o.cookie, 'GET', '/api/maintenance/due?within=10');
    expect(bad.statusCode).toBe(400);
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/maintenance/due')).toBe(403);
    // Another company sees only its own.
    const other = await signupOwner(t.app);
    expect(
      (await call(t.app, other.cookie, 'GET', '/api/maintenance/due?within=30')).json<DueList>()
        .tasks,
    ).toEqual([]);
  });
});

describe('overdue machines on the Due soon list (issue 26)', () => {
  it('lists every machine whose status is overdue first, with how far past its service it is', async () => {
    const o = await fleet();
    const add = (body: Record<string, unknown>) => createEquipmentViaApi(t.app, o.cookie, body);
    // 290 h on a 250 h interval: 40 h past the service, 116 %: overdue; its forecast is today.
    await add({
      name: 'Z usage overdue',
      currentUsage: 290,
      serviceInterval: 250,
      lastServiceUsage: 0,
    });
    // 255 h: past the service but under 110 %: time for service, due today, not overdue.
    await add({
      name: 'Y due today',
      currentUsage: 255,
      serviceInterval: 250,
      lastServiceUsage: 0,
    });
    const list = (
      await call(t.app, o.cookie, 'GET', '/api/maintenance/due?within=7')
    ).json<DueList>();
    expect(list.tasks.map((e) => `${e.machine.name} ${e.status} ${e.forecastDate}`)).toEqual([
      'C overdue overdue 2026-02-01',
      'Z usage overdue overdue 2026-03-01',
      'Y due today time_for_service 2026-03-01',
      'A calendar approaching_service 2026-03-04',
    ]);
    const by = (name: string) => list.tasks.find((e) => e.machine.name === name)!;
    expect(by('Z usage overdue')).toMatchObject({ overdueUsage: 40, usageStatus: 'overdue' });
    expect(by('Y due today')).toMatchObject({ overdueUsage: 5, usageStatus: 'time_for_service' });
    expect(by('A calendar').overdueUsage).toBeNull();
    expect(by('C overdue').daysLeft).toBe(-28);
  });
});

describe('the calendar feed', () => {
  it('is an iCalendar file at a secret address with every scheduled and forecast date; regenerating revokes it', async () => {
    const o = await fleet();
    const { url } = (
      await call(t.app, o.cookie, 'GET', '/api/company/calendar')
    ).json<CalendarFeed>();
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const again = (
      await call(t.app, o.cookie, 'GET', '/api/company/calendar')
    ).json<CalendarFeed>();
    expect(again.url).toBe(url);
    const path = new URL(url).pathname;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const vcal = new ICAL.Component(ICAL.parse(res.body));
    const events = vcal
      .getAllSubcomponents('vevent')
      .map((v) => {
        const e = new ICAL.Event(v);
        return `${e.startDate.toString()} ${e.startDate.isDate ? 'all-day' : 'timed'} ${e.summary}`;
      })
      .sort();
    expect(events).toEqual([
      '2026-02-01 all-day C overdue · Service',
      '2026-03-04 all-day A calendar · Service',
      '2026-03-23 all-day B usage · Service · 250 h',
      '2026-05-01 all-day D later · Service',
    ]);

    const regenerated = (
      await call(t.app, o.cookie, 'POST', '/api/company/calendar/regenerate')
    ).json<CalendarFeed>();
    expect(regenerated.url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(regenerated.url).pathname })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' })).statusCode).toBe(
      404,
    );
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/company/calendar')).toBe(403);
  });
});
