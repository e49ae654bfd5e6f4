import { z } from 'zod';
import { text } from './primitives';
import { defaultFuelType, fuelTypes, fuelTypeWords, type OperatorFuelType } from '../kinds';
import { isTimeZone } from '../dates';
import { resolveTimeZone } from '../time-zones';
import { MIN_PASSWORD, authMessages } from '../messages/auth';
import { commonMessages } from '../messages/common';
import { operatorsMessages } from '../messages/operators';
import { fuelMessages } from '../messages/fuel';
import { volumeUnits } from '../fuel';
import { moneySchema, volumeUnitSchema } from './fuel';
import { companyNameSchema } from './profile';
import { browseLimit, historyRecordDtoSchema, voidDetailsSchema } from './equipment';
import { UPDATES_MAX } from '../operator-updates';

export { operatorsMessages };

/**
 * Operators, managers, company settings, operator sign-in and operator updates (issue 4).
 * Messages are the spec's wording (section 5); password minimum 8 per decisions.md.
 */

const m = operatorsMessages;

const name = text().trim().min(1, m.missingInformation).max(60, m.nameMax);

// ---- Company settings -------------------------------------------------------------------
export const operatorPasswordSchema = text()
  .min(MIN_PASSWORD, m.passwordMin)
  .max(200, m.passwordMax);

/**
 * POST /api/company-settings: the shared operator password and/or the company name. An empty field
 * keeps its value ("No Changes" when both are empty); a given name follows the one company-name rule.
 */
export const companySettingsInputSchema = z
  .object({
    masterPassword: text().optional(),
    companyName: text().trim().optional(),
    /** The company's time zone (IANA name): every "today", due date and export date uses it. */
    timeZone: text().trim().optional(),
  })
  .transform((v) => ({
    masterPassword: v.masterPassword ? v.masterPassword : undefined,
    companyName: v.companyName ? v.companyName : undefined,
    // A city finds its zone ("Chicago" -> America/Chicago); anything else is refused below.
    timeZone: v.timeZone ? (resolveTimeZone(v.timeZone) ?? v.timeZone) : undefined,
  }))
  .refine(
    (v) =>
      v.masterPassword !== undefined || v.companyName !== undefined || v.timeZone !== undefined,
    { message: m.noChanges },
  )
  .superRefine((v, ctx) => {
    if (v.timeZone !== undefined && !isTimeZone(v.timeZone))
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: authMessages.timeZone });
  })
  .superRefine((v, ctx) => {
    if (v.masterPassword === undefined) return;
    const r = operatorPasswordSchema.safeParse(v.masterPassword);
    if (!r.success)
      ctx.addIssue({
        code: 'custom',
        path: ['masterPassword'],
        message: r.error.issues[0]?.message ?? m.passwordMin,
      });
  })
  .superRefine((v, ctx) => {
    if (v.companyName === undefined) return;
    const r = companyNameSchema.safeParse(v.companyName);
    if (!r.success)
      ctx.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: r.error.issues[0]?.message ?? m.companyNameEmpty,
      });
  });
export type CompanySettingsInput = z.infer<typeof companySettingsInputSchema>;

/**
 * The Company Settings form (three strings) as the API sees it, given the company's zone now: an
 * empty field keeps its value, a zone typed as a city is resolved ("Chicago" -> America/Chicago) and
 * is sent only when it differs from `currentZone`; then the API's own schema. A place that names no
 * zone is refused under the field by the API's schema (the form names what was typed); nothing
 * changed is `noChanges` on the form as a whole (`root`), before the API's schema is asked.
 */
export const companySettingsFormSchema = (currentZone: string) =>
  z
    .object({ companyName: z.string(), masterPassword: z.string(), timeZone: z.string() })
    .transform((v) => {
      // What names no zone is passed on as typed: the API's schema refuses it under the field.
      const zone = v.timeZone.trim()
        ? (resolveTimeZone(v.timeZone) ?? v.timeZone.trim())
        : currentZone;
      const out: { companyName?: string; masterPassword?: string; timeZone?: string } = {};
      if (v.companyName.trim()) out.companyName = v.companyName.trim();
      if (v.masterPassword) out.masterPassword = v.masterPassword;
      if (zone && zone !== currentZone) out.timeZone = zone;
      return out;
    })
    .refine(
      (v) =>
        v.masterPassword !== undefined || v.companyName !== undefined || v.timeZone !== undefined,
      { message: m.noChanges, path: ['root'] },
    )
    .pipe(companySettingsInputSchema);
