/**
 * A machine's status is its worst task's on every answer (issue 40): the machine, the Equipment List and
 * its counts and filters, the dashboard overview, the machine page and the full list (exports) agree,
 * and each carries the next task. Mark as Serviced resets the tasks chosen (`taskIds`) and only those;
 * without tasks, the primary as before. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import type { TaskDto } from '@domain/schemas/schedule';
import {
  call,
  callOk,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const START = new Date('2026-03-10T15:00:00Z'); // today is 2026-03-10 (UTC company)
const t = useTestApp({}, { start: START });

const ok = <T>(
  o: SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  status = 200,
) => callOk<T>(t.app, o.cookie, method, url, body, status);
const tasksOf = (o: SignedIn, id: string) => ok<TaskDto[]>(o, 'GET', `/api/equipment/${id}/tasks`);
const history = async (o: SignedIn, id: string) =>
  (await ok<{ entries: HistoryRecordDto[] }>(o, 'GET', `/api/equipment/${id}/history?limit=50`))
    .entries;

type Listing = { counts: Record<string, number>; items: EquipmentDto[]; total: number };

/** A machine good by its primary task (100 of 250 h used) with a second task 20 h past due. */
async function machineWithOverdueTask(o: SignedIn, name = 'Excavator 3') {
  const m = await createEquipmentViaApi(t.app, o.cookie, {
    name,
    currentUsage: 1100,
    serviceInterval: 250,
    lastServiceUsage: 1000,
  });
  expect(m.status.serviceStatus).toBe('good');
  const filter = await ok<TaskDto>(
    o,
    'POST',
    `/api/equipment/${m.id}/tasks`,
    { name: 'Hydraulic filter', category: 'service', everyUsage: 100, lastDone: { usage: 980 } },
    201,
  );
  expect(filter.status).toBe('overdue');
  return { m, filter };
}

describe('the machine status is its worst task on every answer', () => {
  it('machine, list, counts, filter, overview, page and full list agree, with the next task', async () => {
    const o = await signupOwner(t.app);
    const { m, filter } = await machineWithOverdueTask(o);
    const other = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Loader 1',
      currentUsage: 10,
      serviceInterval: 250,
      lastServiceUsage: 0,
    });

    const one = await ok<EquipmentDto>(o, 'GET', `/api/equipment/${m.id}`);
    expect(one.status).toMatchObject({
      serviceStatus: 'overdue',
      slug: 'overdue',
      critical: true,
      nextServiceUsage: 1080,
      overdueUsage: 20,
      nextTask: { id: filter.id, name: 'Hydraulic filter', dueUsage: 1080, dueDate: null },
    });
    // No readings to tell a rate from: the usage already reached gives today.
    expect(one.status.nextTask?.forecastDate).toBe('2026-03-10');
    expect(one.forecast?.dueAtUsage).toBe(1080);

    const list = await ok<Listing>(o, 'GET', '/api/equipment/page?limit=50');
    expect(list.counts).toMatchObject({ all: 2, overdue: 1, good: 1 });
    expect(list.items.find((e) => e.id === m.id)?.status).toEqual(one.status);
    const overdue = await ok<Listing>(o, 'GET', '/api/equipment/page?status=overdue');
    expect(overdue.items.map((e) => e.id)).toEqual([m.id]);
    const good = await ok<Listing>(o, 'GET', '/api/equipment/page?status=good');
    expect(good.items.map((e) => e.id)).toEqual([other.id]);

    const overview = await ok<{
      counts: Record<string, number>;
      critical: Record<string, string>;
      items: { id: string; status: { serviceStatus: string; overdueUsage?: number } }[];
    }>(o, 'GET', '/api/dashboard/overview');
    expect(overview.counts).toMatchObject({ overdue: 1, good: 1 });
    expect(overview.critical[m.id]).toBe('critical');
    expect(overview.items.find((i) => i.id === m.id)?.status).toMatchObject({
      serviceStatus: 'overdue',
      overdueUsage: 20,
    });

    const page = await ok<{ equipment: EquipmentDto }>(o, 'GET', `/api/equipment/${m.id}/page`);
    expect(page.equipment.status).toEqual(one.status);
    expect(page.equipment.forecast).toEqual(one.forecast);

    const full = await ok<EquipmentDto[]>(o, 'GET', '/api/equipment?status=overdue');
    expect(full.map((e) => e.id)).toEqual([m.id]);
    expect(full[0]!.status).toEqual(one.status);

    // A task removed: the machine is its primary task again, everywhere.
    await ok(o, 'DELETE', `/api/equipment/${m.id}/tasks/${filter.id}`, undefined, 204);
    const after = await ok<EquipmentDto>(o, 'GET', `/api/equipment/${m.id}`);
    expect(after.status.serviceStatus).toBe('good');
    expect(after.status.nextTask?.name).toBe('Service');
    const counts = (await ok<Listing>(o, 'GET', '/api/equipment/page')).counts;
    expect(counts).toMatchObject({ overdue: 0, good: 2 });
  });
});

