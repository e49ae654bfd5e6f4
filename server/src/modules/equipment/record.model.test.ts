/**
 * Model-based test of the maintenance record (issue 12): random sequences of add, usage increase,
 * operator update (plausible, implausible, rollback), approve, reject, void, serviced (for chosen
 * tasks), edit, add and remove a service task (issue 40), retire, restore and Delete Forever run
 * against the API on a real database (PGlite, and PostgreSQL when TEST_DB=postgres). After every step
 * a simple reference model is compared with what the API says: no history entry ever disappears
 * except by Delete Forever, the status is the spec's verdict on the model (the worst of the machine's
 * tasks), each task's next due usage, date and status are the model's, fuel totals are exact, and the
 * next due date never moves backwards. The reference computes dates and statuses itself
 * (record.model.reference.ts), from decisions.md "One status engine": it never calls the code under
 * test (domain/status, domain/dates, domain/schedule), so a mistake there cannot hide in both.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import type { FuelExportRow, SubmitOperatorUpdateResponse } from '@domain/schemas/operators';
import type { TaskDto } from '@domain/schemas/schedule';
import {
  addSignedInUser,
  call,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import {
  expectedStatus,
  plusDays,
  plusMonths,
  plusOneMonth,
  worstOf,
} from './record.model.reference';

const t = useTestApp();

const START = '2026-03-01T15:00:00Z';

const SCHEDULE_START = '2025-12-15';

type Reading =
  | { id: string; kind: 'initial'; value: number; voided: boolean }
  | { id: string; kind: 'absolute'; value: number; voided: boolean; updateId: string }
  | { id: string; kind: 'increase'; delta: number; voided: boolean };
type Fuel = { updateId: string; gas: number; diesel: number; voided: boolean };
type Pending = { updateId: string; machine: number; newUsage: number; fuel: number };

/** A service task of the machine's own besides its primary one (issue 40). */
type Task = {
  id: string;
  everyUsage: number | null;
  everyMonths: number | null;
  lastDoneUsage: number;
  lastDoneDate: string;
};

type Machine = {
  id: string;
  /** The primary task's id (the machine's own interval fields); none when they hold no schedule. */
  primaryTaskId: string | null;
  /** Scheduled maintenance on (monthly): the primary task has a calendar part. */
  calendar: boolean;
  tasks: Task[];
  retired: boolean;
  deleted: boolean;
  readings: Reading[];
  fuel: Fuel[];
  lastServiceUsage: number;
  lastServiceDate: string | null;
  serviceInterval: number;
  /** Every history entry id ever seen. */
  seen: Set<string>;
  /** The next calendar date last seen (never earlier afterwards). */
  next: string;
};
type Model = { machines: Machine[]; pending: Pending[]; limitFree: boolean };
type Real = { owner: SignedIn; op: string };

const round2 = (n: number) => Math.round(n * 100) / 100;
const usageOf = (m: Machine) => {
  let usage = 0;
  for (const r of m.readings) {
    if (r.voided) continue;
    if (r.kind === 'increase') usage += r.delta;
    else usage = r.value;
  }
  return round2(usage);
};
const fuelOf = (m: Machine) =>
  m.fuel
    .filter((f) => !f.voided)
    .reduce((s, f) => ({ gas: s.gas + f.gas, diesel: s.diesel + f.diesel }), { gas: 0, diesel: 0 });
/** Today in the company's time zone (UTC for these companies). */
const today = () => t.deps.now().toISOString().slice(0, 10);
/** One month after the last service, else after the schedule's start. */
const nextDate = (m: Pick<Machine, 'calendar' | 'lastServiceDate'>) =>
  m.calendar ? plusOneMonth(m.lastServiceDate ?? SCHEDULE_START) : null;
const taskNext = (k: Task) => (k.everyMonths ? plusMonths(k.lastDoneDate, k.everyMonths) : null);
const taskVerdict = (k: Task, usage: number, day: string) =>
  expectedStatus(
    {
      usage,
      lastServiceUsage: k.lastDoneUsage,
      serviceInterval: k.everyUsage ?? 0,
      next: taskNext(k),
    },
    day,
  );
const live = (model: Model) => model.machines.filter((m) => !m.deleted);
const active = (model: Model) => live(model).filter((m) => !m.retired);

