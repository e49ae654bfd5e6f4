/**
 * The maintenance schedule's API (issue 40): tasks and programs, create, apply, edit and propagate,
 * every bad input, another company's ids, roles and API-key scopes, and the primary task as the equipment
 * form's fields. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { EquipmentDto } from '@domain/schemas/equipment';
import type { ProgramDto, TaskDto } from '@domain/schemas/schedule';
import type { HistoryRecordDto } from '@domain/schemas/equipment';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const START = new Date('2026-03-10T15:00:00Z'); // today is 2026-03-10 (UTC company)
const t = useTestApp({}, { start: START });

const tasksOf = async (o: SignedIn, id: string) => {
  const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/tasks`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaskDto[]>();
};
const addTask = async (o: SignedIn, id: string, body: Record<string, unknown>) => {
  const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${id}/tasks`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TaskDto>();
};
const historyOf = async (o: SignedIn, id: string) =>
  (await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/history?limit=50`)).json<{
    entries: HistoryRecordDto[];
  }>().entries;

const EXCAVATOR = {
  name: 'Excavators (hours)',
  description: 'A starting point: check the manual.',
  tasks: [
    { name: 'Engine oil', category: 'service', everyUsage: 250 },
    {
      name: 'Fuel filters',
      category: 'service',
      everyUsage: 500,
      parts: [{ part: 'Fuel filter', qty: 2 }],
    },
    { name: 'Inspection', category: 'inspection', everyTime: { count: 12, unit: 'months' } },
  ],
};

describe('service tasks', () => {
  it("a machine's interval fields are its primary task, with the status the machine has", async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 1220,
      serviceInterval: 250,
      lastServiceUsage: 1000,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-31',
      maintenanceInterval: 1,
      maintenanceIntervalUnit: 'months',
    });
    const [primary, ...rest] = await tasksOf(o, m.id);
    expect(rest).toEqual([]);
    expect(primary).toMatchObject({
      name: 'Service',
      category: 'service',
      primary: true,
      programId: null,
      everyUsage: 250,
      everyTime: { count: 1, unit: 'months' },
      lastDone: { usage: 1000, date: '2026-01-31' },
      next: { usage: 1250, date: '2026-02-28' },
      status: m.status.serviceStatus,
      percentUsed: 88,
      basis: 'calendar',
      forecastDate: '2026-02-28',
      daysLeft: -10,
    });
    expect(m.status.serviceStatus).toBe('overdue');

    // The equipment form still edits it; Mark as Serviced resets it.
    let res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}`, {
      serviceInterval: 300,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tasksOf(o, m.id))[0]).toMatchObject({ everyUsage: 300, next: { usage: 1300 } });
    res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await tasksOf(o, m.id))[0]).toMatchObject({
      lastDone: { usage: 1220, date: '2026-03-10' },
      next: { usage: 1520, date: '2026-04-10' },
      status: 'good',
    });
    // Clearing the form's schedule removes the primary task: the machine has no schedule.
    res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}`, {
      serviceInterval: 0,
      hasScheduledMaintenance: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tasksOf(o, m.id)).toEqual([]);
  });

  it('adds, changes and removes tasks, each its own status and forecast, written to history', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 1000,
      serviceInterval: 0,
    });
    const oil = await addTask(o, m.id, {
      name: 'Engine oil',
      everyUsage: 250,
      lastDone: { usage: 800, date: '2026-01-05' },
    });
    expect(oil).toMatchObject({
      name: 'Engine oil',
      primary: false,
      lastDone: { usage: 800, date: '2026-01-05' },
      next: { usage: 1050, date: null },
      status: 'approaching_service',
      percentUsed: 80,
    });
    const insurance = await addTask(o, m.id, {
      name: 'Insurance',
      category: 'renewal',
      everyTime: { count: 1, unit: 'years' },
      lastDone: { date: '2025-03-12' },
    });
    expect(insurance).toMatchObject({
      lastDone: { usage: 1000, date: '2025-03-12' },
      next: { usage: null, date: '2026-03-12' },
      status: 'approaching_service',
      daysLeft: 2,
      basis: 'calendar',
    });
    // Defaults: last done at the current usage, today.
    const filter = await addTask(o, m.id, {
      name: 'Hydraulic filter',
      everyUsage: 1000,
      everyTime: { count: 2, unit: 'weeks' },
    });
    expect(filter).toMatchObject({
      lastDone: { usage: 1000, date: '2026-03-10' },
      next: { usage: 2000, date: '2026-03-24' },
      status: 'good',
    });

    let res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}/tasks/${oil.id}`, {
      everyUsage: 180,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TaskDto>()).toMatchObject({ next: { usage: 980 }, status: 'overdue' });
    res = await call(t.app, o.cookie, 'DELETE', `/api/equipment/${m.id}/tasks/${filter.id}`);
    expect(res.statusCode).toBe(204);
    expect((await tasksOf(o, m.id)).map((x) => x.name)).toEqual(['Engine oil', 'Insurance']);

    const history = await historyOf(o, m.id);
    const kinds = history.map((h) => `${h.kind}:${(h.params as { task?: string }).task ?? ''}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'task_added:Engine oil',
        'task_added:Insurance',
        'task_changed:Engine oil',
        'task_removed:Hydraulic filter',
      ]),
    );
    const changed = history.find((h) => h.kind === 'task_changed')!;
    expect(changed.text).toBe('Task changed: Engine oil: Every (usage): 250 → 180');
  });

  it("changes the primary task's interval through the equipment form's fields", async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 500,
      serviceInterval: 250,
      lastServiceUsage: 400,
    });
    const [primary] = await tasksOf(o, m.id);
    const res = await call(
      t.app,
      o.cookie,
      'PATCH',
      `/api/equipment/${m.id}/tasks/${primary!.id}`,
      {
        name: 'Engine service',
        everyUsage: 200,
        everyTime: { count: 3, unit: 'months' },
        lastDone: { usage: 450, date: '2026-02-01' },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TaskDto>()).toMatchObject({
      name: 'Engine service',
      primary: true,
      everyUsage: 200,
      everyTime: { count: 3, unit: 'months' },
      lastDone: { usage: 450, date: '2026-02-01' },
      next: { usage: 650, date: '2026-05-01' },
    });
    const e = (await call(t.app, o.cookie, 'GET', `/api/equipment/${m.id}`)).json<EquipmentDto>();
    expect(e).toMatchObject({
      serviceInterval: 200,
      lastServiceUsage: 450,
      hasScheduledMaintenance: true,
      maintenanceInterval: 3,
      maintenanceIntervalUnit: 'months',
      nextMaintenanceDate: '2026-05-01',
    });
  });
});

describe('bad input: 400 with a message under the field, nothing written', () => {
  it.each([
    ['an interval of 0', { name: 'Oil', everyUsage: 0 }, 'everyUsage', 'schedule.intervalPositive'],
    [
      'a negative interval',
      { name: 'Oil', everyTime: { count: -1, unit: 'days' } },
      'everyTime.count',
      'schedule.intervalPositive',
    ],
    ['no interval at all', { name: 'Oil' }, 'everyUsage', 'schedule.intervalRequired'],
    [
      'a renewal by usage',
      { name: 'Permit', category: 'renewal', everyUsage: 100 },
      'everyUsage',
      'schedule.renewalByTime',
    ],
    [
      'a last done usage above the current usage',
      { name: 'Oil', everyUsage: 250, lastDone: { usage: 5000 } },
      'lastDone.usage',
      'schedule.lastDoneUsageAbove',
    ],
    [
      'a last done date in the future',
      { name: 'Oil', everyUsage: 250, lastDone: { date: '2026-03-11' } },
      'lastDone.date',
      'schedule.lastDoneDateFuture',
    ],
  ])('%s', async (_, body, field, key) => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 1000 });
    const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${m.id}/tasks`, body);
    expect(res.statusCode, res.body).toBe(400);
    const err = res.json<{ key: string; fieldErrors: Record<string, string> }>();
    expect(err.key).toBe(key);
    expect(Object.keys(err.fieldErrors)).toContain(field);
    expect((await tasksOf(o, m.id)).length).toBe(1); // the primary only
  });

  it('a usage interval on a machine whose unit is N/A, by task, by program and by program edit', async () => {
    const o = await signupOwner(t.app);
    const trailer = await createEquipmentViaApi(t.app, o.cookie, {
      unit: 'n/a',
      currentUsage: 0,
      serviceInterval: 0,
    });
    let res = await call(t.app, o.cookie, 'POST', `/api/equipment/${trailer.id}/tasks`, {
      name: 'Bearings',
      everyUsage: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('everyUsage');
    const hours = (
      await call(t.app, o.cookie, 'POST', '/api/programs', EXCAVATOR)
    ).json<ProgramDto>();
    res = await call(t.app, o.cookie, 'POST', `/api/programs/${hours.id}/machines`, {
      equipmentIds: [trailer.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('schedule.usageOnNoUnit');
    const renewals = (
      await call(t.app, o.cookie, 'POST', '/api/programs', {
        name: 'Trailer',
        tasks: [
          { name: 'Registration', category: 'renewal', everyTime: { count: 1, unit: 'years' } },
        ],
      })
    ).json<ProgramDto>();
    res = await call(t.app, o.cookie, 'POST', `/api/programs/${renewals.id}/machines`, {
      equipmentIds: [trailer.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call(t.app, o.cookie, 'PATCH', `/api/programs/${renewals.id}`, {
      tasks: [{ ...renewals.tasks[0], category: 'service', everyUsage: 50 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('tasks.0.everyUsage');
    expect((await tasksOf(o, trailer.id)).map((x) => x.everyUsage)).toEqual([null]);
  });
});

describe('programs', () => {
  it('apply to several machines, twice without duplicates, edit and propagate, take off', async () => {
    const o = await signupOwner(t.app);
    const a = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Excavator 1',
      currentUsage: 1000,
    });
    const b = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Excavator 2',
      currentUsage: 3000,
    });
    let res = await call(t.app, o.cookie, 'POST', '/api/programs', EXCAVATOR);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<ProgramDto>();
    expect(p.tasks.map((x) => x.name)).toEqual(['Engine oil', 'Fuel filters', 'Inspection']);

    res = await call(t.app, o.cookie, 'POST', `/api/programs/${p.id}/machines`, {
      equipmentIds: [a.id, b.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 6, program: { equipmentIds: [a.id, b.id].sort() } });
    res = await call(t.app, o.cookie, 'POST', `/api/programs/${p.id}/machines`, {
      equipmentIds: [a.id],
      lastDone: { usage: 900, date: '2026-03-01' },
    });
    expect(res.json()).toMatchObject({ added: 0 });
    let aTasks = await tasksOf(o, a.id);
    expect(aTasks.map((x) => x.name)).toEqual([
      'Service',
      'Engine oil',
      'Fuel filters',
      'Inspection',
    ]);
    expect(aTasks[1]).toMatchObject({
      programId: p.id,
      lastDone: { usage: 1000, date: '2026-03-10' },
      next: { usage: 1250 },
    });
    expect(aTasks[3]).toMatchObject({ next: { date: '2027-03-10' } });

    // A's oil changed on its own: the program's later edits leave it alone.
    res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${a.id}/tasks/${aTasks[1]!.id}`, {
      everyUsage: 200,
    });
    expect(res.json()).toMatchObject({ changedFromProgram: true });
    // Last done moved on B's inspection (not a template change): it still follows.
    let bTasks = await tasksOf(o, b.id);
    res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${b.id}/tasks/${bTasks[3]!.id}`, {
      lastDone: { date: '2026-01-31' },
    });
    expect(res.json()).toMatchObject({ changedFromProgram: false, next: { date: '2027-01-31' } });

    res = await call(t.app, o.cookie, 'PATCH', `/api/programs/${p.id}`, {
      tasks: [
        { ...p.tasks[0], everyUsage: 300 },
        { ...p.tasks[2], everyTime: { count: 1, unit: 'months' } },
        { name: 'Hydraulic oil', category: 'service', everyUsage: 2000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    aTasks = await tasksOf(o, a.id);
    bTasks = await tasksOf(o, b.id);
    expect(aTasks.map((x) => [x.name, x.everyUsage ?? x.everyTime?.count])).toEqual([
      ['Service', 250],
      ['Engine oil', 200], // changed on its own: kept
      ['Inspection', 1],
      ['Hydraulic oil', 2000],
    ]);
    expect(bTasks.map((x) => [x.name, x.everyUsage ?? x.everyTime?.count, x.next])).toEqual([
      ['Service', 250, { usage: 3250, date: null }],
      ['Engine oil', 300, { usage: 3300, date: null }],
      ['Inspection', 1, { usage: null, date: '2026-02-28' }], // from its own last done, month-end safe
      ['Hydraulic oil', 2000, { usage: 5000, date: null }],
    ]);
    expect(bTasks[2]!.status).toBe('overdue');

    // Taken off B keeping the tasks; taken off A removing them.
    res = await call(
      t.app,
      o.cookie,
      'DELETE',
      `/api/programs/${p.id}/machines/${b.id}?keepTasks=true`,
    );
    expect(res.statusCode).toBe(204);
    expect((await tasksOf(o, b.id)).every((x) => x.programId === null)).toBe(true);
    expect((await tasksOf(o, b.id)).length).toBe(4);
    res = await call(
      t.app,
      o.cookie,
      'DELETE',
      `/api/programs/${p.id}/machines/${a.id}?keepTasks=false`,
    );
    expect(res.statusCode).toBe(204);
    expect((await tasksOf(o, a.id)).map((x) => x.name)).toEqual(['Service']);
    const list = (await call(t.app, o.cookie, 'GET', '/api/programs')).json<ProgramDto[]>();
    expect(list.map((x) => [x.name, x.equipmentIds])).toEqual([['Excavators (hours)', []]]);
    res = await call(t.app, o.cookie, 'DELETE', `/api/programs/${p.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call(t.app, o.cookie, 'GET', '/api/programs')).json()).toEqual([]);
  });

  it("another company's program, task or machine is a 404; operators are refused; API keys by scope", async () => {
    const o = await signupOwner(t.app);
    const other = await signupOwner(t.app);
    const mine = await createEquipmentViaApi(t.app, o.cookie);
    const theirs = await createEquipmentViaApi(t.app, other.cookie);
    const theirProgram = (
      await call(t.app, other.cookie, 'POST', '/api/programs', EXCAVATOR)
    ).json<ProgramDto>();
    const [theirTask] = await tasksOf(other, theirs.id);
    const myProgram = (
      await call(t.app, o.cookie, 'POST', '/api/programs', EXCAVATOR)
    ).json<ProgramDto>();
    const [myTask] = await tasksOf(o, mine.id);
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/equipment/${theirs.id}/tasks`],
      ['POST', `/api/equipment/${theirs.id}/tasks`, { name: 'X', everyUsage: 10 }],
      ['PATCH', `/api/equipment/${mine.id}/tasks/${theirTask!.id}`, { name: 'X' }],
      ['DELETE', `/api/equipment/${theirs.id}/tasks/${theirTask!.id}`],
      ['PATCH', `/api/programs/${theirProgram.id}`, { name: 'X' }],
      ['DELETE', `/api/programs/${theirProgram.id}`],
      ['POST', `/api/programs/${theirProgram.id}/machines`, { equipmentIds: [mine.id] }],
      ['POST', `/api/programs/${myProgram.id}/machines`, { equipmentIds: [mine.id, theirs.id] }],
      ['DELETE', `/api/programs/${myProgram.id}/machines/${theirs.id}`],
      ['PATCH', `/api/equipment/${mine.id}/tasks/not-a-uuid`, { name: 'X' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(t.app, o.cookie, method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Nothing of the other company moved, and the refused apply wrote nothing here either.
    expect(await tasksOf(other, theirs.id)).toHaveLength(1);
    expect(await tasksOf(o, mine.id)).toHaveLength(1);

    const operator = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    for (const [method, url] of [
      ['GET', '/api/programs'],
      ['GET', `/api/equipment/${mine.id}/tasks`],
      ['PATCH', `/api/equipment/${mine.id}/tasks/${myTask!.id}`],
    ] as const) {
      const res = await call(
        t.app,
        operator.cookie,
        method,
        url,
        method === 'PATCH' ? { name: 'X' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }

    const key = async (scopes: string[]) =>
      (
        await call(t.app, o.cookie, 'POST', '/api/api-keys', { name: `k${scopes.join()}`, scopes })
      ).json<{
        token: string;
      }>().token;
    const read = await key(['read']);
    const write = await key(['write']);
    const bearer = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    expect((await bearer(read, 'GET', '/api/programs')).statusCode).toBe(200);
    expect((await bearer(read, 'GET', `/api/equipment/${mine.id}/tasks`)).statusCode).toBe(200);
    expect((await bearer(read, 'POST', '/api/programs', EXCAVATOR)).statusCode).toBe(403);
    expect((await bearer(write, 'POST', '/api/programs', EXCAVATOR)).statusCode).toBe(201);
  });
});
