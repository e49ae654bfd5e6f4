/**
 * The schedule's migration (issue 40): each machine's interval and calendar maintenance become its
 * primary task "Service". On a demo-like fleet (the demo's kinds of machine: usage only at every
 * percent, calendar only at every distance from its date, both, neither, a meter-less trailer, month-end
 * starts, serviced and never serviced, edited after adding), on PGlite and (TEST_DB=postgres) PostgreSQL:
 * for every machine, the status, the next due usage and the next due date are the same before the
 * migration (the status engine on the machine's own fields, as before tasks existed) and after it (the
 * primary task, through the schedule's engine and its API).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addInterval } from '@domain/dates';
import { machineStatusOf, nextTaskOf, viewTask } from '@domain/schedule';
import { computeStatus } from '@domain/status';
import type { EquipmentDto } from '@domain/schemas/equipment';
import type { TaskDto } from '@domain/schemas/schedule';
import { asSystem } from '../../db/scope';
import { company, serviceTask } from '../../db/schema/index';
import { call, createEquipmentViaApi, signInAgain, signupOwner } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { figuresOf } from './task-rows';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
/** The migration's backfill, as it runs (found by what it does: its number changes as others land). */
const backfill = (() => {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.sql'))) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (!text.includes('CREATE TABLE "service_task"')) continue;
    const statement = text
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .find((s) => s.startsWith('-- Each machine') || s.includes('DO $$'));
    if (statement) return statement;
  }
  throw new Error('no service_task backfill found');
})();