async function ok<T>(res: { statusCode: number; body: string; json: <J>() => J }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const historyOf = async (r: Real, m: Machine) =>
  ok<HistoryRecordDto[]>(
    await call(t.app, r.owner.cookie, 'GET', `/api/equipment/${m.id}/history`),
  );
/** The history entry written by the last call (newest first). */
const newest = async (r: Real, m: Machine) => (await historyOf(r, m))[0]!;

let steps = 0;
/** Compares every live machine with the model. */
async function check(model: Model, r: Real) {
  steps += 1;
  const day = today();
  let fuelTotal = 0;
  for (const m of model.machines) {
    if (m.deleted) {
      const gone = await call(t.app, r.owner.cookie, 'GET', `/api/equipment/${m.id}/history`);
      expect(gone.statusCode).toBe(404);
      continue;
    }
    const e = await ok<EquipmentDto>(
      await call(t.app, r.owner.cookie, 'GET', `/api/equipment/${m.id}`),
    );
    const hist = await historyOf(r, m);
    const ids = new Set(hist.map((h) => h.id));
    for (const id of m.seen) expect(ids.has(id), `history entry ${id} disappeared`).toBe(true);
    for (const id of ids) m.seen.add(id);
    const usage = usageOf(m);
    const fuel = fuelOf(m);
    expect(e.currentUsage).toBe(usage);
    expect(e.totalGasUsed).toBeCloseTo(fuel.gas, 3);
    expect(e.totalDieselUsed).toBeCloseTo(fuel.diesel, 3);
    expect(e.totalFuelUsed).toBeCloseTo(fuel.gas + fuel.diesel, 3);
    fuelTotal += fuel.gas + fuel.diesel;
    expect(e.lastServiceUsage).toBe(m.lastServiceUsage);
    expect(e.lastServiceDate).toBe(m.lastServiceDate);
    expect(e.nextMaintenanceDate).toBe(nextDate(m));
    if (e.nextMaintenanceDate) {
      expect(e.nextMaintenanceDate >= m.next, 'the next due date moved backwards').toBe(true);
      m.next = e.nextMaintenanceDate;
    }
    expect(e.retiredAt !== null).toBe(m.retired);
    const verdict = worstOf([
      expectedStatus(
        {
          usage,
          lastServiceUsage: m.lastServiceUsage,
          serviceInterval: m.serviceInterval,
          next: nextDate(m),
        },
        day,
      ),
      ...m.tasks.map((k) => taskVerdict(k, usage, day)),
    ]);
    expect(e.status.serviceStatus).toBe(verdict.serviceStatus);
    expect(e.status.critical).toBe(verdict.critical);
    if (m.tasks.length > 0) {
      const dtos = await ok<TaskDto[]>(
        await call(t.app, r.owner.cookie, 'GET', `/api/equipment/${m.id}/tasks`),
      );
      expect(dtos.map((d) => d.id).sort()).toEqual(
        [...(m.primaryTaskId ? [m.primaryTaskId] : []), ...m.tasks.map((k) => k.id)].sort(),
      );
      for (const k of m.tasks) {
        const dto = dtos.find((d) => d.id === k.id)!;
        expect(dto.lastDone).toEqual({ usage: k.lastDoneUsage, date: k.lastDoneDate });
        expect(dto.next.usage).toBe(k.everyUsage ? round2(k.lastDoneUsage + k.everyUsage) : null);
        expect(dto.next.date).toBe(taskNext(k));
        expect(dto.status).toBe(taskVerdict(k, usage, day).serviceStatus);
      }
    }
    // Voided readings are still in the history, marked.
    for (const rd of m.readings)
      if (rd.voided) expect(hist.find((h) => h.id === rd.id)?.voided).not.toBeNull();
  }
  const exported = await ok<FuelExportRow[]>(
    await call(t.app, r.owner.cookie, 'GET', '/api/fuel-usage/export'),
  );
  expect(exported.reduce((s, f) => s + f.fuelAdded, 0)).toBeCloseTo(fuelTotal, 3);
}

type Cmd = fc.AsyncCommand<Model, Real>;
const pick = <T>(list: T[], i: number) => list[i % list.length]!;

/** The machine's primary task now (the API gives it a new id when its fields hold a schedule again). */
async function primaryOf(r: Real, id: string) {
  const tasks = await ok<TaskDto[]>(
    await call(t.app, r.owner.cookie, 'GET', `/api/equipment/${id}/tasks`),
  );
  return tasks.find((k) => k.primary)?.id ?? null;
}

class AddMachine implements Cmd {
  constructor(
    readonly usage: number,
    readonly calendar = true,
  ) {}
  check = (m: Model) => active(m).length < 3;
  async run(model: Model, r: Real) {
    const e = await ok<EquipmentDto>(
      await call(t.app, r.owner.cookie, 'POST', '/api/equipment', {
        name: `M${model.machines.length}`,
        type: 'machinery',
        unit: 'hours',
        currentUsage: this.usage,
        serviceInterval: 50,
        ...(this.calendar
          ? {
              hasScheduledMaintenance: true,
              maintenanceStartDate: SCHEDULE_START,
              maintenanceInterval: 1,
              maintenanceIntervalUnit: 'months',
            }
          : { hasScheduledMaintenance: false }),
      }),
      201,
    );
    const m: Machine = {
      id: e.id,
      primaryTaskId: await primaryOf(r, e.id),
      calendar: this.calendar,
      tasks: [],
      retired: false,
      deleted: false,
      readings: [],
      fuel: [],
      lastServiceUsage: this.usage,
      lastServiceDate: null,
      serviceInterval: 50,
      seen: new Set(),
      next: nextDate({ calendar: this.calendar, lastServiceDate: null }) ?? '',
    };
    const initial = await newest(r, m);
    m.readings.push({ id: initial.id, kind: 'initial', value: this.usage, voided: false });
    model.machines.push(m);
    await check(model, r);
  }
  toString = () => `add(${this.usage}${this.calendar ? '' : ', no calendar'})`;
}

class Increase implements Cmd {
  constructor(
    readonly i: number,
    readonly delta: number,
  ) {}
  check = (m: Model) => active(m).length > 0;
  async run(model: Model, r: Real) {
    const m = pick(active(model), this.i);
    await ok(
      await call(t.app, r.owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
        usageIncrease: this.delta,
      }),
    );
    const entry = await newest(r, m);
    m.readings.push({ id: entry.id, kind: 'increase', delta: this.delta, voided: false });
    await check(model, r);
  }
  toString = () => `increase(${this.i}, ${this.delta})`;
}

