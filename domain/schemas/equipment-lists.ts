/** The queries and answers of the machine listings: the full list, the Equipment List's page, the operator's picker. */
import { z } from 'zod';
import { text } from './primitives';
import { equipmentTypes, type EquipmentType } from './equipment-vocab';
import { serviceStatuses } from '../status';
import { queryMessages as q } from '../messages/query';
import { EQUIPMENT_OPTIONS_SIZE } from '../equipment-search';

/** Query of GET /api/equipment: status is a service status, a page slug or `all`. */
export const equipmentListQuerySchema = z.object({
  status: text().max(40).optional(),
  type: text().max(40).optional(),
  search: text().max(200).optional(),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuerySchema>;

/**
 * What a status filter may be: `all`, a service status, a status page slug (approaching, due), or
 * `no_schedule` (machines with neither a usage interval nor a calendar date, counted apart from Good).
 */
export const statusFilterValues = [
  'all',
  ...serviceStatuses,
  'approaching',
  'due',
  'no_schedule',
] as const;
export const typeFilterValues = ['all', ...equipmentTypes] as const;

/** Page size of the Equipment List, and the most one request may ask for. */
export const EQUIPMENT_PAGE_SIZE = 25;
export const EQUIPMENT_PAGE_MAX = 100;

/** Fields shared by the bounded listings (GET /api/equipment/page and the dashboard's overview). */
export const equipmentBrowseFields = {
  search: text({ error: q.text }).trim().max(200, q.maxChars).optional(),
  status: z.enum(statusFilterValues, { error: q.oneOf }).optional(),
  type: z.enum(typeFilterValues, { error: q.oneOf }).optional(),
  offset: z.coerce
    .number({ error: q.number })
    .int(q.whole)
    .min(0, q.notNegative)
    .max(1_000_000, q.atMost)
    .default(0),
};

const limitOf = (max: number, fallback: number) =>
  z.coerce
    .number({ error: q.number })
    .int(q.whole)
    .min(1, q.atLeast)
    .max(max, q.atMost)
    .default(fallback);

/**
 * GET /api/equipment/page: one page of the company's machines, sorted by name, filtered by a search
 * (name, serial number, type), a service status and a type; `total` is how many match.
 */
export const equipmentPageQuerySchema = z.object({
  ...equipmentBrowseFields,
  limit: limitOf(EQUIPMENT_PAGE_MAX, EQUIPMENT_PAGE_SIZE),
});
export type EquipmentPageQuery = z.infer<typeof equipmentPageQuerySchema>;
/**
 * The service's query (the dashboard asks for larger pages than the list). `matchTypes`: types that
 * also match a non-empty search (the client's translated type labels that contain the search text).
 */
export type EquipmentBrowseQuery = Omit<EquipmentPageQuery, 'limit'> & {
  limit: number;
  matchTypes?: EquipmentType[];
  /** Add each page item's service forecast (two more queries). */
  withForecast?: boolean;
};
export const browseLimit = limitOf;

/** How many machines the operator's picker shows at most per search, and the most one request may ask for. */
export { EQUIPMENT_OPTIONS_SIZE };
export const EQUIPMENT_OPTIONS_MAX = 100;
const matchTypesMessage = q.matchTypes;

/**
 * GET /api/equipment/options (the operator screen's picker; operators may call it): the first
 * machines by name matching a search on name, serial number or type. `matchTypes` (comma-separated
 * types) also match the search: the client sends the types whose label in the user's language
 * contains the search text ("maquinaria" finds machinery).
 */
export const equipmentOptionsQuerySchema = z.object({
  search: equipmentBrowseFields.search,
  matchTypes: text({ error: matchTypesMessage })
    .max(200, matchTypesMessage)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(equipmentTypes, { error: matchTypesMessage })))
    .optional(),
  limit: limitOf(EQUIPMENT_OPTIONS_MAX, EQUIPMENT_OPTIONS_SIZE),
});
export type EquipmentOptionsQuery = z.infer<typeof equipmentOptionsQuerySchema>;

/** A machine as every answer names it: its id, name, type, serial number and usage unit. */
export const machineIdentityFields = {
  id: z.string(),
  name: z.string(),
  type: z.string(),
  serialNumber: z.string().nullable(),
  unit: z.string(),
};

/** One machine as the operator screen needs it: no totals, schedule, parts or description. */
export const equipmentOptionSchema = z.object({
  ...machineIdentityFields,
  fuelType: z.string(),
  currentUsage: z.number(),
  /** Out of service (issue 16): the operator sees it when picking the machine. */
  outOfService: z.boolean().optional(),
});
export type EquipmentOption = z.infer<typeof equipmentOptionSchema>;

/** GET /api/equipment/options: `total` is how many machines match (more than `items` when the search is too wide). */
export const equipmentOptionsSchema = z.object({
  items: z.array(equipmentOptionSchema),
  total: z.number(),
  limit: z.number(),
});
export type EquipmentOptions = z.infer<typeof equipmentOptionsSchema>;
