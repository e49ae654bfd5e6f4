import { z } from 'zod';
import { commonMessages } from '../messages/common';
import { scheduleMessages } from '../messages/schedule';
import { taskCategories, taskTimeUnits } from '../schedule';
import { serviceStatusSchema } from './status';
import { dateSchema, text } from './primitives';

export { scheduleMessages };

/**
 * The maintenance schedule's API (issue 40): service tasks per machine and programs (named sets of task
 * templates). The server parses every body with these schemas; the forms derive theirs from them.
 */

const m = scheduleMessages;

/** '' -> null; numeric strings -> numbers (form inputs and JSON alike). */
const blankToNull = (v: unknown) =>
  v === '' || v === null ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    text().max(max, commonMessages.tooLong).nullable().optional(),
  );

export const taskCategorySchema = z.enum(taskCategories, { error: m.category });
export const everyTimeSchema = z.object({
  count: z.preprocess(
    blankToNull,
    z
      .number({ error: m.intervalPositive })
      .int(m.intervalPositive)
      .positive(m.intervalPositive)
      .max(1000, m.intervalPositive),
  ),
  unit: z.enum(taskTimeUnits, { error: m.timeUnit }),
});
export type EveryTimeInput = z.infer<typeof everyTimeSchema>;

const everyUsageSchema = z.preprocess(
  blankToNull,
  z
    .number({ error: m.intervalPositive })
    .positive(m.intervalPositive)
    .max(1_000_000_000, m.intervalPositive)
    .nullable()
    .optional(),
);

export const taskPartSchema = z.object({
  partId: z.uuid().nullable().optional(),
  part: text({ error: m.partRequired })
    .trim()
    .min(1, m.partRequired)
    .max(200, commonMessages.tooLong),
  qty: z.preprocess(
    blankToNull,
    z
      .number({ error: m.quantity })
      .positive(m.quantity)
      .max(1_000_000, m.quantity)
      .nullable()
      .optional(),
  ),
});
export type TaskPartInput = z.infer<typeof taskPartSchema>;

/** What a task and a program's task template share. */
const taskFields = {
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(120, commonMessages.tooLong),
  category: taskCategorySchema.default('service'),
  everyUsage: everyUsageSchema,
  everyTime: everyTimeSchema.nullable().optional(),
  parts: z.array(taskPartSchema).max(50, commonMessages.tooLong).optional(),
  estimatedCost: z.preprocess(
    blankToNull,
    z.number({ error: m.money }).min(0, m.money).max(1_000_000_000, m.money).nullable().optional(),
  ),
  notes: optionalText(2000),
};

type IntervalShape = {
  category?: string;
  everyUsage?: number | null;
  everyTime?: unknown;
};
/** A task needs a usage or a time interval; a renewal is by time only. */
export function checkInterval(v: IntervalShape, ctx: z.RefinementCtx) {
  if (v.category === 'renewal' && v.everyUsage != null)
    ctx.addIssue({ code: 'custom', path: ['everyUsage'], message: m.renewalByTime });
  else if (v.everyUsage == null && v.everyTime == null)
    ctx.addIssue({ code: 'custom', path: ['everyUsage'], message: m.intervalRequired });
}

/** When a task was last done (default: the machine's current usage, today). */
export const lastDoneInputSchema = z.object({
  usage: z.preprocess(
    blankToNull,
    z.number({ error: m.lastDoneUsageAbove }).min(0).max(1_000_000_000).nullable().optional(),
  ),
  date: dateSchema.nullable().optional(),
});

export const taskInputSchema = z
  .object({ ...taskFields, lastDone: lastDoneInputSchema.optional() })
  .superRefine(checkInterval);
export type TaskInput = z.infer<typeof taskInputSchema>;