class OperatorUpdate implements Cmd {
  constructor(
    readonly i: number,
    readonly kind: 'plausible' | 'implausible' | 'rollback',
    readonly amount: number,
    readonly fuel: number,
  ) {}
  check = (m: Model) => active(m).length > 0;
  async run(model: Model, r: Real) {
    const m = pick(active(model), this.i);
    const current = usageOf(m);
    const newUsage =
      this.kind === 'plausible'
        ? round2(current + this.amount)
        : this.kind === 'implausible'
          ? round2(current + 500 + this.amount)
          : round2(current - 1 - this.amount);
    if (newUsage < 0) return;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator-updates',
      headers: { cookie: r.op },
      payload: { equipmentId: m.id, newUsage, fuelAdded: this.fuel, fuelType: 'diesel' },
    });
    if (this.kind === 'rollback') {
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('operators.meterRollback');
    } else {
      const body = await ok<SubmitOperatorUpdateResponse>(res, 201);
      if (this.kind === 'implausible') {
        expect(body.status).toBe('pending');
        model.pending.push({
          updateId: body.update.id,
          machine: model.machines.indexOf(m),
          newUsage,
          fuel: this.fuel,
        });
      } else {
        expect(body.status).toBe('applied');
        const entry = await newest(r, m);
        expect(entry.operatorUpdateId).toBe(body.update.id);
        m.readings.push({
          id: entry.id,
          kind: 'absolute',
          value: newUsage,
          voided: false,
          updateId: body.update.id,
        });
        m.fuel.push({ updateId: body.update.id, gas: 0, diesel: this.fuel, voided: false });
      }
    }
    await check(model, r);
  }
  toString = () => `operator(${this.i}, ${this.kind}, ${this.amount}, fuel ${this.fuel})`;
}

