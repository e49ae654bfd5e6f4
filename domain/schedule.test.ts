import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInterval } from './dates';
import { forecastService } from './forecast';
import {
  addTime,
  machineScheduleOf,
  machineStatusFromTasks,
  machineStatusOf,
  nextDueDateOf,
  nextDueUsageOf,
  nextTaskOf,
  percentUsedOf,
  resetTask,
  taskStatusOf,
  viewTask,
  worstOf,
  type TaskFigures,
} from './schedule';
import { hasPrimarySchedule, primaryTaskFigures } from './primary-task';
import { computeStatus, type ServiceStatus } from './status';
import { usualDailyUsage, type UsageRate } from './usage-rate';

const TODAY = '2026-11-20';
const NOW = new Date('2026-11-20T15:00:00Z');
const noRate: UsageRate = { kind: 'none', reason: 'no_readings' };
const rateOf = (perDay: number, at = 1000): UsageRate =>
  usualDailyUsage(
    [
      { at: new Date(NOW.getTime() - 10 * 86_400_000).toISOString(), usage: at - perDay * 10 },
      { at: NOW.toISOString(), usage: at },
    ],
    NOW,
  );

const task = (over: Partial<TaskFigures> & { id?: string; name?: string } = {}) => ({
  id: over.id ?? 't1',
  name: over.name ?? 'Service',
  everyUsage: null,
  everyTime: null,
  lastDoneUsage: 0,
  lastDoneDate: null,
  nextDueDate: null,
  ...over,
});

/** A task at p percent of a 10,000 usage interval (exact at two decimals). */
const atPercent = (p: number) => ({
  t: task({ everyUsage: 10_000, lastDoneUsage: 500 }),
  usage: 500 + p * 100,
});
const inDays = (d: number) =>
  task({
    everyTime: { count: 1, unit: 'years' },
    lastDoneDate: '2025-01-01',
    nextDueDate: addInterval(TODAY, d, 'days'),
  });

describe('per-task status at every threshold', () => {
  it.each([
    [0, 'good'],
    [79.99, 'good'],
    [80, 'approaching_service'],
    [99.99, 'approaching_service'],
    [100, 'time_for_service'],
    [109.99, 'time_for_service'],
    [110, 'overdue'],
    [300, 'overdue'],
  ] as const)('usage at %s %% -> %s', (p, expected) => {
    const { t, usage } = atPercent(p);
    expect(taskStatusOf(t, usage, TODAY).serviceStatus).toBe(expected);
  });

  it.each([
    [30, 'good'],
    [8, 'good'],
    [7, 'approaching_service'],
    [2, 'approaching_service'],
    [1, 'time_for_service'],
    [0, 'time_for_service'],
    [-1, 'overdue'],
    [-40, 'overdue'],
  ] as const)('date in %s days -> %s', (d, expected) => {
    expect(taskStatusOf(inDays(d), 0, TODAY).serviceStatus).toBe(expected);
  });

  it('takes whichever of usage and time comes first', () => {
    const both = (p: number, d: number) => ({
      ...atPercent(p).t,
      everyTime: { count: 6, unit: 'months' as const },
      lastDoneDate: '2026-06-01',
      nextDueDate: addInterval(TODAY, d, 'days'),
    });
    expect(taskStatusOf(both(50, 3), 500 + 5000, TODAY).serviceStatus).toBe('approaching_service');
    expect(taskStatusOf(both(105, 60), 500 + 10_500, TODAY).serviceStatus).toBe('time_for_service');
    expect(taskStatusOf(both(85, -1), 500 + 8500, TODAY).serviceStatus).toBe('overdue');
    expect(taskStatusOf(both(10, 60), 500 + 1000, TODAY).serviceStatus).toBe('good');
  });

  it('a task without any interval has no schedule', () => {
    const s = taskStatusOf(task(), 1234, TODAY);
    expect(s.hasSchedule).toBe(false);
    expect(s.serviceStatus).toBe('good');
  });
});

