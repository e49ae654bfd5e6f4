import { z } from 'zod';
import { dateSchema, isBase64, PHOTO_MAX_BASE64, text } from './primitives';
import { equipmentTypes } from '../kinds';
import { machineIdentityFields } from './equipment-lists';
import { equipmentMessages } from '../messages/equipment';
import { inspectionsMessages } from '../messages/inspections';

export { inspectionsMessages };

/**
 * Pre-use inspections (issue 16): checklist templates (owners and managers), inspections submitted from
 * the operator screen, the defects their failed items become, and a machine's out-of-service state.
 * docs/decisions/inspections.md.
 */

const m = inspectionsMessages;

export const itemKinds = ['passFail', 'number', 'text'] as const;
export type ItemKind = (typeof itemKinds)[number];

/** A checklist item. `id` is stable across edits so answers and defects keep naming it. */
export const checklistItemSchema = z
  .object({
    id: text().trim().min(1).max(64),
    label: text({ error: m.itemLabelRequired })
      .trim()
      .min(1, m.itemLabelRequired)
      .max(120, m.itemLabelMax),
    help: text().trim().max(300, m.itemHelpMax).optional().default(''),
    kind: z.enum(itemKinds, { error: m.itemKind }),
    unit: text().trim().max(20, m.itemUnitRequired).optional().default(''),
    required: z.boolean().optional().default(true),
    /** A failed critical item takes the machine out of service at once (docs/decisions/inspections.md). */
    critical: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'number' && !v.unit)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: m.itemUnitRequired });
  });
export type ChecklistItem = z.output<typeof checklistItemSchema>;
export type ChecklistItemInput = z.input<typeof checklistItemSchema>;

export const templateInputSchema = z
  .object({
    name: text({ error: m.templateNameRequired })
      .trim()
      .min(1, m.templateNameRequired)
      .max(100, m.templateNameMax),
    /** Equipment types it applies to, and/or single machines. */
    equipmentTypes: z
      .array(z.enum(equipmentTypes))
      .max(equipmentTypes.length)
      .optional()
      .default([]),
    equipmentIds: z.array(z.uuid()).max(500).optional().default([]),
    /** A daily checklist: the dashboard lists machines it applies to that were not inspected today. */
    daily: z.boolean().optional().default(true),
    items: z
      .array(checklistItemSchema, { error: m.itemsRequired })
      .min(1, m.itemsRequired)
      .max(60, m.itemsMax),
  })
  .superRefine((v, ctx) => {
    if (v.equipmentTypes.length === 0 && v.equipmentIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['equipmentTypes'], message: m.appliesToRequired });
    const ids = new Set<string>();
    v.items.forEach((item, i) => {
      if (ids.has(item.id))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: m.itemKind });
      ids.add(item.id);
    });
  });
export type TemplateInput = z.output<typeof templateInputSchema>;
export type TemplateFormInput = z.input<typeof templateInputSchema>;

/** A checklist item with every field present: as the editor holds it and as the API answers it. */
const itemValuesSchema = z.object({
  id: z.string(),
  label: z.string(),
  help: z.string(),
  kind: z.enum(itemKinds),
  unit: z.string(),
  required: z.boolean(),
  critical: z.boolean(),
});

/**
 * The checklist editor's values (every item's field present) piped into the API's schema: the form
 * validates with `templateInputSchema` itself, its messages under each field.
 */
export const templateFormSchema = z
  .object({
    name: z.string(),
    equipmentTypes: z.array(z.enum(equipmentTypes)),
    equipmentIds: z.array(z.string()),
    daily: z.boolean(),
    items: z.array(itemValuesSchema),
  })
  .transform((v): TemplateFormInput => v)
  .pipe(templateInputSchema);
export type TemplateFormValues = z.input<typeof templateFormSchema>;

export const templateDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  equipmentTypes: z.array(z.string()),
  equipmentIds: z.array(z.string()),
  daily: z.boolean(),
  items: z.array(itemValuesSchema),
  /** The ready-made checklist it was copied from, if any. */
  starter: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateDto = z.infer<typeof templateDtoSchema>;

export const starterKeys = ['vehicle', 'machinery', 'tools'] as const;
export type StarterKey = (typeof starterKeys)[number];
export const starterInputSchema = z.object({
  starter: z.enum(starterKeys, { error: m.starterUnknown }),
  language: z.enum(['en', 'es']).optional().default('en'),
});