class Review implements Cmd {
  constructor(
    readonly i: number,
    readonly approve: boolean,
  ) {}
  check = (m: Model) => m.pending.length > 0;
  async run(model: Model, r: Real) {
    const p = pick(model.pending, this.i);
    model.pending = model.pending.filter((x) => x !== p);
    const m = model.machines[p.machine]!;
    const res = await call(
      t.app,
      r.owner.cookie,
      'POST',
      `/api/operator-updates/${p.updateId}/${this.approve ? 'approve' : 'reject'}`,
    );
    if (m.deleted) expect(res.statusCode).toBe(404);
    else if (!this.approve) expect(res.statusCode).toBe(200);
    else if (m.retired) {
      expect([res.statusCode, res.json().key]).toEqual([409, 'equipment.isRetired']);
      model.pending.push(p); // still pending: approved once the machine is restored
    } else if (p.newUsage < usageOf(m)) {
      expect(res.statusCode).toBe(400);
      model.pending.push(p); // still pending
    } else {
      await ok(res);
      const entry = await newest(r, m);
      m.readings.push({
        id: entry.id,
        kind: 'absolute',
        value: p.newUsage,
        voided: false,
        updateId: p.updateId,
      });
      m.fuel.push({ updateId: p.updateId, gas: 0, diesel: p.fuel, voided: false });
    }
    await check(model, r);
  }
  toString = () => `${this.approve ? 'approve' : 'reject'}(${this.i})`;
}

class Void implements Cmd {
  constructor(
    readonly i: number,
    readonly j: number,
  ) {}
  check = (m: Model) =>
    active(m).some((x) => x.readings.some((rd) => rd.kind !== 'initial' && !rd.voided));
  async run(model: Model, r: Real) {
    const ms = active(model).filter((x) =>
      x.readings.some((rd) => rd.kind !== 'initial' && !rd.voided),
    );
    const m = pick(ms, this.i);
    const rd = pick(
      m.readings.filter((x) => x.kind !== 'initial' && !x.voided),
      this.j,
    );
    await ok(
      await call(t.app, r.owner.cookie, 'POST', `/api/equipment/${m.id}/history/${rd.id}/void`, {
        reason: 'model',
      }),
    );
    rd.voided = true;
    if (rd.kind === 'absolute')
      for (const f of m.fuel) if (f.updateId === rd.updateId) f.voided = true;
    await check(model, r);
  }
  toString = () => `void(${this.i}, ${this.j})`;
}

class Serviced implements Cmd {
  constructor(
    readonly i: number,
    readonly daysBack: number,
    /** Which tasks were done, as bits over [primary, ...tasks]; none: no `taskIds` (the primary only). */
    readonly mask: number,
  ) {}
  check = (m: Model) => active(m).length > 0;
  async run(model: Model, r: Real) {
    const m = pick(active(model), this.i);
    const date = plusDays(today(), -this.daysBack);
    const ids = [...(m.primaryTaskId ? [m.primaryTaskId] : []), ...m.tasks.map((k) => k.id)];
    const chosen = ids.filter((_, k) => (this.mask >> k) & 1);
    await ok(
      await call(t.app, r.owner.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
        serviceDate: date,
        cost: 10,
        ...(chosen.length > 0 ? { taskIds: chosen } : {}),
      }),
    );
    const usage = usageOf(m);
    // A back-dated service never moves a task's last done backwards.
    if (chosen.length === 0 || (m.primaryTaskId !== null && chosen.includes(m.primaryTaskId)))
      if (!m.lastServiceDate || date >= m.lastServiceDate) {
        m.lastServiceDate = date;
        m.lastServiceUsage = usage;
      }
    for (const k of m.tasks)
      if (chosen.includes(k.id) && date >= k.lastDoneDate) {
        k.lastDoneDate = date;
        k.lastDoneUsage = usage;
      }
    await check(model, r);
  }
  toString = () => `serviced(${this.i}, -${this.daysBack}d, tasks ${this.mask.toString(2)})`;
}

/** A service task of the machine's own: by usage, by months, or both (issue 40). */
class AddTask implements Cmd {
  constructor(
    readonly i: number,
    readonly everyUsage: number | null,
    readonly everyMonths: number | null,
  ) {}
  check = (m: Model) => active(m).some((x) => x.tasks.length < 3);
  async run(model: Model, r: Real) {
    const m = pick(
      active(model).filter((x) => x.tasks.length < 3),
      this.i,
    );
    const dto = await ok<TaskDto>(
      await call(t.app, r.owner.cookie, 'POST', `/api/equipment/${m.id}/tasks`, {
        name: `Task ${m.tasks.length + 1}`,
        category: 'service',
        ...(this.everyUsage ? { everyUsage: this.everyUsage } : {}),
        ...(this.everyMonths ? { everyTime: { count: this.everyMonths, unit: 'months' } } : {}),
      }),
      201,
    );
    // Last done: the machine's usage now and today.
    m.tasks.push({
      id: dto.id,
      everyUsage: this.everyUsage,
      everyMonths: this.everyMonths,
      lastDoneUsage: usageOf(m),
      lastDoneDate: today(),
    });
    await check(model, r);
  }
  toString = () => `addTask(${this.i}, every ${this.everyUsage} h, ${this.everyMonths} mo)`;
}

