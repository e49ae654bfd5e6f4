import { z } from 'zod';

/**
 * The typed record (docs/decisions/typed-record.md): every history entry is a `kind` and its `params`,
 * validated on write by the ledger (server/src/modules/ledger). Free text appears only where a person
 * wrote it (a note, an operator's notes, a service note, a reason, a retirement remark); everything
 * else is figures and codes, and domain/history-text.ts writes the sentence in the reader's language.
 */

const usage = z.number().finite();
const money = z.number().finite().nonnegative();
/** A person's own words (kept as written, never translated). */
const freeText = z.string().max(10_000);

/** `api`: sent with an API key (issue 29); the entry names the key in `via`. */
export const readingSources = ['operator', 'manager', 'import', 'inspection', 'api'] as const;
export type ReadingSource = (typeof readingSources)[number];

const fuelSchema = z.object({ amount: z.number().positive(), type: z.enum(['gas', 'diesel']) });
export type HistoryFuel = z.infer<typeof fuelSchema>;

const partSchema = z.object({
  part: z.string(),
  partNumber: z.string().nullable(),
  qty: z.number().nullable(),
  /** The catalogue part it was drawn from (issue 43); none: written as free text, nothing drawn. */
  partId: z.string().nullable().optional(),
});

const changeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

const entry = <K extends string, P extends z.ZodRawShape>(kind: K, params: P) =>
  z.object({ kind: z.literal(kind), params: z.object(params) });

export const historyEntrySchema = z.discriminatedUnion('kind', [
  /** A machine added by hand (its first reading); a machine whose unit is N/A is said nothing about usage. */
  entry('added', { usage, unit: z.string() }),
  /** A machine added by a spreadsheet import. */
  entry('imported', { usage, unit: z.string() }),
  /** A meter reading (absolute, or a manager's increase), with what it moved from. */
  entry('reading', {
    source: z.enum(readingSources),
    previousUsage: usage.nullable(),
    usage,
    unit: z.string(),
    fuel: fuelSchema.nullable().optional(),
    /** What the operator (or the file) wrote with it. */
    notes: freeText.optional(),
    /** The checklist a reading was taken with (its own name, as the company wrote it). */
    checklist: z.string().optional(),
    /** Possible but unusual for this machine: applied, and flagged for a manager to check. */
    unusual: z.boolean().optional(),
    /** An imported reading older than the machine's latest: recorded, not applied. */
    past: z.boolean().optional(),
    /** The API key it came through (its name, as the owner wrote it): "via GPS sync". */
    via: z.string().optional(),
    /** A manager's meter total (the machine page's Record a reading), not an increase. */
    total: z.boolean().optional(),
  }),
  /** A manager's correction of the current usage (edit form). */
  entry('correction', { previousUsage: usage, usage, unit: z.string() }),
  /** An entry voided (kept for entries that record a void as their own line). */
  entry('void', { entryId: z.string(), reason: freeText }),
  entry('service', {
    date: z.string(),
    usage: usage.nullable(),
    unit: z.string(),
    parts: z.array(partSchema),
    cost: money.nullable(),
    performedBy: z.string().nullable(),
    notes: freeText.nullable(),
    /**
     * What the service reset, as it was before it (issue 43): the machine's last service usage and date
     * and its next calendar date, put back when the service is voided and no later service exists.
     * Only on a service that was the latest when recorded.
     */
    before: z
      .object({ usage, date: z.string().nullable(), next: z.string().nullable() })
      .optional(),
    /** The work order that wrote it (its number): a work order's service is not voided on its own. */
    workOrder: z.number().int().positive().optional(),
    /**
     * The service tasks it did (issue 40), by id and by their names at the time. Absent on older
     * entries and on a service recorded without tasks: those did the primary task only.
     */
    tasks: z
      .array(
        z.object({
          id: z.string(),
          task: z.string(),
          primary: z.boolean().optional(),
          /**
           * A task of the machine's own (not the primary): its last done and next due date as the
           * service found them, put back when the service is voided and nothing moved the task since.
           */
          before: z
            .object({
              usage: usage.nullable(),
              date: z.string().nullable(),
              next: z.string().nullable(),
            })
            .optional(),
        }),
      )
      .optional(),
  }),
  /** Fuel added without a reading (operator update, imported fuel entry). */
  entry('fuel', {
    source: z.enum(readingSources),
    fuel: fuelSchema,
    notes: freeText.optional(),
    /** The machine's usage when the fuel was added. */
    usage: usage.optional(),
    /** The API key it came through. */
    via: z.string().optional(),
  }),
  entry('note', { text: freeText }),
  entry('change', { changes: z.array(changeSchema).min(1) }),
  entry('retired', { remark: freeText.nullable(), usage: usage.nullable(), unit: z.string() }),
  entry('restored', { usage: usage.nullable(), unit: z.string() }),
  /** A pre-use inspection: the checklist's name, how many items passed, the failed items' labels. */
  entry('inspection', {
    checklist: z.string(),
    passed: z.number().int().nonnegative(),
    failed: z.array(z.string()),
  }),
  /** A failed checklist item, or (`reported`) a problem an operator reported from the phone in their own words. */
  entry('defect_opened', {
    item: z.string(),
    critical: z.boolean(),
    reported: z.boolean().optional(),
  }),
  entry('defect_resolved', { item: z.string(), note: freeText.nullable() }),
  /** Out of service: the failed critical items, or the reason a manager typed. */
  entry('out_of_service', { items: z.array(z.string()), reason: freeText.nullable() }),
  entry('back_in_service', { items: z.array(z.string()), reason: freeText.nullable() }),
  entry('photo', { photoId: z.string(), caption: freeText.nullable() }),
  /** A work order's status change (issue 27): its number, title, the status it left and the one it took. */
  entry('work_order', {
    number: z.number().int().positive(),
    title: freeText,
    from: z.string().nullable(),
    status: z.string(),
    /** Parts, labour and other costs of a completed order. */
    total: money.nullable().optional(),
  }),
  /**
   * The maintenance schedule (issue 40): a service task added, changed (field, from, to) or removed, by
   * its name at the time; `primary`: the machine's primary task (its default name is rendered in the
   * reader's language); `program`: the program it came from or follows.
   */
  entry('task_added', {
    task: z.string(),
    primary: z.boolean().optional(),
    program: z.string().nullable().optional(),
  }),
  entry('task_changed', {
    task: z.string(),
    primary: z.boolean().optional(),
    changes: z.array(changeSchema).min(1),
  }),
  entry('task_removed', { task: z.string(), primary: z.boolean().optional() }),
  /**
   * Documents (issue 42): a file added to the machine (or to one of its work orders or services), a
   * newer one that replaced an older one (`previous`: the older one's title), a file removed; by its
   * title as written and its category (rendered in the reader's language).
   */
  entry('document_added', { documentId: z.string(), title: freeText, category: z.string() }),
  entry('document_replaced', {
    documentId: z.string(),
    title: freeText,
    category: z.string(),
    previous: freeText,
  }),
  entry('document_removed', { title: freeText, category: z.string() }),
]);