// ---- Inspections ---------------------------------------------------------------------------------

export const answerSchema = z.object({
  itemId: text().trim().min(1).max(64),
  /** pass/fail items */
  result: z.enum(['pass', 'fail']).optional(),
  /** number items */
  number: z.number({ error: m.answerInvalid }).min(-1e9).max(1e12).optional(),
  /** text items */
  text: text().trim().max(1000, m.noteMax).optional(),
  /** A failed item's note. */
  note: text().trim().max(1000, m.noteMax).optional(),
});
export type AnswerInput = z.infer<typeof answerSchema>;

/** POST /api/inspections (Idempotency-Key header: the outbox's key, recorded once). */
export const inspectionInputSchema = z.object({
  equipmentId: z.uuid(),
  templateId: z.uuid(m.templateNotFound),
  /** The machine's current reading, taken with the inspection (the rules of an operator usage update). */
  reading: z
    .number({ error: m.invalidReading })
    .min(0, m.invalidReading)
    .max(100_000_000, m.invalidReading)
    .optional(),
  answers: z.array(answerSchema).max(60),
});
export type InspectionInput = z.infer<typeof inspectionInputSchema>;

export const answerDtoSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  kind: z.enum(itemKinds),
  unit: z.string(),
  critical: z.boolean(),
  result: z.enum(['pass', 'fail']).nullable(),
  number: z.number().nullable(),
  text: z.string().nullable(),
  note: z.string().nullable(),
});
export type AnswerDto = z.infer<typeof answerDtoSchema>;

export const inspectionDtoSchema = z.object({
  id: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  operatorName: z.string(),
  reading: z.number().nullable(),
  /** applied | pending (held for review like a usage update) | null (no reading) */
  readingStatus: z.string().nullable(),
  answers: z.array(answerDtoSchema),
  failedCount: z.number(),
  createdAt: z.string(),
  device: z.string().nullable(),
});
export type InspectionDto = z.infer<typeof inspectionDtoSchema>;

export const submitInspectionResponse = z.object({
  inspection: inspectionDtoSchema,
  defects: z.number(),
  /** The machine went out of service by a failed critical item. */
  outOfService: z.boolean(),
});
export type SubmitInspectionResponse = z.infer<typeof submitInspectionResponse>;

/** POST /api/inspections/photos: the photo of one failed item, after the inspection is recorded. */
export const inspectionPhotoInputSchema = z.object({
  inspectionKey: text().trim().min(1).max(200),
  itemId: text().trim().min(1).max(64),
  data: text().min(1).max(PHOTO_MAX_BASE64, { abort: true }).refine(isBase64),
});
export type InspectionPhotoInput = z.infer<typeof inspectionPhotoInputSchema>;

// ---- Defects and out of service ------------------------------------------------------------------

/**
 * POST /api/problem-reports (issue 27): an operator's "Report a problem" from the phone, without a
 * checklist. It opens a defect the manager sees (and turns into a work order). Idempotency-Key header:
 * the outbox's key; the same report sent twice is recorded once.
 */
export const problemReportInputSchema = z.object({
  equipmentId: z.uuid(m.machineRequired),
  problem: text({ error: m.problemRequired })
    .trim()
    .min(1, m.problemRequired)
    .max(500, m.problemMax),
});
export type ProblemReportInput = z.infer<typeof problemReportInputSchema>;

/** POST /api/problem-reports/photo: the report's photo, sent after it under the report's key. */
export const problemReportPhotoInputSchema = z.object({
  reportKey: text().trim().min(1).max(200),
  data: inspectionPhotoInputSchema.shape.data,
});
export type ProblemReportPhotoInput = z.infer<typeof problemReportPhotoInputSchema>;

export const problemReportResponse = z.object({
  /** The defect it opened. */
  id: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  problem: z.string(),
  createdAt: z.string(),
});
export type ProblemReportResponse = z.infer<typeof problemReportResponse>;

export const defectDtoSchema = z.object({
  id: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  /** Null for a problem an operator reported without a checklist (`reported`). */
  inspectionId: z.string().nullable(),
  /** The checklist's name; '' for a reported problem. */
  templateName: z.string(),
  /** An operator's "Report a problem" (issue 27), not a failed checklist item. */
  reported: z.boolean(),
  itemLabel: z.string(),
  critical: z.boolean(),
  note: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
  hasPhoto: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  serviceEntryId: z.string().nullable(),
  /** The machine's out-of-service state now. */
  outOfService: z.boolean(),
});
export type DefectDto = z.infer<typeof defectDtoSchema>;

