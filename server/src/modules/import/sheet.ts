/** What both imports share: reading a sheet's rows in slices, their issues, and the company's machines. */
import { and, eq, isNull } from 'drizzle-orm';
import { matchText } from '@domain/import';
import { messageText, type MessageKey, type MessageParams } from '@domain/messages/catalogue';
import type { ImportIssue } from '@domain/schemas/import';
import type { DbOrTx } from '../../db/client';
import { equipment } from '../../db/schema/index';
import { type Row } from '../equipment/index';

/** Rows checked between two yields to the event loop: a 5,000-row file never holds other requests for long. */
export const SLICE = 250;
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows per INSERT statement. */
export const INSERT_CHUNK = 200;

export const issue = (field: string, key: MessageKey, params?: MessageParams): ImportIssue => ({
  field,
  key,
  ...(params ? { params: { ...params } } : {}),
  message: messageText(key, params),
});

/** The machines of the company that an import may match: active only, this company only. */
export async function activeMachines(db: DbOrTx, companyId: string, lock = false): Promise<Row[]> {
  const q = db
    .select()
    .from(equipment)
    .where(and(eq(equipment.companyId, companyId), isNull(equipment.retiredAt)));
  return lock ? q.for('update') : q;
}

/** Lookup by serial number and by name (both case-insensitive). */
export function indexMachines(rows: Row[]) {
  const bySerial = new Map<string, Row>();
  const byName = new Map<string, Row>();
  for (const r of rows) {
    const s = matchText(r.serialNumber);
    if (s && !bySerial.has(s)) bySerial.set(s, r);
    const n = matchText(r.name);
    if (n && !byName.has(n)) byName.set(n, r);
  }
  return {
    /** A machine named by one text that is its serial number or its name (history rows). */
    named(text: string): Row | undefined {
      return bySerial.get(text) ?? byName.get(text);
    },
    /** Serial number first; else the name, unless that machine has another serial number. */
    find(serial: string, name: string): Row | undefined {
      if (serial) {
        const s = bySerial.get(serial);
        if (s) return s;
      }
      const n = name ? byName.get(name) : undefined;
      if (n && serial && matchText(n.serialNumber) && matchText(n.serialNumber) !== serial)
        return undefined;
      return n;
    },
  };
}

/** The spreadsheet's own line of row `i`: as the client read it, else the header on line 1. */
export const lineOf = (req: { lines?: number[] | undefined }, i: number) => req.lines?.[i] ?? i + 2;

/** How many rows of the file would take each action (every action of `zero` listed, 0 when none). */
export function countByAction<A extends string>(
  rows: readonly { action: A }[],
  zero: Record<A, number>,
): Record<A, number> {
  const counts = { ...zero };
  for (const r of rows) counts[r.action] += 1;
  return counts;
}

/**
 * A planned row as the API answers it: the fields of its schema only, in the schema's order (not the
 * parsed input and the patch kept for writing).
 */
export function answerFields<T extends object>(schema: { shape: object }): (row: T) => T {
  const keys = Object.keys(schema.shape) as (keyof T)[];
  return (row) => Object.fromEntries(keys.map((k) => [k, row[k]])) as T;
}