export type CompanySettingsFormValues = z.input<ReturnType<typeof companySettingsFormSchema>>;

export const companySettingsDto = z.object({
  id: z.string(),
  companyName: z.string(),
  timeZone: z.string(),
  /** The shared operator password, decrypted: owners and managers only (null when not set). */
  masterPassword: z.string().nullable(),
  hasMasterPassword: z.boolean(),
  subscriptionTier: z.string(),
  subscriptionStatus: z.string(),
  equipmentLimit: z.number(),
  trialStartDate: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  pauseEndDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  billingInterval: z.string().nullable(),
});
export type CompanySettingsDto = z.infer<typeof companySettingsDto>;

// ---- Operators (employees) and managers --------------------------------------------------
export const employeeInputSchema = z.object({ firstName: name, lastName: name });
export type EmployeeInput = z.infer<typeof employeeInputSchema>;

export const employeeDto = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  email: z.string().nullable(),
  operatorUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type EmployeeDto = z.infer<typeof employeeDto>;

export const managerInputSchema = z.object({
  firstName: name,
  lastName: name,
  email: text().trim().max(254, m.email).pipe(z.email(m.email)),
  password: operatorPasswordSchema,
});
export type ManagerInput = z.infer<typeof managerInputSchema>;

export const idParamSchema = z.object({ id: z.uuid(commonMessages.notFound) });

export const resetUserPasswordSchema = z.object({
  targetUserId: text({ message: m.userRequired }).min(1, m.userRequired),
  newPassword: operatorPasswordSchema,
});
export type ResetUserPasswordInput = z.infer<typeof resetUserPasswordSchema>;

/** Reset User Password's form: the API's body plus the confirmation, which must match. */
export const resetUserPasswordFormSchema = resetUserPasswordSchema
  .extend({ confirm: text() })
  .refine((v) => v.newPassword === v.confirm, {
    message: authMessages.passwordsDontMatch,
    path: ['confirm'],
  });
export type ResetUserPasswordFormValues = z.input<typeof resetUserPasswordFormSchema>;

// ---- Operator sign-in ----------------------------------------------------------------------
export const operatorLoginSchema = z.object({
  operatorName: text().trim().min(1, m.usernameRequired).max(120),
  password: text().min(1, m.passwordRequired).max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type OperatorLoginInput = z.infer<typeof operatorLoginSchema>;

/** Where an operator lands after signing in. */
export const OPERATOR_HOME = '/simple-operator';

// ---- Operator updates -------------------------------------------------------------------------
export { defaultFuelType, fuelTypes, type OperatorFuelType };

const optionalNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ message }).min(0, message).max(100_000_000, message).optional(),
  );

const optionalMoney = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    moneySchema(message).optional(),
  );

export const operatorUpdateInputSchema = z
  .object({
    equipmentId: z.uuid({ message: m.noEquipmentSelected }),
    newUsage: optionalNumber(m.invalidUsage),
    fuelAdded: optionalNumber(m.invalidFuel),
    fuelType: z.enum(fuelTypeWords).optional(),
    /** The fill-up's own price per `volumeUnit`, or its total cost (issue 45); both may be left out. */
    price: optionalMoney(fuelMessages.priceInvalid),
    cost: optionalMoney(fuelMessages.costInvalid),
    /** gal | L: the unit of `fuelAdded` and `price` (gallons when left out, as v1 always meant). */
    volumeUnit: volumeUnitSchema.optional(),
    notes: text().trim().max(2000, m.notesMax).optional(),
    equipmentName: text().max(200).optional(),
    /**
     * When the phone made it (ISO time; issue 25): an update that waited on the phone for a signal
     * is recorded at that time, placed between the machine's last reading and now (server: takenTime).
     */
    takenAt: z.iso.datetime({ offset: true, message: commonMessages.invalid }).optional(),
  })
  .refine((v) => v.newUsage !== undefined || (v.fuelAdded ?? 0) > 0 || (v.notes ?? '').length > 0, {
    message: m.noInformation,
  });
