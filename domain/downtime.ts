/**
 * Fleet insight, downtime and reliability (issue 45): how much of a period each machine was in service,
 * how many defects were opened, the mean time to repair and the mean usage between failures, per
 * machine and per type. One function for the Reports page, its CSV and `GET /api/reports/downtime`.
 * Plain data in, plain data out: the server reads the out-of-service and back-in-service entries of
 * the machines' history (the last one before the period too) and counts the defects opened in it.
 * The method is in docs/decisions/fleet-insight.md.
 */

const HOUR_MS = 3_600_000;

/** A history entry that took a machine out of service or put it back (instants in ms). */
export type ServiceEvent = { at: number; out: boolean };

export type DowntimeMachine = {
  equipmentId: string;
  name: string;
  type: string;
  /** hours, miles, kilometers or n/a. */
  unit: string;
  /** When the machine was added: the time before it is not counted. */
  addedAt: number;
  /** Its out-of-service and back-in-service entries in order: those in the period, and the last before it. */
  events: readonly ServiceEvent[];
  /** Out of service now with no entry saying since when (kept by the machine itself): since this instant. */
  outSince: number | null;
  /** Defects opened in the period. */
  defects: number;
  /** Usage at the period's start and end (as in domain/utilization.ts); null without a meter or readings. */
  startUsage: number | null;
  endUsage: number | null;
};

export type DowntimeRow = {
  equipmentId: string;
  name: string;
  type: string;
  unit: string;
  /** Share of the period (0..1) the machine was in service. */
  availability: number;
  /** Hours out of service within the period. */
  outOfServiceHours: number;
  /** Defects opened in the period. */
  defects: number;
  /** Times the machine went out of service in the period. */
  failures: number;
  /** Out-of-service periods that ended (back in service) in the period. */
  repairs: number;
  /** Mean hours from out of service until back in service, over the repairs; null when none. */
  mttrHours: number | null;
  /** Usage over the period divided by its failures; null without a failure or a meter. */
  usageBetweenFailures: number | null;
  /** Out of service at the period's end (or now). */
  outOfService: boolean;
};

export type DowntimeTypeRow = {
  type: string;
  machines: number;
  availability: number;
  defects: number;
  failures: number;
  mttrHours: number | null;
};

export type Downtime = {
  machines: DowntimeRow[];
  types: DowntimeTypeRow[];
  totals: {
    machines: number;
    availability: number;
    defects: number;
    failures: number;
    mttrHours: number | null;
    outOfService: number;
  };
};

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};
const mean = (xs: readonly number[]) =>
  xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;

type Figures = {
  row: DowntimeRow;
  windowMs: number;
  outMs: number;
  repairMs: number[];
};

function machineFigures(m: DowntimeMachine, start: number, end: number): Figures {
  const from = Math.max(start, m.addedAt);
  const windowMs = Math.max(0, end - from);
  const events = [...m.events].sort((a, b) => a.at - b.at);
  let outAt: number | null = null;
  let outMs = 0;
  let failures = 0;
  const repairMs: number[] = [];
  const overlap = (a: number, b: number) => Math.max(0, Math.min(b, end) - Math.max(a, from));
  for (const e of events) {
    if (e.at >= end) break;
    if (e.out) {
      if (outAt !== null) continue; // already out: the first entry says since when
      outAt = e.at;
      if (e.at >= start) failures += 1;
    } else if (outAt !== null) {
      outMs += overlap(outAt, e.at);
      if (e.at >= start) repairMs.push(e.at - outAt);
      outAt = null;
    }
  }
  // Still out: no entry said since when, but the machine does.
  if (outAt === null && m.outSince !== null && m.outSince < end) {
    outAt = m.outSince;
    if (m.outSince >= start) failures += 1;
  }
  if (outAt !== null) outMs += overlap(outAt, end);
  const used =
    m.unit !== 'n/a' && m.startUsage !== null && m.endUsage !== null
      ? Math.max(0, m.endUsage - m.startUsage)
      : null;
  const mttr = mean(repairMs);
  return {
    windowMs,
    outMs,
    repairMs,
    row: {
      equipmentId: m.equipmentId,
      name: m.name,
      type: m.type,
      unit: m.unit,
      availability: windowMs === 0 ? 1 : round(1 - outMs / windowMs, 4),
      outOfServiceHours: round(outMs / HOUR_MS, 2),
      defects: m.defects,
      failures,
      repairs: repairMs.length,
      mttrHours: mttr === null ? null : round(mttr / HOUR_MS, 2),
      usageBetweenFailures: used === null || failures === 0 ? null : round(used / failures, 2),
      outOfService: outAt !== null,
    },
  };
}

/** Figures of a group of machines: availability weighted by the time each was counted. */
function groupOf(figures: readonly Figures[]) {
  const windowMs = figures.reduce((a, f) => a + f.windowMs, 0);
  const outMs = figures.reduce((a, f) => a + f.outMs, 0);
  const mttr = mean(figures.flatMap((f) => f.repairMs));
  return {
    machines: figures.length,
    availability: windowMs === 0 ? 1 : round(1 - outMs / windowMs, 4),
    defects: figures.reduce((a, f) => a + f.row.defects, 0),
    failures: figures.reduce((a, f) => a + f.row.failures, 0),
    mttrHours: mttr === null ? null : round(mttr / HOUR_MS, 2),
  };
}

/**
 * Each machine's downtime over the instants `start`..`end` (the period's first midnight and the one
 * after its last day, company time) seen at `now`: time after `now` is not counted, so an open
 * out-of-service period counts until the period's end or now, whichever is first.
 */
export function downtimeOf(
  machines: readonly DowntimeMachine[],
  period: { start: number; end: number },
  now: number,
): Downtime {
  const end = Math.min(period.end, now);
  const figures = machines.map((m) => machineFigures(m, period.start, end));
  const byType = new Map<string, Figures[]>();
  for (const f of figures) {
    const list = byType.get(f.row.type);
    if (list) list.push(f);
    else byType.set(f.row.type, [f]);
  }
  const types = [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, fs]) => ({ type, ...groupOf(fs) }));
  const all = groupOf(figures);
  return {
    machines: figures.map((f) => f.row),
    types,
    totals: { ...all, outOfService: figures.filter((f) => f.row.outOfService).length },
  };
}