describe('time intervals', () => {
  it('adds days, weeks, months and years, month-end safe', () => {
    expect(addTime('2026-01-31', { count: 1, unit: 'months' })).toBe('2026-02-28');
    expect(addTime('2028-01-31', { count: 1, unit: 'months' })).toBe('2028-02-29');
    expect(addTime('2028-02-29', { count: 1, unit: 'years' })).toBe('2029-02-28');
    expect(addTime('2026-12-28', { count: 2, unit: 'weeks' })).toBe('2027-01-11');
    expect(addTime('2026-03-01', { count: 10, unit: 'days' })).toBe('2026-03-11');
  });
  it('the next due date follows the last done; none without a date or a time interval', () => {
    expect(nextDueDateOf('2026-08-31', { count: 6, unit: 'months' })).toBe('2027-02-28');
    expect(nextDueDateOf(null, { count: 6, unit: 'months' })).toBeNull();
    expect(nextDueDateOf('2026-08-31', null)).toBeNull();
  });
  it('the next due usage is last done + interval, kept at two decimals', () => {
    expect(nextDueUsageOf({ everyUsage: 250.1, lastDoneUsage: 1000.2 })).toBe(1250.3);
    expect(nextDueUsageOf({ everyUsage: null, lastDoneUsage: 1000 })).toBeNull();
  });
});

describe('forecast per task', () => {
  it('each task uses its own interval at the machine one rate', () => {
    const rate = rateOf(10);
    const oil = viewTask(task({ everyUsage: 250, lastDoneUsage: 900 }), 1000, rate, TODAY);
    const filter = viewTask(task({ everyUsage: 1000, lastDoneUsage: 500 }), 1000, rate, TODAY);
    expect(oil.forecast.dueDate).toBe(addInterval(TODAY, 15, 'days'));
    expect(filter.forecast.dueDate).toBe(addInterval(TODAY, 50, 'days'));
    expect(oil.basis).toBe('usage');
    expect(oil.daysLeft).toBe(15);
  });
  it('the calendar wins when it comes first', () => {
    const t = task({
      everyUsage: 250,
      lastDoneUsage: 900,
      everyTime: { count: 1, unit: 'months' },
      lastDoneDate: '2026-10-25',
      nextDueDate: '2026-11-25',
    });
    const v = viewTask(t, 1000, rateOf(2), TODAY);
    expect(v.forecast.dueDate).toBe('2026-11-25');
    expect(v.basis).toBe('calendar');
    expect(v.daysLeft).toBe(5);
  });
  it('percent used by days when the task has only a time interval', () => {
    const t = task({
      everyTime: { count: 10, unit: 'days' },
      lastDoneDate: '2026-11-15',
      nextDueDate: '2026-11-25',
    });
    expect(percentUsedOf(t, { usagePercent: null }, TODAY)).toBe(50);
  });
});