let t: TestApp;
const NOW = new Date('2026-03-31T15:00:00Z');
const TODAY = '2026-03-31';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('keeps every machine of a demo fleet exactly as it was: status, next due usage and date', async () => {
  t.clock.set(new Date('2026-03-22T15:00:00Z'));
  const o = await signupOwner(t.app);
  // A fleet bigger than the trial's limit (the demo's --machines runs on an unlimited plan).
  await asSystem(() =>
    t.deps.systemDb.update(company).set({ equipmentLimit: -1 }).where(eq(company.id, o.companyId)),
  );
  const add = (body: Record<string, unknown>) => createEquipmentViaApi(t.app, o.cookie, body);
  const ids: string[] = [];
  // Usage only, from 0 % to 130 % of the interval (the demo's endPct spread), hours, miles and km.
  for (const [i, pct] of [0, 35, 79, 80, 95, 99, 100, 105, 110, 130].entries()) {
    const unit = (['hours', 'miles', 'kilometers'] as const)[i % 3]!;
    const interval = unit === 'hours' ? 250 : 5000;
    const last = unit === 'hours' ? 400 + i * 137 : 20_000 + i * 3111;
    const m = await add({
      name: `Usage ${pct}`,
      unit,
      currentUsage: last + (interval * pct) / 100,
      serviceInterval: interval,
      lastServiceUsage: last,
    });
    ids.push(m.id);
  }
  // Calendar only and both, at every distance from the date (the demo's dueInDays), days/months/years.
  for (const [i, due] of [-30, -1, 0, 1, 2, 7, 8, 45].entries()) {
    const unit = (['days', 'months', 'years'] as const)[i % 3]!;
    const interval = unit === 'days' ? 90 : unit === 'months' ? 3 : 1;
    const next = addInterval(TODAY, due, 'days');
    const start = addInterval(next, -interval, unit);
    const m = await add({
      name: `Calendar ${due}`,
      currentUsage: 1000,
      serviceInterval: i % 2 === 0 ? 0 : 500,
      lastServiceUsage: 700,
      hasScheduledMaintenance: true,
      maintenanceStartDate: start,
      maintenanceInterval: interval,
      maintenanceIntervalUnit: unit,
    });
    ids.push(m.id);
  }
  // Month-end starts, a machine with neither schedule, a trailer with no meter (N/A).
  ids.push(
    (
      await add({
        name: 'Month end',
        serviceInterval: 0,
        hasScheduledMaintenance: true,
        maintenanceStartDate: '2026-01-31',
        maintenanceInterval: 1,
        maintenanceIntervalUnit: 'months',
      })
    ).id,
    (await add({ name: 'No schedule', serviceInterval: 0 })).id,
    (
      await add({
        name: 'Trailer',
        unit: 'n/a',
        currentUsage: 0,
        serviceInterval: 0,
        hasScheduledMaintenance: true,
        maintenanceStartDate: '2025-04-15',
        maintenanceInterval: 1,
        maintenanceIntervalUnit: 'years',
      })
    ).id,
  );
  // Services recorded later (Mark as Serviced), an edit of the interval, readings for forecasts.
  t.clock.set(new Date('2026-03-27T15:00:00Z'));
  o.cookie = await signInAgain(t.app, o);
  for (const id of ids.slice(0, 4)) {
    const res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${id}/reset-service`, {
      serviceDate: '2026-03-26',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const calendar = ids[12]!;
  expect(
    (await call(t.app, o.cookie, 'PATCH', `/api/equipment/${calendar}`, { maintenanceInterval: 2 }))
      .statusCode,
  ).toBe(200);
  t.clock.set(NOW);
  o.cookie = await signInAgain(t.app, o);
  for (const id of ids.slice(0, 10)) {
    const res = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${id}/usage`, {
      usageIncrease: 12,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  // Before: what the machines show. The status engine on their own fields (as before tasks existed)
  // gives exactly the status every answer gives now, from their tasks.
  const before = (await call(t.app, o.cookie, 'GET', '/api/equipment')).json<EquipmentDto[]>();
  expect(before).toHaveLength(ids.length);
  for (const e of before) {
    const { nextTask: _next, ...shown } = e.status;
    expect(shown, e.name).toEqual(computeStatus(e, TODAY));
  }
  expect(new Set(before.map((e) => e.status.serviceStatus))).toEqual(
    new Set(['good', 'approaching_service', 'time_for_service', 'overdue']),
  );

  // The migration's backfill, run again on the fleet as it stands.
  await asSystem(async () => {
    await t.deps.systemDb.delete(serviceTask);
    await t.deps.systemDb.execute(sql.raw(backfill));
  });
  const rows = await asSystem(() => t.deps.systemDb.select().from(serviceTask));
  expect(rows.every((r) => r.isPrimary && r.name === 'Service' && r.category === 'service')).toBe(
    true,
  );

  for (const e of before) {
    const mine = rows.filter((r) => r.equipmentId === e.id);
    expect(mine.length, e.name).toBe(e.status.hasSchedule ? 1 : 0);
    const rate = { kind: 'none', reason: 'no_readings' } as const;
    const views = mine.map((r) => viewTask(figuresOf(r), e.currentUsage, rate, TODAY));
    const after = machineStatusOf(views, e, TODAY);
    const { nextTask: _next, ...engine } = e.status;
    expect(after, e.name).toEqual(engine);
    const next = nextTaskOf(views);
    expect(next?.dueUsage ?? null, e.name).toBe(e.status.nextServiceUsage);
    expect(next?.dueDate ?? null, e.name).toBe(
      e.hasScheduledMaintenance ? e.nextMaintenanceDate : null,
    );
    // The API's tasks say the same.
    const tasks = (await call(t.app, o.cookie, 'GET', `/api/equipment/${e.id}/tasks`)).json<
      TaskDto[]
    >();
    if (e.status.hasSchedule) {
      expect(tasks[0], e.name).toMatchObject({
        status: e.status.serviceStatus,
        next: {
          usage: e.status.nextServiceUsage,
          date: e.hasScheduledMaintenance ? e.nextMaintenanceDate : null,
        },
        forecastDate: e.forecast?.dueDate ?? null,
      });
    } else expect(tasks, e.name).toEqual([]);
  }
  // Every answer after the migration: the same status, next task (a new id) and forecast as before it.
  const after = (await call(t.app, o.cookie, 'GET', '/api/equipment')).json<EquipmentDto[]>();
  const strip = (e: EquipmentDto) => ({
    ...e,
    status: { ...e.status, nextTask: e.status.nextTask && { ...e.status.nextTask, id: '' } },
  });
  expect(after.map(strip)).toEqual(before.map(strip));
});
