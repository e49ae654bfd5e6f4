/**
 * The history kinds as plain data (no zod), for screens that list them (the machine page's timeline
 * filter) without loading the schema; `history-text.test.ts` checks it against domain/history.ts.
 */
export const historyKindList = [
  'added',
  'imported',
  'reading',
  'correction',
  'void',
  'service',
  'fuel',
  'note',
  'change',
  'retired',
  'restored',
  'inspection',
  'defect_opened',
  'defect_resolved',
  'out_of_service',
  'back_in_service',
  'photo',
  'work_order',
  'task_added',
  'task_changed',
  'task_removed',
  'document_added',
  'document_replaced',
  'document_removed',
] as const;
export type HistoryKindName = (typeof historyKindList)[number];

/**
 * How many entries a machine's timeline asks for at a time (GET /api/equipment/:id/history?limit=):
 * its first page is also announced as the machine page's first-screen data (client/src/app/route-table.ts).
 */
export const TIMELINE_PAGE = 20;