describe('Mark as Serviced resets the tasks it did', () => {
  it('the chosen task only; the entry names it; the machine follows', async () => {
    const o = await signupOwner(t.app);
    const { m, filter } = await machineWithOverdueTask(o);
    const [primary] = await tasksOf(o, m.id);

    const done = await ok<EquipmentDto>(o, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      taskIds: [filter.id],
      cost: 42,
    });
    expect(done.status.serviceStatus).toBe('good');
    // The primary task (the machine's own fields) was not done: untouched.
    expect(done.lastServiceUsage).toBe(1000);
    expect(done.lastServiceDate).toBeNull();
    const tasks = await tasksOf(o, m.id);
    expect(tasks.find((x) => x.id === primary!.id)?.lastDone).toEqual(primary!.lastDone);
    expect(tasks.find((x) => x.id === filter.id)).toMatchObject({
      lastDone: { usage: 1100, date: '2026-03-10' },
      next: { usage: 1200 },
      status: 'good',
    });
    const [entry] = (await history(o, m.id)).filter((e) => e.kind === 'service');
    expect(entry?.params).toMatchObject({
      usage: 1100,
      tasks: [{ id: filter.id, task: 'Hydraulic filter' }],
    });
    expect(entry?.text).toContain('done: Hydraulic filter');
  });

  it('without tasks: the primary task only, as before; several tasks at once', async () => {
    const o = await signupOwner(t.app);
    const { m, filter } = await machineWithOverdueTask(o);
    const primaryOnly = await ok<EquipmentDto>(
      o,
      'PATCH',
      `/api/equipment/${m.id}/reset-service`,
      {},
    );
    expect(primaryOnly.lastServiceUsage).toBe(1100);
    // The filter task was not done: still overdue, and so is the machine.
    expect(primaryOnly.status.serviceStatus).toBe('overdue');
    const [primary] = await tasksOf(o, m.id);
    expect(primary!.lastDone).toEqual({ usage: 1100, date: '2026-03-10' });
    const [entry] = (await history(o, m.id)).filter((e) => e.kind === 'service');
    expect(entry?.params).not.toHaveProperty('tasks');

    t.clock.set(new Date('2026-03-12T15:00:00Z'));
    o.cookie = await signInAgain(t.app, o);
    await ok(o, 'PATCH', `/api/equipment/${m.id}/usage`, { usageIncrease: 150 });
    const both = await ok<EquipmentDto>(o, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      taskIds: [primary!.id, filter.id],
    });
    expect(both.lastServiceUsage).toBe(1250);
    expect(both.lastServiceDate).toBe('2026-03-12');
    const tasks = await tasksOf(o, m.id);
    expect(tasks.map((x) => x.lastDone)).toEqual([
      { usage: 1250, date: '2026-03-12' },
      { usage: 1250, date: '2026-03-12' },
    ]);
  });

  it("another machine's or company's task is a 404 and writes nothing; a malformed id is a 400", async () => {
    const o = await signupOwner(t.app);
    const { m } = await machineWithOverdueTask(o);
    const { filter: elsewhere } = await machineWithOverdueTask(o, 'Excavator 4');
    const intruder = await signupOwner(t.app);
    const { filter: foreign } = await machineWithOverdueTask(intruder, 'Theirs');
    const before = await history(o, m.id);
    for (const id of [elsewhere.id, foreign.id]) {
      const res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
        taskIds: [id],
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ key: string }>().key).toBe('schedule.taskNotFound');
    }
    const bad = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      taskIds: ['nope'],
    });
    expect(bad.statusCode).toBe(400);
    expect(await history(o, m.id)).toEqual(before);
    expect((await ok<EquipmentDto>(o, 'GET', `/api/equipment/${m.id}`)).status.serviceStatus).toBe(
      'overdue',
    );
  });
});

