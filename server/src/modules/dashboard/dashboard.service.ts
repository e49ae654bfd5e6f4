import type { VolumeUnit } from '@domain/fuel';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  FuelSummary,
  HistoryEntry,
  Overview,
  OverviewMachine,
  OverviewQuery,
} from '@domain/schemas/dashboard';
import { storedEntry } from '@domain/history';
import { historyText, type HistoryLang } from '@domain/history-text';
import type { Db } from '../../db/client';
import { equipment, equipmentNote } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { CompanyContext } from '../../plugins/session';
import { firstDueDate, type MachineSchedule } from '@domain/schedule';
import { JsonText } from '../../lib/json-text';
import {
  browseOverview,
  machineIdentityOf,
  type MachineTask,
  type OverviewPageRow,
} from '../equipment/index';

/**
 * The newest history entries of the company (all equipment), one statement: the page of entries is
 * read first on its own (`equipment_note_company_idx` backwards, `limit` rows) and only those are
 * joined to their machines. Joined before the limit, PostgreSQL misjudged a small company: its own
 * `company_id = ...` and the row-level-security policy's (the same condition, which the planner reads
 * as independent) multiply their selectivities, so a company with 1.7 % of the entries was estimated
 * at 2 rows and every one of its 5,000 entries was joined and sorted (74 ms; docs/benchmarks.md, "How
 * cost grows"). Now the page is read first, its limit a sub-select (so the planner walks the index
 * whatever it estimates), and the join touches `limit` rows at every size (history-list.test.ts reads
 * the plan on both databases).
 */
export function recentHistoryQuery(db: Db, companyId: string, limit: number) {
  const n = db
    .select({
      id: equipmentNote.id,
      createdAt: equipmentNote.createdAt,
      equipmentId: equipmentNote.equipmentId,
      noteType: equipmentNote.type,
      operatorName: equipmentNote.operatorName,
      usage: equipmentNote.usage,
      content: equipmentNote.content,
      reading: equipmentNote.reading,
      previousUsage: equipmentNote.previousUsage,
      changes: equipmentNote.changes,
      kind: equipmentNote.kind,
      params: equipmentNote.params,
      voidedAt: equipmentNote.voidedAt,
      voidedBy: equipmentNote.voidedBy,
      voidReason: equipmentNote.voidReason,
    })
    .from(equipmentNote)
    .where(eq(equipmentNote.companyId, companyId))
    .orderBy(desc(equipmentNote.createdAt))
    // The limit as a sub-select: the planner then plans for a part of the company's entries (its
    // default 10 %) instead of trusting its estimate of their number (see above), and walks the index.
    .limit(sql`(select ${limit}::int)` as unknown as number)
    .as('n');
  return (
    db
      .select({
        id: n.id,
        createdAt: n.createdAt,
        equipmentId: n.equipmentId,
        equipmentName: equipment.name,
        equipmentType: equipment.type,
        unit: equipment.unit,
        noteType: n.noteType,
        operatorName: n.operatorName,
        usage: n.usage,
        content: n.content,
        reading: n.reading,
        previousUsage: n.previousUsage,
        changes: n.changes,
        kind: n.kind,
        params: n.params,
        voidedAt: n.voidedAt,
        voidedBy: n.voidedBy,
        voidReason: n.voidReason,
      })
      .from(n)
      .innerJoin(equipment, eq(equipment.id, n.equipmentId))
      .orderBy(desc(n.createdAt))
      // Known here, so the join is planned for `limit` rows (a machine looked up per entry), not for the
      // 10 % above (a hash of every machine of the company).
      .limit(limit)
  );
}