export const defectsQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all']).optional().default('open'),
  equipmentId: z.uuid().optional(),
});

export const resolveDefectInputSchema = z
  .object({
    note: text().trim().max(1000, m.noteMax).optional(),
    /** Resolve with a service entry (Mark as Serviced's fields). */
    service: z
      .object({
        serviceDate: dateSchema.optional(),
        cost: z.number().min(0).max(1e9).optional(),
        performedBy: text().trim().max(120).optional(),
        notes: text().trim().max(2000).optional(),
      })
      .optional(),
    /** Put the machine back in service (the manager's choice; automatic when the last open critical defect is resolved). */
    returnToService: z.boolean().optional(),
  })
  .refine((v) => !!v.service || (v.note ?? '').length > 0, {
    message: m.resolutionRequired,
    path: ['note'],
  });
export type ResolveDefectInput = z.infer<typeof resolveDefectInputSchema>;

/**
 * The Resolve dialog (how, note, cost, performed by, return to service) as the API sees it: a cost
 * typed with a comma or a point, 0 or more, under its field; then `resolveDefectInputSchema` (a note
 * is required when resolving without a service entry). `outOfService`: the machine is out of service,
 * so "return to service" is sent.
 */
export const resolveDefectFormSchema = (outOfService: boolean) =>
  z
    .object({
      how: z.enum(['note', 'service']),
      note: z.string(),
      cost: z.string(),
      performedBy: z.string(),
      returnToService: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const c = Number(v.cost.trim().replace(',', '.'));
      if (v.how === 'service' && v.cost.trim() && (!Number.isFinite(c) || c < 0))
        ctx.addIssue({ code: 'custom', path: ['cost'], message: equipmentMessages.costMin });
    })
    .transform((v): z.input<typeof resolveDefectInputSchema> => {
      const note = v.note.trim();
      const cost = v.cost.trim() ? Number(v.cost.trim().replace(',', '.')) : undefined;
      const by = v.performedBy.trim();
      return {
        ...(note ? { note } : {}),
        ...(v.how === 'service'
          ? {
              service: {
                ...(cost !== undefined ? { cost } : {}),
                ...(by ? { performedBy: by } : {}),
                ...(note ? { notes: note } : {}),
              },
            }
          : {}),
        ...(outOfService ? { returnToService: v.returnToService } : {}),
      };
    })
    .pipe(resolveDefectInputSchema);
export type ResolveDefectFormValues = z.input<ReturnType<typeof resolveDefectFormSchema>>;

export const outOfServiceInputSchema = z.object({
  reason: text({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.reasonMax),
});
export type OutOfServiceInput = z.infer<typeof outOfServiceInputSchema>;

export const outOfServiceDtoSchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  reason: z.string(),
});
export type OutOfServiceDto = z.infer<typeof outOfServiceDtoSchema>;

/** What the operator screen needs of a picked machine: its checklists and whether it is out of service. */
export const machineChecklistsSchema = z.object({
  outOfService: outOfServiceDtoSchema.nullable(),
  templates: z.array(templateDtoSchema),
  /** Inspected today (company time zone). */
  inspectedToday: z.boolean(),
});
export type MachineChecklists = z.infer<typeof machineChecklistsSchema>;

export const inspectionsQuerySchema = z.object({
  equipmentId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(20_000).optional().default(200),
});

/** The dashboard card: open defects, machines out of service, machines with a daily checklist not inspected today. */
export const inspectionsSummarySchema = z.object({
  openDefects: z.array(defectDtoSchema),
  outOfService: z.array(
    z.object({ id: z.string(), name: z.string(), reason: z.string(), at: z.string() }),
  ),
  notInspectedToday: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
  notInspectedTotal: z.number(),
});
export type InspectionsSummary = z.infer<typeof inspectionsSummarySchema>;

/** GET /api/equipment/:id/inspection-report: one machine's inspections and defects for audits. */
export const inspectionReportSchema = z.object({
  equipment: z.object({
    ...machineIdentityFields,
    currentUsage: z.number(),
    outOfService: outOfServiceDtoSchema.nullable(),
  }),
  inspections: z.array(inspectionDtoSchema),
  defects: z.array(defectDtoSchema),
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;