describe('worst-of across tasks and the next task', () => {
  it('the worst status wins', () => {
    expect(worstOf([])).toBe('good');
    expect(worstOf(['good', 'overdue', 'approaching_service'])).toBe('overdue');
    expect(worstOf(['approaching_service', 'time_for_service'])).toBe('time_for_service');
  });

  it('a machine is its worst task; the next task is the one due soonest', () => {
    const rate = rateOf(10);
    const views = [
      viewTask(
        task({ id: 'a', name: 'Engine oil', everyUsage: 250, lastDoneUsage: 900 }),
        1000,
        rate,
        TODAY,
      ),
      viewTask(
        task({ id: 'b', name: 'Hydraulic oil', everyUsage: 2000, lastDoneUsage: -1000 }),
        1000,
        rate,
        TODAY,
      ),
      viewTask(
        task({
          id: 'c',
          name: 'Inspection',
          everyTime: { count: 12, unit: 'months' },
          lastDoneDate: '2025-11-22',
          nextDueDate: '2026-11-22',
        }),
        1000,
        rate,
        TODAY,
      ),
    ];
    const s = machineStatusOf(views, { currentUsage: 1000, threshold: null }, TODAY);
    expect(s.serviceStatus).toBe('time_for_service');
    expect(s.nextServiceUsage).toBe(1000);
    expect(s.critical).toBe(true);
    // b is due now (usage reached: today), c in 2 days, a in 15 days.
    expect(nextTaskOf(views)).toEqual({
      id: 'b',
      name: 'Hydraulic oil',
      primary: false,
      dueUsage: 1000,
      dueDate: null,
      forecastDate: TODAY,
    });
  });

  it('the figures come from the worst task, the most used among equals, whatever the rate', () => {
    const oil = task({ id: 'a', name: 'Engine oil', everyUsage: 250, lastDoneUsage: 700 });
    const filter = task({ id: 'b', name: 'Filter', everyUsage: 600, lastDoneUsage: 0 });
    // Both overdue: oil at 120 %, the filter at 167 %: the filter is more used and drives the figures.
    const m = { currentUsage: 1000 };
    const slow = machineScheduleOf([oil, filter], m, rateOf(1), TODAY);
    const fast = machineScheduleOf([oil, filter], m, rateOf(500), TODAY);
    const bare = machineStatusFromTasks([oil, filter], m, TODAY);
    expect(bare.serviceStatus).toBe('overdue');
    expect(bare.nextServiceUsage).toBe(600);
    expect(bare.overdueUsage).toBe(400);
    const { nextTask: slowNext, ...slowStatus } = slow.status;
    const { nextTask: fastNext, ...fastStatus } = fast.status;
    expect(slowStatus).toEqual(bare);
    expect(fastStatus).toEqual(bare);
    expect(slowNext?.id).toBe(fastNext?.id);
    // A good task with a nearer date does not drive the figures of an overdue machine.
    const soon = task({
      id: 'c',
      name: 'Inspection',
      everyTime: { count: 12, unit: 'months' },
      lastDoneDate: '2025-12-20',
      nextDueDate: '2026-12-20',
    });
    expect(machineStatusFromTasks([soon, oil], m, TODAY)).toMatchObject({
      serviceStatus: 'overdue',
      nextServiceUsage: 950,
    });
  });

  it('the machine forecast is its next task forecast', () => {
    const oil = task({ id: 'a', name: 'Engine oil', everyUsage: 250, lastDoneUsage: 900 });
    const hyd = task({ id: 'b', name: 'Hydraulic oil', everyUsage: 2000, lastDoneUsage: 0 });
    const s = machineScheduleOf([hyd, oil], { currentUsage: 1000 }, rateOf(10), TODAY);
    expect(s.status.nextTask).toMatchObject({ id: 'a', name: 'Engine oil', dueUsage: 1150 });
    expect(s.forecast.dueAtUsage).toBe(1150);
    expect(s.forecast.dueDate).toBe(s.status.nextTask?.forecastDate);
    expect(s.views.map((v) => v.task.id)).toEqual(['b', 'a']);
  });

  it('no task with a schedule: No schedule, no next task, the lifespan still told', () => {
    const views = [viewTask(task(), 900, noRate, TODAY)];
    const s = machineStatusOf(views, { currentUsage: 900, threshold: 1000 }, TODAY);
    expect(s.hasSchedule).toBe(false);
    expect(s.lifespanPercent).toBe(90);
    expect(s.lifespanWarning).toBe(true);
    expect(nextTaskOf(views)).toBeNull();
    expect(machineStatusOf([], { currentUsage: 0 }, TODAY).hasSchedule).toBe(false);
  });

  it('a service resets a task at its usage and date', () => {
    const t = task({ everyUsage: 250, everyTime: { count: 6, unit: 'months' }, lastDoneUsage: 0 });
    expect(resetTask(t, 1010, '2026-08-31')).toMatchObject({
      lastDoneUsage: 1010,
      lastDoneDate: '2026-08-31',
      nextDueDate: '2027-02-28',
    });
  });
});

