import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { machineCost, ownershipCost, type CostLine } from '@domain/costs';
import { asVolumeUnit } from '@domain/fuel';
import { machineScheduleOf } from '@domain/schedule';
import { catalogueMatch } from '@domain/parts-match';
import { personName } from '@domain/history-text';
import {
  MACHINE_PAGE_LIMITS as LIMITS,
  type CatalogueStock,
  type MachineDefect,
  type MachineInspection,
  type MachinePageDto,
  type MachinePendingReading,
  type MachineWorkOrder,
  type MonthTotal,
  type ServicePoint,
  type UsagePoint,
} from '@domain/schemas/machine-page';
import type { ServiceEntryDto } from '@domain/schemas/equipment';
import { RATE_WINDOW_DAYS, usualDailyUsage, type Reading } from '@domain/usage-rate';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { equipment } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { machinePeersOf, machinePeersSql, periodOf, typePeerRows } from '../reports/index';
import { figuresOf, toTaskDtos } from '../schedule/index';
import { costLinesSql, costNum, fillUpOf, fillUpsSql, startUsageSql } from './cost-lines';
import { partsOf, toEquipmentDto } from './equipment.dto';
import { assertId, companyToday } from './equipment.queries';
import { taskRowsOf, tasksSql } from './machine-page-tasks';

const DAY_MS = 86_400_000;

/** JSON from the database: parsed already (pg) or text (some drivers). */
const json = <T>(raw: unknown, fallback: T): T =>
  raw === null || raw === undefined
    ? fallback
    : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as T);

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string => new Date(String(v)).toISOString();

/** This machine's entries (alias n) of one type. */
const notesOf = (type: 'usage_update' | 'maintenance', more = '') =>
  sql.raw(`n.company_id = "equipment"."company_id" and n.equipment_id = "equipment"."id"
    and n.type = '${type}' ${more}`);

/**
 * The machine and everything its page shows but the timeline, in ONE statement: the row, then each
 * part as a JSON subquery (bounded: the newest services, inspections, chart points and months).
 * Prepared once per database handle (placeholders id, companyId, since, tz): PostgreSQL parses and
 * plans it once per connection.
 */