export async function recentHistory(
  db: Db,
  companyId: string,
  limit: number,
  lang: HistoryLang = 'en',
  /** The company's unit: a fill-up's fuel is said in it. */
  volumeUnit: VolumeUnit = 'gal',
): Promise<HistoryEntry[]> {
  const rows = await recentHistoryQuery(db, companyId, limit);
  // Each answer built field by field: a rest-and-spread copy of the row was most of this call's time.
  return rows.map((r) => {
    const entry = storedEntry(r.kind, r.params, r.content);
    const text = historyText(lang, entry, { volumeUnit });
    return {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      equipmentId: r.equipmentId,
      equipmentName: r.equipmentName,
      equipmentType: r.equipmentType,
      unit: r.unit,
      noteType: r.noteType as HistoryEntry['noteType'],
      operatorName: r.operatorName,
      usage: r.usage,
      // The stored column holds only a person's words: the sentence is written here, in the reader's language.
      content: text,
      reading: r.reading as HistoryEntry['reading'],
      previousUsage: r.previousUsage,
      changedFields: (r.changes ?? []).map((c) => c.field),
      kind: entry.kind,
      params: entry.params,
      text,
      voided: r.voidedAt
        ? { at: r.voidedAt.toISOString(), by: r.voidedBy, reason: r.voidReason ?? '' }
        : null,
    };
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Fuel totals by type (summed exactly in SQL numeric) and the five biggest consumers, in one statement
 * (one round trip; the five come from equipment_fuel_top_idx without sorting the fleet: its order is
 * written as the index's, `desc nulls last`, or PostgreSQL sorts every machine instead).
 */
export async function fuelSummary(db: Db, companyId: string): Promise<FuelSummary> {
  const active = and(eq(equipment.companyId, companyId), isNull(equipment.retiredAt));
  const [row] = await db
    .select({
      gas: sql<string>`coalesce(sum(${equipment.totalGasUsed}), 0)`,
      diesel: sql<string>`coalesce(sum(${equipment.totalDieselUsed}), 0)`,
      total: sql<string>`coalesce(sum(${equipment.totalFuelUsed}), 0)`,
      top: sql<unknown>`(select coalesce(json_agg(json_build_array(t.id, t.name, t.total_fuel_used, t.total_gas_used, t.total_diesel_used)), '[]')
        from (select e.id, e.name, e.total_fuel_used, e.total_gas_used, e.total_diesel_used from ${equipment} e
          where e.company_id = ${companyId} and e.retired_at is null and e.total_fuel_used > 0
          order by e.total_fuel_used desc nulls last, e.name limit 5) t)`,
    })
    .from(equipment)
    .where(active);
  const raw = row?.top;
  const top = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as [
    string,
    string,
    number | string,
    number | string,
    number | string,
  ][];
  return {
    totalGas: round3(Number(row?.gas ?? 0)),
    totalDiesel: round3(Number(row?.diesel ?? 0)),
    total: round3(Number(row?.total ?? 0)),
    top: top.map(([id, name, total, gas, diesel]) => ({
      id,
      name,
      total: Number(total),
      gas: Number(gas),
      diesel: Number(diesel),
    })),
  };
}

/** A machine as the dashboard overview shows it (domain/schemas/dashboard.ts overviewMachineSchema). */
export function toOverviewMachine(
  e: OverviewPageRow,
  schedule: MachineSchedule<MachineTask>,
): OverviewMachine {
  const { status: s, forecast: f } = schedule;
  return {
    ...machineIdentityOf(e),
    // The earliest date any task is due by (a one-task machine: its scheduled maintenance date).
    nextMaintenanceDate: firstDueDate(schedule.views.map((v) => v.task)),
    ...(e.outOfServiceReason !== null ? { outOfService: { reason: e.outOfServiceReason } } : {}),
    status: {
      serviceStatus: s.serviceStatus,
      hasSchedule: s.hasSchedule,
      remainingUsage: s.remainingUsage,
      // Only when past due ("40 hours overdue"): omitted otherwise, to keep each machine small.
      ...(s.overdueUsage !== null ? { overdueUsage: s.overdueUsage } : {}),
    },
    forecast: {
      dueDate: f.dueDate,
      basis: f.basis,
      daysUntil: f.daysUntil,
      // Shown to one decimal: three are plenty (a full double is 17 characters).
      perDay: f.perDay === null ? null : Math.round(f.perDay * 1000) / 1000,
      noUsageForecast: f.noUsageForecast,
    },
  };
}

/**
 * The dashboard's tiles, criticality and overview page (domain/schemas/dashboard.ts overviewSchema), as
 * JSON text: the equipment module's bounded listing of what the dashboard shows of each machine
 * (browseOverview: those columns only), each machine's text kept between loads while it is current.
 */
export async function overview(
  deps: Deps,
  ctx: CompanyContext,
  q: OverviewQuery,
): Promise<JsonText> {
  const browse = await browseOverview(deps, ctx, q, toOverviewMachine);
  // Only the page's critical machines: the whole fleet's map grew with the fleet (135 KB of a 157 KB
  // answer at 10,000 machines, docs/benchmarks.md); the list of updates carries its machines' own.
  const critical: Overview['critical'] = {};
  for (const id of browse.ids) {
    const level = browse.critical[id];
    if (level) critical[id] = level;
  }
  return new JsonText(
    `{"counts":${JSON.stringify(browse.counts)},"critical":${JSON.stringify(critical)},"total":${browse.total},"items":[${browse.items.join(',')}]}`,
  );
}