export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type HistoryKind = HistoryEntry['kind'];
export type ParamsOf<K extends HistoryKind> = Extract<HistoryEntry, { kind: K }>['params'];

export const historyKinds = historyEntrySchema.options.map(
  (o) => o.shape.kind.value,
) as HistoryKind[];
export const historyKindSchema = z.enum(historyKinds as [HistoryKind, ...HistoryKind[]]);

/**
 * The stored `type` column each kind keeps writing (what the service log, the forecast's readings and
 * the void rules query by; the typed record is `kind` + `params`).
 */
export const legacyTypeOf: Record<HistoryKind, string> = {
  added: 'usage_update',
  imported: 'usage_update',
  reading: 'usage_update',
  correction: 'usage_update',
  void: 'note',
  service: 'maintenance',
  fuel: 'usage_update',
  note: 'note',
  change: 'change',
  retired: 'retired',
  restored: 'restored',
  inspection: 'inspection',
  defect_opened: 'defect_opened',
  defect_resolved: 'defect_resolved',
  out_of_service: 'out_of_service',
  back_in_service: 'in_service',
  photo: 'photo',
  work_order: 'work_order',
  task_added: 'change',
  task_changed: 'change',
  task_removed: 'change',
  document_added: 'document',
  document_replaced: 'document',
  document_removed: 'document',
};

/** Usage arithmetic keeps the decimals that were entered: at most 2 (the column's scale), no float noise. */
export const roundUsage = (n: number): number => Math.round(n * 100) / 100;

/** The free text a person wrote on this entry, if any (kept in the stored `content` column). */
export function freeTextOf(e: HistoryEntry): string | null {
  switch (e.kind) {
    case 'note':
      return e.params.text;
    case 'reading':
    case 'fuel':
      return e.params.notes || null;
    case 'service':
      return e.params.notes || null;
    case 'retired':
      return e.params.remark || null;
    case 'defect_resolved':
      return e.params.note || null;
    case 'out_of_service':
    case 'back_in_service':
      return e.params.reason || null;
    case 'void':
      return e.params.reason;
    case 'photo':
      return e.params.caption || null;
    default:
      return null;
  }
}

/** A stored entry as the typed record, or (rows written outside the ledger, e.g. demo data) a note with its text. */
export function storedEntry(kind: string, params: unknown, content: string): HistoryEntry {
  const parsed = historyEntrySchema.safeParse({ kind, params });
  return parsed.success ? parsed.data : { kind: 'note', params: { text: content } };
}