const pageStatement = preparedPerDb((db: Db) => {
  const tz = sql.placeholder('tz');
  const since = sql.placeholder('since');
  const reading = notesOf(
    'usage_update',
    'and n.reading is not null and n.usage is not null and n.voided_at is null',
  );
  const usageNotes = notesOf('usage_update');
  const services = notesOf('maintenance', 'and n.voided_at is null');
  const machineCompany = sql.raw('"equipment"."company_id"');
  const machineId = sql.raw('"equipment"."id"');
  const peers = machinePeersSql({
    company: machineCompany,
    id: machineId,
    from: sql.placeholder('peersFrom'),
    to: sql.placeholder('peersTo'),
    tz,
  });
  return db
    .select({
      ...getTableColumns(equipment),
      // Readings for the forecast: the rate window's anchor on (the same as every listing's forecast).
      readings: sql<unknown>`(select coalesce(json_agg(json_build_array(n.created_at, n.usage) order by n.created_at), '[]')
        from equipment_note n where ${reading} and n.created_at >= coalesce(
          (select max(n.created_at) from equipment_note n where ${reading} and n.created_at < ${since}::timestamptz),
          ${since}::timestamptz))`,
      usage: sql<unknown>`(select coalesce(json_agg(json_build_array(x.created_at, x.usage, x.voided_at is not null) order by x.created_at, x.seq), '[]')
        from (select n.created_at, n.seq, n.usage, n.voided_at from equipment_note n
          where ${usageNotes} and n.usage is not null
          order by n.created_at desc, n.seq desc limit ${LIMITS.usagePoints}) x)`,
      serviceCount: sql<unknown>`(select count(*) from equipment_note n where ${services})`,
      // The maintenance cost (services + completed work orders, domain/costs.ts) per month, all time.
      costLines: sql<unknown>`(select coalesce(json_agg(json_build_array(x.month, x.parts, x.labor, x.other, x.work_orders)
          order by x.month), '[]')
        from (select l.month, sum(l.parts) parts, sum(l.labor) labor, sum(l.other) other, sum(l.work_orders) work_orders
          from (${costLinesSql({ companyId: machineCompany, equipmentId: machineId, tz })}) l group by l.month) x)`,
      firstUsage: sql<unknown>`${startUsageSql({ companyId: machineCompany, id: machineId })}`,
      // Its fill-ups, all time, and the company's fuel prices: the fuel in money (domain/costs.ts
      // ownershipCost, issue 45).
      fills: sql<unknown>`(select coalesce(json_agg(json_build_object('day', f.day, 'gallons', f.gallons,
          'fuel_type', f.fuel_type, 'price', f.price, 'price_unit', f.price_unit, 'cost', f.cost)), '[]')
        from (${fillUpsSql({ companyId: machineCompany, equipmentId: machineId, tz })}) f)`,
      fuelPrices: sql<unknown>`(select coalesce(json_agg(json_build_array(p.fuel_type, p.price, p.volume_unit, p.from)), '[]')
        from fuel_price p where p.company_id = "equipment"."company_id")`,
      // Its fuel rate and usage per day beside its type's: the reports' own readers (issue 45).
      ...peers,
      services: sql<unknown>`(select coalesce(json_agg(json_build_object('id', x.id, 'serviceDate',
          coalesce(x.service_date::text, to_char(x.created_at at time zone ${tz}, 'YYYY-MM-DD')),
          'usage', x.usage, 'parts', coalesce(x.parts, '[]'::jsonb), 'cost', x.cost, 'performedBy', x.performed_by,
          'notes', x.content, 'recordedBy', x.operator_name, 'createdAt', x.created_at)
          order by x.service_date desc nulls last, x.created_at desc, x.id desc), '[]')
        from (select * from equipment_note n where ${services}
          order by n.service_date desc nulls last, n.created_at desc, n.id desc limit ${LIMITS.services}) x)`,
      fuelByMonth: sql<unknown>`(select coalesce(json_agg(json_build_array(x.m, x.v) order by x.m), '[]')
        from (select to_char(u.created_at at time zone ${tz}, 'YYYY-MM') m, sum(u.fuel_added) v
          from operator_update u where u.company_id = "equipment"."company_id" and u.equipment_id = "equipment"."id"
            and u.status = 'applied' and u.voided_at is null and u.fuel_added > 0
          group by 1 order by 1 desc limit ${LIMITS.months}) x)`,
      inspections: sql<unknown>`(select coalesce(json_agg(json_build_array(x.id, x.created_at, x.template_name,
          x.operator_name, x.failed_count) order by x.created_at desc), '[]')
        from (select * from inspection i where i.company_id = "equipment"."company_id" and i.equipment_id = "equipment"."id"
          order by i.created_at desc limit ${LIMITS.inspections}) x)`,
      openDefects: sql<unknown>`(select coalesce(json_agg(json_build_array(x.id, x.created_at, x.item_label,
          x.critical, x.note, x.photo_key is not null) order by x.critical desc, x.created_at desc), '[]')
        from (select * from inspection_defect d where d.company_id = "equipment"."company_id" and d.equipment_id = "equipment"."id"
          and d.resolved_at is null order by d.critical desc, d.created_at desc limit ${LIMITS.defects}) x)`,
      // Catalogue parts the machine's service parts may be (by id or part number, case and spaces
      // aside); domain/parts-match.ts decides which each one is.
      catalogue: sql<unknown>`(select coalesce(json_agg(json_build_array(p.id, p.name, p.part_number, p.on_hand, p.unit)), '[]')
        from part p where p.company_id = "equipment"."company_id" and exists (
          select 1 from jsonb_array_elements("equipment"."service_parts") sp
          where sp->>'partId' = p.id::text or (coalesce(sp->>'partNumber', '') <> ''
            and upper(regexp_replace(sp->>'partNumber', '[[:space:]]', '', 'g')) = upper(regexp_replace(coalesce(p.part_number, ''), '[[:space:]]', '', 'g')))))`,
      // Readings held for a manager's review (issue 43), and the open work orders with their assignee.
      pendingReadings: sql<unknown>`(select coalesce(json_agg(json_build_array(x.id, x.created_at, x.new_usage,
          x.operator_name, x.reason) order by x.created_at desc), '[]')
        from (select * from operator_update u where u.company_id = "equipment"."company_id" and u.equipment_id = "equipment"."id"
          and u.status = 'pending' order by u.created_at desc limit ${LIMITS.pendingReadings}) x)`,
      openWorkOrders: sql<unknown>`(select coalesce(json_agg(json_build_array(x.id, x.number, x.title, x.status,
          x.priority, x.due_date, x.first_name, x.last_name, x.email, x.vendor, x.assignee_id)
          order by x.due_date nulls last, x.number), '[]')
        from (select w.*, a.first_name, a.last_name, a.email from work_order w left join "user" a on a.id = w.assignee_id
          where w.company_id = "equipment"."company_id" and w.equipment_id = "equipment"."id"
            and w.status not in ('done', 'canceled')
          order by w.due_date nulls last, w.number limit ${LIMITS.workOrders}) x)`,
      // The maintenance schedule (issue 40): every task of the machine.
      tasks: tasksSql,
    })
    .from(equipment)
    .where(
      and(
        eq(equipment.id, sql.placeholder('id')),
        eq(equipment.companyId, sql.placeholder('companyId')),
      ),
    )
    .prepare('machine_page');
});

