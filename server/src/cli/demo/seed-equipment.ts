import type { Demo, MachinePlan } from './context';
import { MACHINES, MANAGER_NOTES, NOTES } from './data';
import { addDays, DAYS, isoDate, MINUTE_MS, round1 } from './time';

/** The 25 machines: their usage at the end is lastService + endPct % of the interval. */
export async function seedMachines({ owner, now }: Demo): Promise<MachinePlan[]> {
  // Readings climb from u0 to the end over 90 days.
  const plans: MachinePlan[] = [];
  for (const [i, m] of MACHINES.entries()) {
    const base = m.unit === 'hours' ? 400 + i * 137 : m.unit === 'n/a' ? 0 : 20_000 + i * 3_111;
    const end = round1(base + (m.interval * m.endPct) / 100);
    const climb = m.interval > 0 ? (m.interval * m.endPct) / 100 : m.unit === 'hours' ? 120 : 0;
    const perDay = (climb * 0.9) / DAYS;
    const u0 = round1(end - perDay * DAYS);
    const next = m.dueInDays !== undefined ? addDays(now, m.dueInDays) : null;
    const body = {
      name: m.name,
      type: m.type,
      serialNumber: m.serial ?? `SN-${(100_000 + i * 7_919).toString(36).toUpperCase()}`,
      unit: m.unit,
      fuelType: m.fuelType,
      currentUsage: u0,
      serviceInterval: m.interval,
      lastServiceUsage: m.interval > 0 ? round1(end - (m.interval * m.endPct) / 100) : 0,
      threshold: m.unit === 'hours' ? 10_000 : null,
      alertThreshold: 20,
      hasScheduledMaintenance: next !== null,
      // The server computes the next date (start + interval): 90 days before the wanted one.
      maintenanceStartDate: next ? isoDate(addDays(next, -90)) : null,
      maintenanceInterval: next ? 90 : null,
      maintenanceIntervalUnit: 'days',
      serviceParts:
        m.type === 'machinery'
          ? [{ part: 'Engine oil filter', partNumber: `OF-${i}`, qty: 1 }]
          : [],
      description: `${m.type === 'vehicle' ? 'Fleet vehicle' : 'Job-site equipment'} (demo data)`,
    };
    const res = await owner.call('POST', '/api/equipment', body);
    plans.push({
      id: res.json<{ id: string }>().id,
      m,
      u0,
      perDay,
      end,
      lastService: body.lastServiceUsage,
    });
  }
  return plans;
}

/**
 * Fuel burnt per unit of usage, in gallons, by type and unit: a machine burns its type's rate give or
 * take 6 % (fleets are never alike), and one with `burnsMore` that much more (the Fuel report's flag).
 */
const PER_HOUR: Record<string, number> = { machinery: 2.6, tools: 0.4, other: 1.2 };
const PER_DISTANCE: Record<string, number> = { miles: 1 / 15, kilometers: 1 / 24 };

/** The gallons a machine's fill-up puts back after `used` of usage (0: no fill-up). */
function fuelSince(p: MachinePlan, i: number, day: number, used: number): number {
  if (p.m.fuelType === 'n/a') return 0;
  // A machine without a meter: a small can now and then.
  if (p.m.unit === 'n/a') return round1(2 + ((day * 7 + i * 3) % 5));
  const rate =
    (p.m.unit === 'hours' ? (PER_HOUR[p.m.type] ?? 2.6) : (PER_DISTANCE[p.m.unit] ?? 0)) *
    (1 + ((i % 5) - 2) * 0.03) *
    (1 + (p.m.burnsMore ?? 0));
  const gallons = round1(Math.max(0, used) * rate);
  return gallons >= 0.5 ? gallons : 0;
}

/**
 * Three months of readings, fuel and notes by the four operators, a few manager notes, and three
 * readings far above what the meter can do, held for the manager's review. Answers how many updates.
 */
export async function seedReadings(demo: Demo, plans: MachinePlan[]): Promise<number> {
  const { clock, start, now, owner, operators } = demo;
  let updates = 0;
  /** Each machine's usage at its last fill-up: a fill-up puts back what was burnt since. */
  const previous = new Map<string, number>();
  for (let day = 1; day <= DAYS; day++) {
    for (const [i, p] of plans.entries()) {
      const last = day === DAYS;
      if (!last && (day + i) % 3 !== 0) continue;
      // Between 4 hours and 30 minutes before this time of day: the last day's readings are in the past.
      clock.at = new Date(
        addDays(start, day).getTime() - 240 * MINUTE_MS + (i % 8) * 30 * MINUTE_MS,
      );
      const op = operators[(day + i) % operators.length]!;
      const usage = last ? p.end : round1(p.u0 + p.perDay * day);
      const fuel = fuelSince(p, i, day, usage - (previous.get(p.id) ?? p.u0));
      if (fuel > 0) previous.set(p.id, usage);
      const body: Record<string, unknown> = { equipmentId: p.id, equipmentName: p.m.name };
      if (p.m.unit !== 'n/a') body.newUsage = usage;
      if (fuel > 0) {
        body.fuelAdded = fuel;
        body.fuelType = p.m.fuelType === 'diesel' ? 'diesel' : 'gas';
      }
      if ((day + i) % 9 === 0 || (body.newUsage === undefined && fuel === 0))
        body.notes = NOTES[(day + i) % NOTES.length];
      await op.call('POST', '/api/operator-updates', body);
      updates++;
    }
    if (day % 11 === 0) {
      const p = plans[(day / 11) % plans.length]!;
      clock.at = addDays(start, day);
      await owner.call('POST', `/api/equipment/${p.id}/notes`, {
        content: MANAGER_NOTES[day % MANAGER_NOTES.length],
        type: 'note',
      });
    }
  }
  // Readings far above what the meter can do since the last one: held for the manager's review.
  clock.at = new Date(now.getTime() - 10 * MINUTE_MS);
  const held = plans.filter((p) => p.m.unit === 'hours' && p.m.interval > 0).slice(0, 3);
  for (const [i, p] of held.entries()) {
    await operators[i]!.call('POST', '/api/operator-updates', {
      equipmentId: p.id,
      newUsage: round1(p.end + 180 + i * 40),
      notes: 'Hour meter replaced?',
    });
    updates++;
  }
  return updates;
}

/**
 * The service log: machinery without a calendar schedule was last serviced when its meter passed the
 * last-service reading (back-dated entries with parts, cost and who did it; statuses unchanged).
 */
export async function seedServiceLog({ clock, start, now, owner }: Demo, plans: MachinePlan[]) {
  clock.at = new Date(now.getTime() - 8 * MINUTE_MS);
  for (const [i, p] of plans.entries()) {
    if (p.m.type !== 'machinery' || p.m.dueInDays !== undefined || p.m.interval <= 0) continue;
    if (p.perDay <= 0 || p.lastService < p.u0) continue;
    const day = Math.min(DAYS, Math.max(0, Math.floor((p.lastService - p.u0) / p.perDay)));
    await owner.call('PATCH', `/api/equipment/${p.id}/reset-service`, {
      serviceDate: isoDate(addDays(start, day)),
      usage: p.lastService,
      parts: [{ part: 'Engine oil filter', partNumber: `OF-${i}`, qty: 1 }],
      cost: 85 + (i % 5) * 20,
      performedBy: i % 2 === 0 ? 'Valley Equipment Service' : 'In-house',
      notes: 'Oil and filter change',
    });
  }
}
