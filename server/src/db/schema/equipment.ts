import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rowId, tz, createdAt } from './columns';
import { sql } from 'drizzle-orm';
import { company, companyRef } from './company';
import { userRef } from './user';

export type ServicePart = {
  part: string;
  partNumber?: string | null;
  qty?: number | null;
  /** A machine's service part may point at a catalogue part (issue 27). */
  partId?: string | null;
};

const usage = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const fuel = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/** A voided row stays: when it was voided, by whom (their name then, and their user) and why. */
const voidColumns = () => ({
  voidedAt: tz('voided_at'),
  voidedBy: text('voided_by'),
  voidedByUserId: userRef('voided_by_user_id'),
  voidReason: text('void_reason'),
});

export const equipment = pgTable(
  'equipment',
  {
    id: rowId(),
    companyId: companyRef(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    serialNumber: text('serial_number'),
    unit: text('unit').notNull(),
    currentUsage: usage('current_usage').notNull().default(0),
    threshold: usage('threshold'),
    fuelType: text('fuel_type').notNull().default('n/a'),
    alertThreshold: integer('alert_threshold').notNull().default(20),
    serviceInterval: usage('service_interval').notNull().default(0),
    lastServiceUsage: usage('last_service_usage').notNull().default(0),
    totalFuelUsed: fuel('total_fuel_used').notNull().default(0),
    totalGasUsed: fuel('total_gas_used').notNull().default(0),
    totalDieselUsed: fuel('total_diesel_used').notNull().default(0),
    /** The fuel tank's capacity in US gallons, as volumes are stored (issue 45); null: not given. */
    tankCapacity: fuel('tank_capacity'),
    hasScheduledMaintenance: boolean('has_scheduled_maintenance').notNull().default(false),
    maintenanceStartDate: date('maintenance_start_date', { mode: 'string' }),
    maintenanceInterval: integer('maintenance_interval'),
    maintenanceIntervalUnit: text('maintenance_interval_unit').notNull().default('months'),
    nextMaintenanceDate: date('next_maintenance_date', { mode: 'string' }),
    serviceParts: jsonb('service_parts').$type<ServicePart[]>().notNull().default([]),
    description: text('description'),
    /** When the last meter reading was taken (for the plausibility check of operator readings). */
    lastReadingAt: tz('last_reading_at').notNull().defaultNow(),
    dateAdded: tz('date_added').notNull().defaultNow(),
    lastUpdated: tz('last_updated').notNull().defaultNow(),
    /** Date of the latest service entry (null before the first); the next calendar date follows from it. */
    lastServiceDate: date('last_service_date', { mode: 'string' }),
    /** When the fuel totals were last reset (a voided entry older than this is not taken off again). */
    fuelResetAt: tz('fuel_reset_at'),
    /** Retirement is a state of the row (docs/decisions/trustworthy-record.md): history stays attached. */
    retiredAt: tz('retired_at'),
    retiredBy: text('retired_by'),
    retiredByUserId: userRef('retired_by_user_id'),
    retirementNotes: text('retirement_notes'),
    /** Out of service is a state of the row too (issue 16, docs/decisions/inspections.md). */
    outOfServiceAt: tz('out_of_service_at'),
    outOfServiceBy: text('out_of_service_by'),
    outOfServiceByUserId: userRef('out_of_service_by_user_id'),
    outOfServiceReason: text('out_of_service_reason'),
  },
  (t) => [
    index('equipment_company_idx').on(t.companyId, t.name),
    index('equipment_company_type_idx').on(t.companyId, t.type),
    index('equipment_company_retired_idx').on(t.companyId, t.retiredAt),
    index('equipment_company_out_of_service_idx').on(t.companyId, t.outOfServiceAt),
    /**
     * Active machines in list order (equipment.queries.ts `byName`): the export's first batch and the
     * list's pages read their first rows in order instead of sorting the whole fleet (issue 43).
     */
    index('equipment_company_list_order_idx')
      .on(t.companyId, sql`lower(${t.name})`, t.name, t.id)
      .where(sql`${t.retiredAt} is null`),
    /** The dashboard's five biggest fuel consumers, read in order (issue 28). */
    index('equipment_fuel_top_idx')
      .on(t.companyId, t.totalFuelUsed.desc(), t.name)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/** A row's machine: required, and the row goes when its machine does. */
export const machineRef = () =>
  uuid('equipment_id')
    .notNull()
    .references(() => equipment.id, { onDelete: 'cascade' });

/** Notes and history entries (note | usage_update | maintenance) per equipment. */
export const equipmentNote = pgTable(
  'equipment_note',
  {
    id: rowId(),
    companyId: companyRef(),
    equipmentId: machineRef(),
    /** Only the words a person wrote (note, operator notes, reason, remark), else '': readers render kind + params. */
    content: text('content').notNull(),
    /** The typed record (domain/history.ts): what happened, and its parameters, validated on write. */
    kind: text('kind').notNull().default('note'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** Legacy entry type, still written from the kind (what the service log and forecast query by). */
    type: text('type').notNull().default('note'),
    /** Usage reading at the time of the entry, when the entry is about usage. */
    usage: usage('usage'),
    /** The actor: their name at the time (domain/history-text.ts personName) and their user id. */
    operatorName: text('operator_name'),
    userId: userRef('user_id'),
    createdAt: createdAt(),
    /** Insertion order (entries written in one instant keep the order they were written in). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** usage_update entries: initial | reading | increase | correction, and the usage before it. */
    reading: text('reading'),
    previousUsage: usage('previous_usage'),
    /** The operator update this entry applied. */
    operatorUpdateId: uuid('operator_update_id').references(() => operatorUpdate.id, {
      onDelete: 'set null',
    }),
    /** maintenance entries (the service log). */
    serviceDate: date('service_date', { mode: 'string' }),
    parts: jsonb('parts').$type<ServicePart[]>(),
    cost: numeric('cost', { precision: 14, scale: 2, mode: 'number' }),
    performedBy: text('performed_by'),
    /** change entries: [{ field, from, to }] */
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>(),
    /** A voided reading stays, with who voided it, when and why. */
    ...voidColumns(),
  },
  (t) => [
    index('equipment_note_equipment_idx').on(t.equipmentId, t.createdAt),
    index('equipment_note_company_idx').on(t.companyId, t.createdAt),
    index('equipment_note_operator_update_idx').on(t.operatorUpdateId),
    /** The machine's timeline, paged by seq (GET /api/equipment/:id/history). */
    index('equipment_note_equipment_seq_idx').on(t.equipmentId, t.seq),
    /**
     * Out-of-service periods (issue 45): the Downtime report reads a company's in the period, and each
     * machine's last one before it, without scanning its year of history (reports/downtime.service.ts).
     */
    index('equipment_note_service_state_idx')
      .on(t.companyId, t.equipmentId, t.createdAt)
      .where(sql`${t.kind} in ('out_of_service', 'back_in_service')`),
    /**
     * A machine's meter readings (issue 28): what every forecast reads (the overview's page, the machine
     * page), answered from the index alone instead of visiting every history entry of the machine.
     */
    index('equipment_note_reading_idx')
      .on(t.equipmentId, t.createdAt, t.companyId, t.usage)
      .where(
        sql`${t.type} = 'usage_update' and ${t.reading} is not null and ${t.usage} is not null and ${t.voidedAt} is null`,
      ),
  ],
);

export const operatorUpdate = pgTable(
  'operator_update',
  {
    id: rowId(),
    companyId: companyRef(),
    equipmentId: machineRef(),
    equipmentName: text('equipment_name').notNull(),
    operatorId: userRef('operator_id'),
    operatorName: text('operator_name').notNull(),
    newUsage: usage('new_usage'),
    fuelAdded: fuel('fuel_added').notNull().default(0),
    fuelType: text('fuel_type').notNull().default('gas'),
    /** gal | L: the unit the fill-up was typed in (its price is per it); null: gallons (before issue 45). */
    volumeUnit: text('volume_unit'),
    /** The fill-up's own price per `volume_unit`, or its total cost; both null: the company's price. */
    fuelPrice: numeric('fuel_price', { precision: 12, scale: 4, mode: 'number' }),
    fuelCost: numeric('fuel_cost', { precision: 14, scale: 2, mode: 'number' }),
    notes: text('notes').notNull().default(''),
    /** pending | applied | rejected */
    status: text('status').notNull().default('pending'),
    /** Why a pending update was held (e.g. implausible reading). */
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    /** The sending device, summarised from its User-Agent ("Android phone · Chrome"). */
    device: text('device'),
    /** The machine's usage unit when the reading was sent (hours, miles, km), shown beside it. */
    unit: text('unit'),
    reviewedBy: userRef('reviewed_by'),
    reviewedAt: tz('reviewed_at'),
    createdAt: createdAt(),
    ...voidColumns(),
  },
  (t) => [
    index('operator_update_company_idx').on(t.companyId, t.status, t.createdAt),
    index('operator_update_equipment_idx').on(t.equipmentId),
    /**
     * A machine's fill-ups in time (issue 45): the Fuel report and the machine page's peers sum them
     * and read the first and last of a period from the index alone (reports/peer-sql.ts fuelSummarySql).
     * The company is in it for the row-level security policy: without it each row was fetched from the
     * table to check the policy (253 ms against 99 ms for the reports bench's year, as the app's role).
     */
    index('operator_update_fill_company_idx')
      .on(t.equipmentId, t.createdAt, t.id, t.fuelAdded, t.newUsage, t.companyId)
      .where(sql`${t.status} = 'applied' and ${t.voidedAt} is null and ${t.fuelAdded} > 0`),
    uniqueIndex('operator_update_idempotency_idx').on(t.companyId, t.idempotencyKey),
  ],
);

/**
 * One counter per company, raised in the same transaction as every equipment write that can change
 * what the dashboard overview caches (a machine added, removed, renamed, retyped, or its service
 * status or critical level changed). The overview's per-process cache is keyed by it, so a cache in
 * any app server is never used once a write has committed (docs/decisions/0010-overview-cache.md).
 */
export const equipmentVersion = pgTable('equipment_version', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => company.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
