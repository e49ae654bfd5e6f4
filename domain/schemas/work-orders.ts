import { z } from 'zod';
import { commonMessages } from '../messages/common';
import { workOrdersMessages } from '../messages/work-orders';
import { scheduleMessages } from '../messages/schedule';
import { optionalDateSchema, PHOTO_MAX_BASE64, text } from './primitives';

export { workOrdersMessages };

/**
 * Work orders, parts and costs (issue 27, docs/work-orders.md). The API's shapes: the server parses
 * every body with these schemas and the forms derive theirs from them.
 */

const m = workOrdersMessages;

export const workOrderKinds = ['service', 'repair', 'inspection_follow_up', 'other'] as const;
export type WorkOrderKind = (typeof workOrderKinds)[number];
export const workOrderPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof workOrderPriorities)[number];
export const workOrderStatuses = ['open', 'in_progress', 'on_hold', 'done', 'canceled'] as const;
export type WorkOrderStatus = (typeof workOrderStatuses)[number];

/**
 * The status machine: open -> in progress -> on hold -> done, or canceled. `done` is reached only by
 * Complete (POST /api/work-orders/:id/complete); done and canceled are final.
 */
export const workOrderTransitions: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  open: ['in_progress', 'on_hold', 'canceled', 'done'],
  in_progress: ['on_hold', 'open', 'canceled', 'done'],
  on_hold: ['in_progress', 'open', 'canceled', 'done'],
  done: [],
  canceled: [],
};
export const isClosedStatus = (s: WorkOrderStatus) => s === 'done' || s === 'canceled';
export const canMove = (from: WorkOrderStatus, to: WorkOrderStatus) =>
  workOrderTransitions[from].includes(to);

/** '' and null -> null; numeric strings -> numbers (form inputs and JSON alike). */
const blankToNull = (v: unknown) =>
  v === '' || v === null ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
const optionalText = (max: number, message: string = commonMessages.tooLong) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    text().max(max, message).nullable().optional(),
  );
const amount = (message: string, max = 1_000_000_000) =>
  z.preprocess(
    blankToNull,
    z.number({ error: message }).min(0, message).max(max, message).nullable().optional(),
  );
const quantity = z.preprocess(
  blankToNull,
  z.number({ error: m.quantity }).positive(m.quantity).max(1_000_000, m.quantity),
);

export const taskSchema = z.object({
  id: text().trim().min(1).max(64).optional(),
  label: text({ error: m.taskRequired })
    .trim()
    .min(1, m.taskRequired)
    .max(200, commonMessages.tooLong),
  done: z.boolean().optional().default(false),
});
export type TaskInput = z.input<typeof taskSchema>;

const tasksField = z.array(taskSchema).max(50, m.tasksMax);

const workOrderFields = {
  title: text({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(120, commonMessages.tooLong),
  kind: z.enum(workOrderKinds, { error: m.kind }),
  priority: z.enum(workOrderPriorities, { error: m.priority }),
  dueDate: optionalDateSchema,
  assigneeId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid(m.assigneeNotFound).nullable().optional(),
  ),
  vendor: optionalText(120),
  tasks: tasksField,
  notes: optionalText(5000),
};

/** The machine's service tasks an order does (issue 40): each must be one of its tasks (404). */
const serviceTaskIds = z
  .array(z.uuid({ error: scheduleMessages.taskNotFound }), { error: scheduleMessages.taskNotFound })
  .max(100);

const workOrderInputObject = z.object({
  equipmentId: z.uuid(commonMessages.notFound),
  ...workOrderFields,
  priority: workOrderFields.priority.optional().default('normal'),
  tasks: tasksField.optional().default([]),
  defectId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid(commonMessages.notFound).nullable().optional(),
  ),
  taskIds: serviceTaskIds.optional(),
});
/** A person or an outside vendor, not both. */
const oneAssignee = (v: { assigneeId?: string | null; vendor?: string | null }) =>
  !(v.assigneeId && v.vendor);

/** POST /api/work-orders */
export const workOrderInputSchema = workOrderInputObject.refine(oneAssignee, {
  message: m.assigneeOrVendor,
  path: ['vendor'],
});
export type WorkOrderInput = z.output<typeof workOrderInputSchema>;
export type WorkOrderInputRaw = z.input<typeof workOrderInputSchema>;

