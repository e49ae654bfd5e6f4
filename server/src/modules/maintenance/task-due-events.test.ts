import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedWebhookDto, WebhookPayload } from '@domain/schemas/integrations';
import type { TaskDto } from '@domain/schemas/schedule';
import { serviceTaskDueSent, webhookDelivery } from '../../db/schema/index';
import {
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { startWebhookJobs } from '../integrations/index';
import { announceDueTasks } from './task-due-events';

/**
 * The `service_task.due` webhook (issue 40): once per task and cycle when a task becomes due or
 * overdue, also when two servers run the pass at once; again after the task is done and due again.
 */
const START = new Date('2026-03-01T15:00:00Z');
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' }, { start: START });

/** An endpoint for `events` (nothing listens there: the deliveries are read from the outbox). */
async function companyWithHook(events: string[]) {
  const o = await signupOwner(t.app);
  const hook = await call(t.app, o.cookie, 'POST', '/api/webhooks', {
    url: 'http://127.0.0.1:9/hooks/ems',
    events,
  });
  expect(hook.statusCode, hook.body).toBe(201);
  return { ...o, webhook: hook.json<CreatedWebhookDto>() };
}

/** Excavator 3 at 1,000 h: fuel filters every 500 h (last at 600: 80 %, approaching) and Service 250 h (last at 900). */
async function excavator(o: SignedIn) {
  const m = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Excavator 3',
    unit: 'hours',
    currentUsage: 1000,
    serviceInterval: 250,
    lastServiceUsage: 900,
  });
  const res = await call(t.app, o.cookie, 'POST', `/api/equipment/${m.id}/tasks`, {
    name: 'Fuel filters',
    everyUsage: 500,
    lastDone: { usage: 600 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { machineId: m.id, task: res.json<TaskDto>() };
}

const dueEvents = async (endpointId: string) =>
  (
    await t.deps.systemDb
      .select({ event: webhookDelivery.event, body: webhookDelivery.body })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, endpointId))
  )
    .filter((d) => d.event === 'service_task.due')
    .map((d) => JSON.parse(d.body) as WebhookPayload);

const addUsage = async (o: SignedIn, id: string, usageIncrease: number) => {
  const res = await call(
    t.app,
    await signInAgain(t.app, o),
    'PATCH',
    `/api/equipment/${id}/usage`,
    {
      usageIncrease,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
};

describe('service_task.due', () => {
  it('is sent once per task and cycle, also when two servers run at once, and again once the task is done and due again', async () => {
    const o = await companyWithHook(['service_task.due']);
    const { machineId, task } = await excavator(o);
    // Another company that did not subscribe to the event, with a task overdue: nothing for it.
    const other = await companyWithHook(['reading.created']);
    await createEquipmentViaApi(t.app, other.cookie, {
      currentUsage: 500,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });

    // 80 %: approaching, not due: nothing.
    await announceDueTasks(t.deps);
    expect(await dueEvents(o.webhook.id)).toEqual([]);

    // 1,100 h: the fuel filters at 100 % (due), Service at 80 %: one event, for the filters.
    await addUsage(o, machineId, 100);
    const [a, b] = await Promise.all([announceDueTasks(t.deps), announceDueTasks(t.deps)]);
    expect(a.sent + b.sent).toBe(1);
    let events = await dueEvents(o.webhook.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'service_task.due',
      companyId: o.companyId,
      data: {
        taskId: task.id,
        taskName: 'Fuel filters',
        category: 'service',
        equipmentId: machineId,
        equipmentName: 'Excavator 3',
        status: 'time_for_service',
        lastDone: { usage: 600 },
        dueAt: { usage: 1100, date: null },
        usage: 1100,
      },
    });
    expect(await dueEvents(other.webhook.id)).toEqual([]);

    // Overdue now (1,160 h: 112 %), still the same cycle: no second event for it.
    await addUsage(o, machineId, 60);
    await announceDueTasks(t.deps);
    events = await dueEvents(o.webhook.id);
    // Service reached 104 % meanwhile (its own first event); the filters stay at one.
    expect(events.filter((e) => e.data.taskId === task.id)).toHaveLength(1);
    const service = events.filter((e) => e.data.taskId !== task.id);
    expect(service).toHaveLength(1);
    expect(service[0]!.data).toMatchObject({ taskName: 'Service', status: 'time_for_service' });

    // The filters done at 1,160 h today: a new cycle, not due yet: nothing.
    const cookie = await signInAgain(t.app, o);
    const done = await call(
      t.app,
      cookie,
      'PATCH',
      `/api/equipment/${machineId}/tasks/${task.id}`,
      {
        lastDone: { usage: 1160, date: '2026-03-01' },
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    await announceDueTasks(t.deps);
    expect((await dueEvents(o.webhook.id)).filter((e) => e.data.taskId === task.id)).toHaveLength(
      1,
    );

    // Due again at 1,660 h: the second event for the filters, of the new cycle.
    await addUsage(o, machineId, 500);
    await announceDueTasks(t.deps);
    await announceDueTasks(t.deps);
    const filters = (await dueEvents(o.webhook.id)).filter((e) => e.data.taskId === task.id);
    expect(filters).toHaveLength(2);
    expect(filters.map((e) => e.data.cycle)).toEqual(['2026-03-01-u600', '2026-03-01-u1160']);
    expect(filters[1]!.data).toMatchObject({
      status: 'time_for_service',
      lastDone: { usage: 1160 },
      dueAt: { usage: 1660 },
    });
    const marks = await t.deps.systemDb
      .select()
      .from(serviceTaskDueSent)
      .where(eq(serviceTaskDueSent.taskId, task.id));
    expect(marks.map((m) => m.eventId).sort()).toEqual(filters.map((e) => e.id).sort());
  });

  it('is announced by the job queue on its own', async () => {
    const o = await companyWithHook(['service_task.due']);
    await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Overdue loader',
      currentUsage: 300,
      serviceInterval: 250,
      lastServiceUsage: 0,
    });
    const log = { error: () => {}, info: () => {} } as unknown as Parameters<
      typeof startWebhookJobs
    >[1];
    const jobs = await startWebhookJobs(t.deps, log, { pollingIntervalSeconds: 0.5 });
    try {
      await jobs.kickTaskDue();
      const until = Date.now() + 30_000;
      while ((await dueEvents(o.webhook.id)).length === 0 && Date.now() < until)
        await new Promise((ok) => setTimeout(ok, 200));
      const events = await dueEvents(o.webhook.id);
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toMatchObject({ equipmentName: 'Overdue loader', status: 'overdue' });
    } finally {
      await jobs.stop();
    }
  });
});