describe('a work order does service tasks', () => {
  it('carries taskIds; completing it resets those two and not the primary; a foreign task is a 404', async () => {
    const o = await signupOwner(t.app);
    const { m, filter } = await machineWithOverdueTask(o);
    const grease = await ok<TaskDto>(
      o,
      'POST',
      `/api/equipment/${m.id}/tasks`,
      { name: 'Grease', category: 'service', everyUsage: 50, lastDone: { usage: 1000 } },
      201,
    );
    const { filter: foreign } = await machineWithOverdueTask(await signupOwner(t.app), 'Theirs');
    const refused = await call(t.app, o.cookie, 'POST', '/api/work-orders', {
      equipmentId: m.id,
      title: 'Filters',
      kind: 'service',
      taskIds: [foreign.id],
    });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json<{ key: string }>().key).toBe('schedule.taskNotFound');

    // Due soon's "Create work order" for a task: the task's name, parts and estimated cost.
    const proposal = await ok<{ task: { id: string; name: string; estimatedCost: number | null } }>(
      o,
      'GET',
      `/api/work-orders/proposal/${m.id}?taskId=${filter.id}`,
    );
    expect(proposal.task).toMatchObject({ id: filter.id, name: 'Hydraulic filter' });
    const elsewhere = await call(
      t.app,
      o.cookie,
      'GET',
      `/api/work-orders/proposal/${m.id}?taskId=${foreign.id}`,
    );
    expect(elsewhere.statusCode).toBe(404);

    const order = await ok<{ id: string; taskIds: string[] }>(
      o,
      'POST',
      '/api/work-orders',
      { equipmentId: m.id, title: 'Filters and grease', kind: 'service', taskIds: [filter.id] },
      201,
    );
    expect(order.taskIds).toEqual([filter.id]);
    const edited = await ok<{ taskIds: string[] }>(o, 'PATCH', `/api/work-orders/${order.id}`, {
      taskIds: [filter.id, grease.id],
    });
    expect(edited.taskIds).toEqual([filter.id, grease.id]);
    await ok(o, 'POST', `/api/work-orders/${order.id}/complete`, {});

    const tasks = await tasksOf(o, m.id);
    const [primary] = tasks;
    expect(primary!.lastDone).toEqual({ usage: 1000, date: null });
    for (const id of [filter.id, grease.id])
      expect(tasks.find((x) => x.id === id)?.lastDone).toEqual({ usage: 1100, date: '2026-03-10' });
    const [entry] = (await history(o, m.id)).filter((e) => e.kind === 'service');
    expect(entry?.params).toMatchObject({
      tasks: [
        { id: filter.id, task: 'Hydraulic filter' },
        { id: grease.id, task: 'Grease' },
      ],
    });
    expect((await ok<EquipmentDto>(o, 'GET', `/api/equipment/${m.id}`)).status.serviceStatus).toBe(
      'good',
    );
  });
});
