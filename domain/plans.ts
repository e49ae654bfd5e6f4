import { z } from 'zod';

/** The three tiers exactly as spec section 9. Every page and text reads them from here. */
export const tiers = ['basic', 'professional', 'enterprise'] as const;
export const tierSchema = /* @__PURE__ */ z.enum(tiers);
export type Tier = z.infer<typeof tierSchema>;

export const billingIntervals = ['month', 'year'] as const;
export const billingIntervalSchema = /* @__PURE__ */ z.enum(billingIntervals);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export type Plan = {
  tier: Tier;
  /** -1 means unlimited. */
  equipmentLimit: number;
  /** The company's documents together, in bytes (issue 42: every plan gets documents). */
  storageBytes: number;
  /** Whole dollars per month, billed monthly. */
  monthly: number;
  /** Dollars per month when billed yearly (15 % off, charged 12 months up front). */
  yearlyPerMonth: number;
  /** Cents charged per month (monthly billing) and per month-equivalent (yearly billing). */
  monthlyCents: number;
  yearlyPerMonthCents: number;
  /** Struck-through "before launch special" prices. */
  struckMonthly: number;
  struckYearlyPerMonth: number;
  mostPopular: boolean;
};

const GB = 1024 * 1024 * 1024;

export const PLANS: Record<Tier, Plan> = {
  basic: {
    tier: 'basic',
    storageBytes: 2 * GB,
    equipmentLimit: 15,
    monthly: 32,
    yearlyPerMonth: 27,
    monthlyCents: 3200,
    yearlyPerMonthCents: 2720,
    struckMonthly: 40,
    struckYearlyPerMonth: 34,
    mostPopular: false,
  },
  professional: {
    tier: 'professional',
    storageBytes: 10 * GB,
    equipmentLimit: 30,
    monthly: 54,
    yearlyPerMonth: 46,
    monthlyCents: 5400,
    yearlyPerMonthCents: 4590,
    struckMonthly: 68,
    struckYearlyPerMonth: 58,
    mostPopular: true,
  },
  enterprise: {
    tier: 'enterprise',
    storageBytes: 50 * GB,
    equipmentLimit: 65,
    monthly: 100,
    yearlyPerMonth: 85,
    monthlyCents: 10000,
    yearlyPerMonthCents: 8500,
    struckMonthly: 125,
    struckYearlyPerMonth: 106,
    mostPopular: false,
  },
};

export const PLAN_LIST: Plan[] = tiers.map((t) => PLANS[t]);

export const YEARLY_DISCOUNT_PERCENT = 15;
export const LAUNCH_SPECIAL_PERCENT = 20;
export const DEFAULT_TRIAL_DAYS = 14;
export const TRIAL_EQUIPMENT_LIMIT = 15;
export const PAUSE_MONTHS = [3, 6] as const;

/** Features shared by every tier (spec section 9). Keys into the i18n "plans" texts. */
export const PLAN_FEATURE_KEYS = [
  'hoursMileage',
  'serviceAlerts',
  'calendarMaintenance',
  'fuelTracking',
  'serviceParts',
  'fuelAnalytics',
  'operatorUpdates',
  'maintenanceNotes',
  'dashboardOverview',
] as const;

/** Amount charged at checkout, in cents: one month, or 12 months up front for yearly billing. */
export function chargeCents(tier: Tier, interval: BillingInterval): number {
  const p = PLANS[tier];
  return interval === 'month' ? p.monthlyCents : p.yearlyPerMonthCents * 12;
}

export const isUnlimited = (limit: number) => limit === -1;