/** A change to a task: any of its fields (the interval rules are checked on the task as it would be). */
export const taskPatchSchema = z.object({
  name: taskFields.name.optional(),
  category: taskCategorySchema.optional(),
  everyUsage: everyUsageSchema,
  everyTime: everyTimeSchema.nullable().optional(),
  parts: taskFields.parts,
  estimatedCost: taskFields.estimatedCost,
  notes: taskFields.notes,
  lastDone: lastDoneInputSchema.optional(),
});
export type TaskPatch = z.infer<typeof taskPatchSchema>;

/** A program's task template (`id` to keep an existing one when the program is edited). */
export const programTaskInputSchema = z
  .object({ id: z.uuid().optional(), ...taskFields })
  .superRefine(checkInterval);
export type ProgramTaskInput = z.infer<typeof programTaskInputSchema>;

export const programInputSchema = z.object({
  name: taskFields.name,
  description: optionalText(2000),
  tasks: z
    .array(programTaskInputSchema, { error: m.tasksRequired })
    .min(1, m.tasksRequired)
    .max(50, m.tasksMax),
});
export type ProgramInput = z.infer<typeof programInputSchema>;
export const programPatchSchema = programInputSchema.partial();
export type ProgramPatch = z.infer<typeof programPatchSchema>;

export const applyProgramSchema = z.object({
  equipmentIds: z
    .array(z.uuid(), { error: m.machinesRequired })
    .min(1, m.machinesRequired)
    .max(500, m.machinesMax),
  lastDone: lastDoneInputSchema.optional(),
});
export type ApplyProgramInput = z.infer<typeof applyProgramSchema>;

export const removeProgramQuerySchema = z.object({
  keepTasks: z.enum(['true', 'false']).default('true'),
});

/** Ids in a path: a malformed one is simply not found (404), like another company's. */
export const programMachineParamsSchema = z.object({
  id: z.uuid(commonMessages.notFound),
  equipmentId: z.uuid(commonMessages.notFound),
});
export const taskParamsSchema = z.object({
  id: z.uuid(commonMessages.notFound),
  taskId: z.uuid(commonMessages.notFound),
});

const partDtoSchema = z.object({
  partId: z.string().nullable(),
  part: z.string(),
  qty: z.number().nullable(),
});

export const taskDtoSchema = z.object({
  id: z.string(),
  equipmentId: z.string(),
  name: z.string(),
  category: taskCategorySchema,
  /** The machine's primary task (the equipment form's Service Interval and Scheduled Maintenance). */
  primary: z.boolean(),
  programId: z.string().nullable(),
  changedFromProgram: z.boolean(),
  everyUsage: z.number().nullable(),
  everyTime: z.object({ count: z.number(), unit: z.enum(taskTimeUnits) }).nullable(),
  lastDone: z.object({ usage: z.number().nullable(), date: z.string().nullable() }),
  next: z.object({ usage: z.number().nullable(), date: z.string().nullable() }),
  status: serviceStatusSchema,
  percentUsed: z.number().nullable(),
  daysLeft: z.number().nullable(),
  forecastDate: z.string().nullable(),
  basis: z.enum(['usage', 'calendar']).nullable(),
  parts: z.array(partDtoSchema),
  estimatedCost: z.number().nullable(),
  notes: z.string().nullable(),
});
export type TaskDto = z.infer<typeof taskDtoSchema>;
export const taskListSchema = z.array(taskDtoSchema);

export const programTaskDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: taskCategorySchema,
  everyUsage: z.number().nullable(),
  everyTime: z.object({ count: z.number(), unit: z.enum(taskTimeUnits) }).nullable(),
  parts: z.array(partDtoSchema),
  estimatedCost: z.number().nullable(),
  notes: z.string().nullable(),
});
export const programDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  tasks: z.array(programTaskDtoSchema),
  /** The machines that follow it. */
  equipmentIds: z.array(z.string()),
});
export type ProgramDto = z.infer<typeof programDtoSchema>;
export const programListSchema = z.array(programDtoSchema);

export const applyResultSchema = z.object({
  /** Tasks added (a machine that already follows the program gets only the templates it lacks). */
  added: z.number(),
  program: programDtoSchema,
});