/** A machine as the equipment form and the status engine knew it before tasks existed. */
const machineArb = fc.record({
  currentUsage: fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 100),
  lastServiceUsage: fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 100),
  serviceInterval: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 500_000 }).map((n) => n / 100),
  ),
  hasScheduledMaintenance: fc.boolean(),
  maintenanceStartDate: fc.option(
    fc.integer({ min: -800, max: 400 }).map((d) => addInterval(TODAY, d, 'days')),
  ),
  maintenanceInterval: fc.option(fc.integer({ min: 1, max: 36 })),
  maintenanceIntervalUnit: fc.constantFrom('days', 'months', 'years'),
  lastServiceDate: fc.option(
    fc.integer({ min: -800, max: 0 }).map((d) => addInterval(TODAY, d, 'days')),
  ),
  nextMaintenanceDate: fc.option(
    fc.integer({ min: -400, max: 400 }).map((d) => addInterval(TODAY, d, 'days')),
  ),
  threshold: fc.option(fc.integer({ min: 1, max: 100_000 })),
  alertThreshold: fc.constantFrom(10, 15, 20, 25),
  perDay: fc.option(fc.integer({ min: 0, max: 5000 }).map((n) => n / 100)),
});

describe('a one-task machine is exactly the machine of before tasks', () => {
  it('its primary task gives today status, next due and forecast (property)', () => {
    fc.assert(
      fc.property(machineArb, (m) => {
        const rate = m.perDay === null ? noRate : rateOf(m.perDay, m.currentUsage);
        const before = computeStatus(m, TODAY);
        const forecastBefore = forecastService(
          {
            currentUsage: m.currentUsage,
            lastServiceUsage: m.lastServiceUsage,
            serviceInterval: m.serviceInterval,
            hasScheduledMaintenance: m.hasScheduledMaintenance,
            nextMaintenanceDate: m.nextMaintenanceDate,
          },
          rate,
          TODAY,
        );
        const primary = { id: 'p', name: 'Service', ...primaryTaskFigures(m) };
        const view = viewTask(primary, m.currentUsage, rate, TODAY);
        expect(machineStatusOf([view], m, TODAY)).toEqual(before);
        expect(view.forecast).toEqual(forecastBefore);
        const next = nextTaskOf([view]);
        // What every screen reads: the machine's schedule from its tasks (none when its fields hold no
        // schedule: the primary task exists only then), with and without the rate.
        const tasks = hasPrimarySchedule(m) ? [primary] : [];
        const schedule = machineScheduleOf(tasks, m, rate, TODAY);
        expect(schedule.status).toEqual({ ...before, nextTask: tasks.length ? next : null });
        expect(schedule.forecast).toEqual(forecastBefore);
        expect(machineStatusFromTasks(tasks, m, TODAY)).toEqual(before);
        if (!before.hasSchedule) expect(next).toBeNull();
        else {
          expect(next?.dueUsage).toBe(before.nextServiceUsage);
          expect(next?.dueDate).toBe(m.hasScheduledMaintenance ? m.nextMaintenanceDate : null);
          expect(next?.forecastDate).toBe(forecastBefore.dueDate);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a second task that is better leaves the machine status as it was (property)', () => {
    fc.assert(
      fc.property(machineArb, (m) => {
        const primary = { id: 'p', name: 'Service', ...primaryTaskFigures(m) };
        const good = task({
          id: 'g',
          name: 'Later',
          everyUsage: 1_000_000,
          lastDoneUsage: m.currentUsage,
        });
        const views = [primary, good].map((t) => viewTask(t, m.currentUsage, noRate, TODAY));
        const before = computeStatus(m, TODAY);
        const after = machineStatusOf(views, m, TODAY);
        const expected: ServiceStatus = before.hasSchedule ? before.serviceStatus : 'good';
        expect(after.serviceStatus).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