/** One task a line (the forms' text box) as the API's task list; blank lines dropped. */
const taskLines = z
  .string()
  .transform((v) =>
    v
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((label) => ({ label })),
  )
  .pipe(tasksField);

/** The New work order form: the request's schema, with the tasks typed one a line. */
export const workOrderFormSchema = workOrderInputObject
  .extend({ tasks: taskLines })
  .refine(oneAssignee, { message: m.assigneeOrVendor, path: ['vendor'] });
export type WorkOrderFormOutput = z.output<typeof workOrderFormSchema>;

/** PATCH /api/work-orders/:id: the status and any field (technicians: status, tasks and notes only). */
export const workOrderPatchSchema = z
  .object({
    status: z.enum(workOrderStatuses, { error: m.status }).optional(),
    title: workOrderFields.title.optional(),
    kind: workOrderFields.kind.optional(),
    priority: workOrderFields.priority.optional(),
    dueDate: workOrderFields.dueDate,
    assigneeId: workOrderFields.assigneeId,
    vendor: workOrderFields.vendor,
    tasks: tasksField.optional(),
    notes: workOrderFields.notes,
    taskIds: serviceTaskIds.optional(),
  })
  .strict();
export type WorkOrderPatch = z.output<typeof workOrderPatchSchema>;

/** POST /api/work-orders/:id/parts */
export const workOrderPartInputSchema = z.object({
  partId: z.uuid(m.partNotFound),
  quantity,
});
export type WorkOrderPartInput = z.output<typeof workOrderPartInputSchema>;

/** POST /api/work-orders/:id/complete (`parts`: any last parts used, drawn in the same transaction). */
export const completeInputSchema = z.object({
  usage: z.preprocess(
    blankToNull,
    z.number({ error: m.quantity }).min(0, m.quantity).max(100_000_000_000).nullable().optional(),
  ),
  laborHours: amount(m.money, 100_000),
  laborRate: amount(m.money),
  otherCost: amount(m.money),
  notes: optionalText(5000),
  /** Resolving a linked defect returns the machine to service unless this is false. */
  returnToService: z.boolean().optional(),
  parts: z.array(workOrderPartInputSchema).max(50).optional().default([]),
});
export type CompleteInput = z.output<typeof completeInputSchema>;
export type CompleteInputRaw = z.input<typeof completeInputSchema>;

/** POST /api/work-orders/:id/photos: a photo (base64, like the operator screen's) under the phone's key. */
export const workOrderPhotoInputSchema = z.object({
  key: text().trim().min(1).max(200),
  data: text()
    .min(1)
    .max(PHOTO_MAX_BASE64 + 16),
});
export type WorkOrderPhotoInput = z.output<typeof workOrderPhotoInputSchema>;

/** GET /api/work-orders */
export const workOrderListQuerySchema = z.object({
  view: z.enum(['all', 'open', 'mine', 'overdue', 'done_this_month']).optional().default('all'),
  status: z.enum(workOrderStatuses).optional(),
  equipmentId: z.uuid(commonMessages.notFound).optional(),
  assigneeId: z.uuid(commonMessages.notFound).optional(),
});
export type WorkOrderListQuery = z.output<typeof workOrderListQuerySchema>;

export const workOrderPartLineSchema = z.object({
  id: z.string(),
  partId: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  cost: z.number(),
  addedBy: z.string(),
  createdAt: z.string(),
});
export type WorkOrderPartLine = z.infer<typeof workOrderPartLineSchema>;

export const workOrderDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  unit: z.string(),
  title: z.string(),
  kind: z.enum(workOrderKinds),
  priority: z.enum(workOrderPriorities),
  status: z.enum(workOrderStatuses),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  vendor: z.string().nullable(),
  tasks: z.array(z.object({ id: z.string(), label: z.string(), done: z.boolean() })),
  notes: z.string().nullable(),
  defectId: z.string().nullable(),
  /** The machine's service tasks it does: completing it resets them (issue 40). */
  taskIds: z.array(z.string()),
  parts: z.array(workOrderPartLineSchema),
  photos: z.array(z.object({ id: z.string(), createdAt: z.string() })),
  partsCost: z.number(),
  laborHours: z.number().nullable(),
  laborRate: z.number().nullable(),
  laborCost: z.number(),
  otherCost: z.number(),
  total: z.number(),
  usage: z.number().nullable(),
  serviceEntryId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
});
export type WorkOrderDto = z.infer<typeof workOrderDtoSchema>;

