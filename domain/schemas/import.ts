import { z } from 'zod';
import { text } from './primitives';
import { equipmentColumnFields, historyImportFields } from '../import';
import { importMessages } from '../messages/import';
import { queryMessages as q } from '../messages/query';

/**
 * Spreadsheet import requests (docs/decisions/import-files-as-json-rows.md): the browser reads the
 * file (CSV or .xlsx) and sends its rows as JSON cells keyed by the field each column was mapped to.
 * The server reads the cells (domain/import.ts) and checks each row with the equipment form's schema.
 */
export const IMPORT_MAX_ROWS = 5_000;
/** Per-route body limit of the import calls: 5,000 rows of 15 cells fit with room to spare. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

const cellSchema = z.union([text().max(5_000), z.number(), z.boolean(), z.null()]);

export const importFormatSchema = z.object({
  decimal: z.enum(['.', ','], { error: q.oneOf }),
  dateOrder: z.enum(['mdy', 'dmy'], { error: q.oneOf }),
});

const rowsOf = <F extends readonly [string, ...string[]]>(fields: F) =>
  z
    .array(z.partialRecord(z.enum(fields), cellSchema))
    .min(1, importMessages.noRows)
    .max(IMPORT_MAX_ROWS, importMessages.tooManyRows);

/** The spreadsheet's own line number of each row (blank lines skipped); without it the header is line 1. */
const linesSchema = z
  .array(z.number().int().min(1).max(10_000_000))
  .max(IMPORT_MAX_ROWS)
  .optional();

/**
 * POST /api/import/equipment/preview and /api/import/equipment. `mode`: `valid` imports the rows that
 * pass and fit, `all` imports every row or nothing.
 */
export const equipmentImportSchema = z.object({
  rows: rowsOf(equipmentColumnFields),
  lines: linesSchema,
  format: importFormatSchema,
  mode: z.enum(['valid', 'all'], { error: q.oneOf }).default('valid'),
});
export type EquipmentImportRequest = z.infer<typeof equipmentImportSchema>;

export const historyImportSchema = z.object({
  rows: rowsOf(historyImportFields),
  lines: linesSchema,
  format: importFormatSchema,
  mode: z.enum(['valid', 'all'], { error: q.oneOf }).default('valid'),
});
export type HistoryImportRequest = z.infer<typeof historyImportSchema>;

/** One message about one cell (or the row, field `_`), by catalogue key. */
export const importIssueSchema = z.object({
  field: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const equipmentImportActions = ['add', 'update', 'unchanged', 'error', 'overLimit'] as const;
export type EquipmentImportAction = (typeof equipmentImportActions)[number];

export const equipmentImportRowSchema = z.object({
  /** The spreadsheet's own line number of the row (the header is line 1). */
  row: z.number(),
  name: z.string(),
  action: z.enum(equipmentImportActions),
  /** The machine an update changes. */
  equipmentId: z.string().nullable(),
  /** Fields an update changes. */
  changes: z.array(z.string()),
  issues: z.array(importIssueSchema),
  /** What was assumed for the row (no Type column: Other), said in the preview. */
  notes: z.array(importIssueSchema),
});
export type EquipmentImportRow = z.infer<typeof equipmentImportRowSchema>;

export const equipmentImportResultSchema = z.object({
  rows: z.array(equipmentImportRowSchema),
  summary: z.object({
    add: z.number(),
    update: z.number(),
    unchanged: z.number(),
    error: z.number(),
    overLimit: z.number(),
    /** Active machines now, the plan's limit (-1 unlimited) and how many more fit. */
    count: z.number(),
    limit: z.number(),
    room: z.number(),
  }),
  /** False for a preview. */
  imported: z.boolean(),
});
export type EquipmentImportResult = z.infer<typeof equipmentImportResultSchema>;

/** `unchanged`: already in the record (same machine, date, reading and fuel; a service: date, cost and reading), written nothing. */
export const historyImportActions = ['reading', 'service', 'unchanged', 'held', 'error'] as const;
export type HistoryImportAction = (typeof historyImportActions)[number];

export const historyImportRowSchema = z.object({
  row: z.number(),
  machine: z.string(),
  equipmentId: z.string().nullable(),
  date: z.string().nullable(),
  action: z.enum(historyImportActions),
  issues: z.array(importIssueSchema),
});
export type HistoryImportRow = z.infer<typeof historyImportRowSchema>;

export const historyImportResultSchema = z.object({
  rows: z.array(historyImportRowSchema),
  summary: z.object({
    reading: z.number(),
    service: z.number(),
    unchanged: z.number(),
    held: z.number(),
    error: z.number(),
  }),
  imported: z.boolean(),
});
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>;