export type OperatorUpdateInput = z.infer<typeof operatorUpdateInputSchema>;

export const operatorUpdateStatuses = ['pending', 'applied', 'rejected'] as const;

export const operatorUpdateDto = z.object({
  id: z.string(),
  equipmentId: z.string(),
  equipmentName: z.string(),
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  newUsage: z.number().nullable(),
  /** In `volumeUnit` (the company's unit). */
  fuelAdded: z.number(),
  fuelType: z.string(),
  /** gal | L: the unit of `fuelAdded` and `price` in this answer (the company's, issue 45). */
  volumeUnit: z.enum(volumeUnits),
  /** The fill-up's own price per `volumeUnit`, when one was given. */
  price: z.number().nullable(),
  /** The fill-up's own total cost, when one was given. */
  cost: z.number().nullable(),
  notes: z.string(),
  status: z.enum(operatorUpdateStatuses),
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** An applied update a manager voided (its usage and fuel no longer count). */
  voided: voidDetailsSchema.nullable(),
  /** The device it was sent from ("Android phone · Chrome"), when known. */
  device: z.string().nullable(),
  /** The machine's usage unit (hours, miles, km), in the dashboard's list of updates. */
  unit: z.string().optional(),
  /** The checklist a reading was taken with (an inspection's reading), in the dashboard's list. */
  checklist: z.string().nullable(),
  /** Applied, but far above the machine's usual rate: shown as "unusual, check" with a one-click void. */
  unusual: z.boolean(),
  /**
   * In the dashboard's list: the machine is critical or severely critical now (its updates pulse and
   * offer Serviced); absent when it is neither.
   */
  criticality: z.enum(['critical', 'severe']).optional(),
  /**
   * In the dashboard's list: a fill-up more than the machine's tank holds (its capacity and 5 % more,
   * issue 45); absent when it is not, or the machine has no tank capacity.
   */
  overTank: z.literal(true).optional(),
});
export type OperatorUpdateDto = z.infer<typeof operatorUpdateDto>;

/** GET /api/operator-updates?limit= (domain/operator-updates.ts: the list's order and sizes). */
export const operatorUpdatesQuerySchema = z.object({
  limit: browseLimit(UPDATES_MAX, UPDATES_MAX),
});

export const submitOperatorUpdateResponse = z.object({
  update: operatorUpdateDto,
  /** applied: counted at once; pending: held for the manager's review (implausible reading). */
  status: z.enum(operatorUpdateStatuses),
  message: z.string(),
});
export type SubmitOperatorUpdateResponse = z.infer<typeof submitOperatorUpdateResponse>;

// ---- Exports ------------------------------------------------------------------------------------
export const fuelExportRow = z.object({
  date: z.string(),
  equipmentName: z.string(),
  operatorName: z.string(),
  fuelType: z.string(),
  fuelAdded: z.number(),
  notes: z.string(),
  /** The machine is retired (its entries stay in every export). */
  retired: z.boolean(),
});
export type FuelExportRow = z.infer<typeof fuelExportRow>;

/** GET /api/equipment-history/export: every entry of every machine, retired ones included. */
export const historyRecord = historyRecordDtoSchema.extend({
  equipmentId: z.string(),
  unit: z.string(),
  retired: z.boolean(),
});
export type HistoryRecord = z.infer<typeof historyRecord>;

/** Usernames: the first name without spaces, accents or symbols (the spec: first-name based). */
export function usernameBase(firstName: string): string {
  const base = firstName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');
  return (base || 'Operator').slice(0, 30);
}

/** Meter plausibility (decisions.md): the most a meter can advance per elapsed day. */
export const MAX_INCREASE_PER_DAY: Record<string, number> = {
  hours: 24,
  miles: 1000,
  kilometers: 1600,
};