/** GET /api/work-orders/proposal/:id?defectId=: what a new order starts from (a machine, or a defect). */
export const proposalQuerySchema = z.object({
  defectId: z.uuid(commonMessages.notFound).optional(),
  /** A service task of the machine (Due soon's "Create work order"): its name, parts and estimated cost. */
  taskId: z.uuid(scheduleMessages.taskNotFound).optional(),
});
export type WorkOrderProposal = {
  equipmentId: string;
  /** The machine's name (a service order's title names it). */
  title: string;
  tasks: string[];
  parts: { partId: string; name: string; quantity: number; onHand: number; unit: string }[];
  /** From a defect: its item (the task), the operator's words (the notes) and whether it has a photo. */
  defect: { id: string; item: string; said: string; hasPhoto: boolean } | null;
  /** From a service task: its id (sent back as taskIds), name and estimated cost. */
  task?: { id: string; name: string; primary: boolean; estimatedCost: number | null } | null;
};

// ---- Parts --------------------------------------------------------------------------------------------

/** POST /api/parts */
export const partInputSchema = z.object({
  name: text({ error: m.partNameRequired })
    .trim()
    .min(1, m.partNameRequired)
    .max(120, commonMessages.tooLong),
  partNumber: optionalText(120),
  unit: text({ error: m.unitRequired }).trim().min(1, m.unitRequired).max(30, m.unitRequired),
  unitCost: amount(m.money, 10_000_000),
  /** The first stock received with the part (a "received" stock move). */
  onHand: amount(m.quantity, 1_000_000),
  reorderPoint: amount(m.quantity, 1_000_000),
  location: optionalText(120),
  vendor: optionalText(120),
});
export type PartInput = z.output<typeof partInputSchema>;
export type PartInputRaw = z.input<typeof partInputSchema>;

export const stockReasons = ['received', 'adjusted'] as const;
/** POST /api/parts/:id/stock: received (positive) or adjusted (either way, with a reason). */
export const stockInputSchema = z
  .object({
    change: z.preprocess(
      blankToNull,
      z
        .number({ error: m.stockChange })
        .refine((n) => n !== 0, m.stockChange)
        .refine((n) => Math.abs(n) <= 1_000_000, m.stockChange),
    ),
    reason: z.enum(stockReasons, { error: m.stockReason }),
    note: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'received' && v.change < 0)
      ctx.addIssue({ code: 'custom', path: ['change'], message: m.receivedPositive });
    if (v.reason === 'adjusted' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: m.adjustNote });
  });
export type StockInput = z.output<typeof stockInputSchema>;

export const partDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
  unit: z.string(),
  unitCost: z.number(),
  onHand: z.number(),
  reorderPoint: z.number(),
  location: z.string().nullable(),
  vendor: z.string().nullable(),
  low: z.boolean(),
});
export type PartDto = z.infer<typeof partDtoSchema>;

export const stockMoveDtoSchema = z.object({
  id: z.string(),
  partId: z.string(),
  change: z.number(),
  reason: z.enum(['received', 'used', 'returned', 'adjusted']),
  note: z.string().nullable(),
  onHandAfter: z.number(),
  workOrderId: z.string().nullable(),
  workOrderNumber: z.number().nullable(),
  by: z.string(),
  createdAt: z.string(),
});
export type StockMoveDto = z.infer<typeof stockMoveDtoSchema>;

// ---- Costs --------------------------------------------------------------------------------------------

/** GET /api/costs: months (YYYY-MM) from..to, optionally one machine. */
export const costsQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(60).optional().default(12),
  equipmentId: z.uuid(commonMessages.notFound).optional(),
});
export type CostsQuery = z.output<typeof costsQuerySchema>;

const costSplit = { parts: z.number(), labor: z.number(), other: z.number(), total: z.number() };
export const costsDtoSchema = z.object({
  months: z.array(z.object({ month: z.string(), ...costSplit })),
  machines: z.array(
    z.object({
      equipmentId: z.string(),
      name: z.string(),
      unit: z.string(),
      ...costSplit,
      /** The usage the record has seen (domain/costs.ts usageTracked, as the machine page's figure). */
      usage: z.number(),
      /** Cost per hour / mile / km of that usage (domain/costs.ts costPerUnit); null without it. */
      costPerUnit: z.number().nullable(),
    }),
  ),
  totals: z.object(costSplit),
});
export type CostsDto = z.infer<typeof costsDtoSchema>;
