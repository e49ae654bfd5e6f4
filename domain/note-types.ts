/**
 * History entry types: notes, usage changes (readings), services, changes of a machine's data
 * (who, when, old and new values), retirement and restore. Plain code (no zod), so a screen that only
 * lists them loads no schema (domain/schemas/equipment.ts re-exports it).
 */
export const noteTypes = [
  'note',
  'usage_update',
  'maintenance',
  'change',
  'retired',
  'restored',
  // Pre-use inspections (issue 16)
  'inspection',
  'defect_resolved',
  'out_of_service',
  'in_service',
  // The typed record (issue 24): kinds with no legacy type of their own
  'defect_opened',
  'photo',
  // Work orders (issue 27): each status change, with its own badge and timeline filter
  'work_order',
  // Documents (issue 42): a file added, replaced or removed
  'document',
] as const;
