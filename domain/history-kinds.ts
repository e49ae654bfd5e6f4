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
] as const;
export type HistoryKindName = (typeof historyKindList)[number];