type RawService = Omit<ServiceEntryDto, 'equipmentId' | 'equipmentName' | 'unit' | 'retired'>;

/** GET /api/equipment/:id/page: one query (decisions: at most two requests for the page, this and the timeline). */
export async function machinePage(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<MachinePageDto> {
  const now = deps.now();
  const since = new Date(now.getTime() - RATE_WINDOW_DAYS * DAY_MS);
  const today = companyToday(deps, ctx);
  // The reports' default period: the 30 days ending today.
  const period = periodOf({}, today);
  const [row] = await pageStatement(deps.db).execute({
    id: assertId(id),
    companyId: ctx.companyId,
    since: since.toISOString(),
    tz: ctx.company.timeZone,
    peersFrom: period.from,
    peersTo: period.to,
  });
  if (!row) throw new AppError('not_found', 'equipment.notFound');
  const {
    readings,
    usage,
    serviceCount,
    costLines,
    firstUsage,
    fills,
    fuelPrices,
    services,
    fuelByMonth,
    inspections,
    openDefects,
    catalogue,
    pendingReadings,
    openWorkOrders,
    tasks,
    peerMachines,
    peerFuel,
    peerUse,
    ...machine
  } = row;
  const readingList = json<[string, unknown][]>(readings, []).map(([at, u]) => ({
    at: iso(at),
    usage: num(u),
  })) satisfies Reading[];
  const taskRows = taskRowsOf(tasks);
  // Its status, next task and forecast: the one function every equipment answer's come from.
  const schedule = machineScheduleOf(
    taskRows.map((r) => ({ ...figuresOf(r), primary: r.isPrimary })),
    machine,
    usualDailyUsage(readingList, now),
    today,
  );
  const cost = machineCost(
    json<[string, unknown, unknown, unknown, unknown][]>(costLines, []).map(
      ([month, parts, labor, other, workOrders]): CostLine => ({
        month,
        parts: costNum(parts),
        labor: costNum(labor),
        other: costNum(other),
        workOrders: costNum(workOrders),
      }),
    ),
    { currentUsage: machine.currentUsage, startUsage: numOrNull(firstUsage), unit: machine.unit },
  );
  // The cost of ownership over the same usage (maintenance from the same lines, plus fuel).
  const ownership = ownershipCost(
    cost.byMonth.map((m) => ({ month: m.month, parts: m.parts, labor: m.labor, other: m.other })),
    json<Parameters<typeof fillUpOf>[0][]>(fills, []).map(fillUpOf),
    json<[string, unknown, string, string][]>(fuelPrices, []).map(([type, price, unit, from]) => ({
      fuelType: type === 'diesel' ? 'diesel' : 'gas',
      price: num(price),
      volumeUnit: asVolumeUnit(unit),
      from,
    })),
    { usage: machine.unit === 'n/a' ? null : cost.usage, unit: machine.unit },
  );
  const serviceList = json<RawService[]>(services, []).map((s): ServiceEntryDto => ({
    id: s.id,
    equipmentId: machine.id,
    equipmentName: machine.name,
    unit: machine.unit,
    serviceDate: s.serviceDate,
    usage: numOrNull(s.usage),
    parts: partsOf(s.parts ?? null),
    cost: numOrNull(s.cost),
    performedBy: s.performedBy,
    notes: s.notes,
    recordedBy: s.recordedBy,
    createdAt: iso(s.createdAt),
    retired: machine.retiredAt !== null,
  }));
  const months = (raw: unknown): MonthTotal[] =>
    json<[string, unknown][]>(raw, []).map(([month, v]) => ({
      month,
      value: Math.round(num(v) * 1000) / 1000,
    }));
  const candidates = json<[string, string, string | null, unknown, string][]>(catalogue, []).map(
    ([partId, name, partNumber, onHand, unit]): CatalogueStock & { id: string } => ({
      id: partId,
      partId,
      name,
      partNumber,
      onHand: num(onHand),
      unit,
    }),
  );
  // Its peers: the type's rows, kept between views (reports/type-peers.ts); a retired machine has none.
  const typeRows =
    machine.retiredAt === null
      ? await typePeerRows(deps, {
          companyId: ctx.companyId,
          type: machine.type,
          from: period.from,
          to: period.to,
          tz: ctx.company.timeZone,
        })
      : { machines: [], fuel: [], use: [] };
  return {
    peers: machinePeersOf(
      { peerMachines, peerFuel, peerUse },
      typeRows,
      machine.id,
      period,
      today,
      asVolumeUnit(ctx.company.volumeUnit),
    ),
    serviceStock: machine.serviceParts.map((sp) => {
      const m = catalogueMatch(sp, candidates);
      return m
        ? {
            partId: m.partId,
            name: m.name,
            partNumber: m.partNumber,
            onHand: m.onHand,
            unit: m.unit,
          }
        : null;
    }),
    equipment: { ...toEquipmentDto(machine, schedule.status), forecast: schedule.forecast },
    figures: {
      totalMaintenanceCost: cost.total,
      serviceCount: num(serviceCount),
      workOrderCount: cost.workOrders,
      usageTracked: cost.usage,
      costPerUnit: cost.costPerUnit,
      fuelCost: ownership.fuel,
      totalCost: ownership.total,
      totalCostPerUnit: ownership.costPerUnit,
    },
    charts: {
      usage: json<[string, unknown, boolean][]>(usage, []).map(([at, u, voided]): UsagePoint => ({
        at: iso(at),
        usage: num(u),
        voided,
      })),
      services: serviceList
        .map((s): ServicePoint => ({ date: s.serviceDate, usage: s.usage }))
        .reverse(),
      fuelByMonth: months(fuelByMonth),
      costByMonth: cost.byMonth
        .filter((m) => m.total !== 0)
        .slice(-LIMITS.months)
        .map(({ month, total }): MonthTotal => ({ month, value: total })),
    },
    services: serviceList,
    inspections: json<[string, string, string, string, unknown][]>(inspections, []).map(
      ([iid, at, templateName, operatorName, failed]): MachineInspection => ({
        id: iid,
        at: iso(at),
        templateName,
        operatorName,
        failedCount: num(failed),
      }),
    ),
    openDefects: json<[string, string, string, boolean, string, boolean][]>(openDefects, []).map(
      ([did, at, itemLabel, critical, note, hasPhoto]): MachineDefect => ({
        id: did,
        at: iso(at),
        itemLabel,
        critical,
        note,
        hasPhoto,
      }),
    ),
    ...pendingAndOrders(pendingReadings, openWorkOrders, today),
    tasks: toTaskDtos(taskRows, machine, readingList, now, today),
  };
}

type RawOrder = [string, number, string, string, string, string | null, ...(string | null)[]];

/** The held readings and the open work orders of the page's statement, as the page shows them. */
function pendingAndOrders(
  pending: unknown,
  orders: unknown,
  today: string,
): Pick<MachinePageDto, 'pendingReadings' | 'openWorkOrders'> {
  return {
    pendingReadings: json<[string, string, unknown, string, string | null][]>(pending, []).map(
      ([pid, at, usage, operatorName, reason]): MachinePendingReading => ({
        id: pid,
        at: iso(at),
        usage: numOrNull(usage),
        operatorName,
        reason,
      }),
    ),
    openWorkOrders: json<RawOrder[]>(orders, []).map(
      ([
        wid,
        number,
        title,
        status,
        priority,
        dueDate,
        first,
        last,
        email,
        vendor,
        assigneeId,
      ]): MachineWorkOrder => ({
        id: wid,
        number: num(number),
        title,
        status,
        priority,
        dueDate,
        overdue: dueDate !== null && dueDate < today,
        assignee: assigneeId
          ? personName({ firstName: first ?? '', lastName: last ?? '', email: email ?? '' })
          : (vendor ?? null),
      }),
    ),
  };
}