class RemoveTask implements Cmd {
  constructor(
    readonly i: number,
    readonly j: number,
  ) {}
  check = (m: Model) => active(m).some((x) => x.tasks.length > 0);
  async run(model: Model, r: Real) {
    const m = pick(
      active(model).filter((x) => x.tasks.length > 0),
      this.i,
    );
    const k = pick(m.tasks, this.j);
    const res = await call(t.app, r.owner.cookie, 'DELETE', `/api/equipment/${m.id}/tasks/${k.id}`);
    expect(res.statusCode, res.body).toBe(204);
    m.tasks = m.tasks.filter((x) => x !== k);
    await check(model, r);
  }
  toString = () => `removeTask(${this.i}, ${this.j})`;
}

class Edit implements Cmd {
  constructor(
    readonly i: number,
    readonly interval: number | null,
  ) {}
  check = (m: Model) => active(m).length > 0;
  async run(model: Model, r: Real) {
    const m = pick(active(model), this.i);
    await ok(
      await call(t.app, r.owner.cookie, 'PATCH', `/api/equipment/${m.id}`, {
        description: `edited ${this.interval}`,
        ...(this.interval !== null ? { serviceInterval: this.interval } : {}),
      }),
    );
    if (this.interval !== null) m.serviceInterval = this.interval;
    // An interval of 0 with no calendar leaves no primary task; a new interval makes it again.
    m.primaryTaskId = await primaryOf(r, m.id);
    expect(m.primaryTaskId === null).toBe(m.serviceInterval === 0 && !m.calendar);
    await check(model, r);
  }
  toString = () => `edit(${this.i}, ${this.interval})`;
}

class Retire implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => active(m).length > 0;
  async run(model: Model, r: Real) {
    const m = pick(active(model), this.i);
    await ok(await call(t.app, r.owner.cookie, 'POST', `/api/equipment/${m.id}/retire`, {}));
    m.retired = true;
    await check(model, r);
  }
  toString = () => `retire(${this.i})`;
}

class Restore implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => live(m).some((x) => x.retired);
  async run(model: Model, r: Real) {
    const m = pick(
      live(model).filter((x) => x.retired),
      this.i,
    );
    await ok(await call(t.app, r.owner.cookie, 'POST', `/api/retired-equipment/${m.id}/restore`));
    m.retired = false;
    await check(model, r);
  }
  toString = () => `restore(${this.i})`;
}

class DeleteForever implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => live(m).length > 1;
  async run(model: Model, r: Real) {
    const m = pick(live(model), this.i);
    await ok(await call(t.app, r.owner.cookie, 'DELETE', `/api/equipment/${m.id}`));
    m.deleted = true;
    model.pending = model.pending.filter((p) => model.machines[p.machine] !== m);
    await check(model, r);
  }
  toString = () => `deleteForever(${this.i})`;
}

class NextDay implements Cmd {
  check = () => true;
  async run(model: Model, r: Real) {
    t.clock.advanceDays(1);
    r.owner.cookie = await signInAgain(t.app, r.owner);
    r.op = (
      await addSignedInUser(t.deps.systemDb, 'operator', r.owner.companyId, { now: t.deps.now() })
    ).cookie;
    await check(model, r);
  }
  toString = () => 'nextDay';
}

