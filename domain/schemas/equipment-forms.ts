import { z } from 'zod';
import { equipmentMessages } from '../messages/equipment';
import {
  equipmentInputSchema,
  serviceInputSchema,
  withoutMeterFields,
  type EquipmentInput,
  type ServiceInput,
} from './equipment';

/**
 * The Add/Edit Equipment and Mark as Serviced forms as the API schemas see them. A form holds
 * strings (what its inputs hold); each schema below takes those strings, turns them into the API's
 * input and validates it with the very schema the server parses. The forms use them through
 * `zodResolver`, so a rule written once in `equipment.ts` is the form's rule and the API's, with the
 * same message keys, and the submit handler receives the parsed input.
 */

/** One row of a service-parts editor (the Add/Edit form's parts, the parts used in a service). */
export const servicePartRowSchema = z.object({
  /** Only in Mark as Serviced: whether this part was used (unticked rows are not sent). */
  used: z.boolean().optional(),
  part: z.string(),
  partNumber: z.string(),
  qty: z.string(),
  /** The catalogue part it is ('' for none; issue 27). */
  partId: z.string().optional(),
});
export type ServicePartRow = z.infer<typeof servicePartRowSchema>;

/** A new, empty row: one of the part, quantity 1. */
export const emptyServicePartRow = (used?: boolean): ServicePartRow => ({
  ...(used === undefined ? {} : { used }),
  part: '',
  partNumber: '',
  qty: '1',
  partId: '',
});

const equipmentFormFields = z.object({
  name: z.string(),
  type: z.string(),
  serialNumber: z.string(),
  unit: z.string(),
  fuelType: z.string(),
  hasScheduledMaintenance: z.boolean(),
  maintenanceStartDate: z.string(),
  maintenanceInterval: z.string(),
  maintenanceIntervalUnit: z.string(),
  currentUsage: z.string(),
  threshold: z.string(),
  alertThreshold: z.string(),
  serviceInterval: z.string(),
  lastServiceUsage: z.string(),
  serviceParts: z.array(servicePartRowSchema),
  description: z.string(),
  /** In `tankCapacityUnit`, the company's volume unit (issue 45). */
  tankCapacity: z.string(),
  tankCapacityUnit: z.string(),
});
export type EquipmentFormValues = z.infer<typeof equipmentFormFields>;

/**
 * The form's strings as the API input: an unchosen type or unit is missing (its own "required"
 * message), and a tool with no meter (unit N/A) sends no usage, lifespan or usage interval.
 */
export const equipmentFormToInput = (v: EquipmentFormValues) =>
  withoutMeterFields({
    ...v,
    type: v.type || undefined,
    unit: v.unit || undefined,
    fuelType: v.fuelType || 'n/a',
    tankCapacityUnit: v.tankCapacityUnit || undefined,
    serviceParts: v.serviceParts.map(({ part, partNumber, qty, partId }) => ({
      part,
      partNumber,
      qty,
      partId: partId || null,
    })),
  });

/** Add/Edit Equipment: the form's values in, the API's `EquipmentInput` out. */
export const equipmentFormSchema: z.ZodType<EquipmentInput, EquipmentFormValues> =
  equipmentFormFields
    // Strings in, the API's raw input out: the API schema below reads the strings as it would JSON.
    .transform((v) => equipmentFormToInput(v) as z.input<typeof equipmentInputSchema>)
    .pipe(equipmentInputSchema);

const serviceFormFields = z.object({
  serviceDate: z.string(),
  usage: z.string(),
  parts: z.array(servicePartRowSchema),
  cost: z.string(),
  performedBy: z.string(),
  notes: z.string(),
});
export type ServiceFormValues = z.infer<typeof serviceFormFields>;

/** The ticked parts with a name, as the API takes them. */
export const serviceFormToInput = (v: ServiceFormValues) => ({
  ...v,
  parts: v.parts
    .filter((p) => p.used !== false && p.part.trim())
    // A part chosen from the catalogue is drawn from stock with the service (issue 43).
    .map(({ part, partNumber, qty, partId }) => ({
      part,
      partNumber,
      qty,
      ...(partId ? { partId } : {}),
    })),
});

/**
 * Mark as Serviced: the API's rules plus "not in the future", which needs the company's today (the
 * server checks the same with its own clock).
 */
export const serviceFormSchema = (today: string): z.ZodType<ServiceInput, ServiceFormValues> =>
  serviceFormFields
    .transform((v) => serviceFormToInput(v) as z.input<typeof serviceInputSchema>)
    .pipe(serviceInputSchema)
    .superRefine((v, ctx) => {
      if (v.serviceDate && v.serviceDate > today)
        ctx.addIssue({
          code: 'custom',
          path: ['serviceDate'],
          message: equipmentMessages.serviceDateFuture,
        });
    });