const idx = fc.nat({ max: 5 });
const commands = [
  fc
    .tuple(fc.integer({ min: 0, max: 200 }), fc.boolean())
    .map(([u, calendar]) => new AddMachine(u, calendar)),
  fc.tuple(idx, fc.integer({ min: 1, max: 40 })).map(([i, d]) => new Increase(i, d)),
  fc
    .tuple(
      idx,
      fc.constantFrom('plausible', 'plausible', 'implausible', 'rollback' as const),
      fc.integer({ min: 0, max: 5 }),
      fc.constantFrom(0, 0, 2.5, 10.125),
    )
    .map(([i, k, a, f]) => new OperatorUpdate(i, k as 'plausible', a, f)),
  fc.tuple(idx, fc.boolean()).map(([i, a]) => new Review(i, a)),
  fc.tuple(idx, idx).map(([i, j]) => new Void(i, j)),
  fc
    .tuple(idx, fc.nat({ max: 40 }), fc.constantFrom(0, 0, 1, 2, 3, 5, 15))
    .map(([i, d, mask]) => new Serviced(i, d, mask)),
  fc
    .tuple(idx, fc.constantFrom(null, 30, 80, 200), fc.constantFrom(null, 1, 3, 12))
    .filter(([, u, mo]) => u !== null || mo !== null)
    .map(([i, u, mo]) => new AddTask(i, u, mo)),
  fc.tuple(idx, idx).map(([i, j]) => new RemoveTask(i, j)),
  fc.tuple(idx, fc.option(fc.constantFrom(0, 25, 100))).map(([i, v]) => new Edit(i, v)),
  idx.map((i) => new Retire(i)),
  idx.map((i) => new Restore(i)),
  idx.map((i) => new DeleteForever(i)),
  fc.constant(new NextDay()),
];

it('the reference calendar and status rules give the values written in the spec', () => {
  expect(plusOneMonth('2025-12-15')).toBe('2026-01-15');
  expect(plusOneMonth('2026-01-31')).toBe('2026-02-28');
  expect(plusOneMonth('2028-01-31')).toBe('2028-02-29');
  expect(plusOneMonth('2026-03-31')).toBe('2026-04-30');
  expect(plusMonths('2026-01-31', 2)).toBe('2026-03-31');
  expect(plusMonths('2026-11-30', 3)).toBe('2027-02-28');
  expect(plusMonths('2026-03-01', 12)).toBe('2027-03-01');
  expect(plusDays('2026-03-01', -1)).toBe('2026-02-28');
  expect(plusDays('2026-12-31', 1)).toBe('2027-01-01');
  const at = (usage: number, next: string) =>
    expectedStatus({ usage, lastServiceUsage: 100, serviceInterval: 50, next }, '2026-03-01');
  expect(at(139.99, '2026-04-01')).toEqual({ serviceStatus: 'good', critical: false });
  expect(at(140, '2026-04-01')).toEqual({ serviceStatus: 'approaching_service', critical: false });
  expect(at(147.5, '2026-04-01')).toEqual({ serviceStatus: 'approaching_service', critical: true });
  expect(at(150, '2026-04-01').serviceStatus).toBe('time_for_service');
  expect(at(155, '2026-04-01').serviceStatus).toBe('overdue');
  expect(at(100, '2026-03-08')).toEqual({ serviceStatus: 'approaching_service', critical: true });
  expect(at(100, '2026-03-09')).toEqual({ serviceStatus: 'good', critical: false });
  expect(at(100, '2026-03-02').serviceStatus).toBe('time_for_service');
  expect(at(100, '2026-02-28').serviceStatus).toBe('overdue');
  // A task by usage only has no date part; a machine is its worst task, critical when any is.
  const usageOnly = (usage: number) =>
    expectedStatus({ usage, lastServiceUsage: 0, serviceInterval: 100, next: null }, '2026-03-01');
  expect(usageOnly(79)).toEqual({ serviceStatus: 'good', critical: false });
  expect(usageOnly(96)).toEqual({ serviceStatus: 'approaching_service', critical: true });
  expect(worstOf([at(100, '2026-04-01'), usageOnly(111)]).serviceStatus).toBe('overdue');
  expect(worstOf([at(147.5, '2026-04-01'), usageOnly(10)])).toEqual({
    serviceStatus: 'approaching_service',
    critical: true,
  });
});

it(
  'no entry is lost but by Delete Forever; usage, fuel, status and the next date follow the model',
  { timeout: 600_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (cmds) => {
        t.clock.set(new Date(START));
        const owner = await signupOwner(t.app);
        const op = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId, {
          now: t.deps.now(),
        });
        const model: Model = { machines: [], pending: [], limitFree: true };
        const real: Real = { owner, op: op.cookie };
        await new AddMachine(100).run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: Number(process.env.MODEL_RUNS ?? 25), endOnFailure: true },
    );
    // The runs did run: most commands apply in every state.
    expect(steps).toBeGreaterThan(Number(process.env.MODEL_RUNS ?? 25) * 5);
    console.info(`model steps: ${steps}`);
  },
);
