/**
 * A type's machines as the machine page's peers (issue 45): the Fuel and Utilization reports' rows of
 * every active machine of the company and type over the page's period, read once and kept, so a page
 * does not read 2,500 machines' fill-ups and readings on each view (docs/benchmarks.md: the page at
 * 10,000 machines went from 2 to 209 ms when it did).
 *
 * The machine's own rows are always read with the page (machine-peers.ts); only its peers' are kept:
 * - on the embedded database until the company's data changes (Database.dataVersion, exact);
 * - on PostgreSQL, whose writes may come from other app servers, for at most PEERS_KEPT_MS (by the
 *   app's clock). Its peers' medians are then at most that old; the reports always read now (the API test
 *   reports/type-peers.test.ts says which is right).
 * The same type asked while it is read waits for that read (20 pages at once read it once).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { rowsOf } from '../equipment/index';
import { jsonList, machinePeersSql, type TypeRows } from './machine-peers';
import type { FuelMachineRow, FuelSummaryRow, UtilizationSqlRow } from './peer-sql';

/** How long PostgreSQL's kept peers are used. */
export const PEERS_KEPT_MS = 5 * 60_000;
/** At most this many (company, type, period) entries per database; the oldest is dropped first. */
const MAX_ENTRIES = 64;

type Entry = { version: string | undefined; at: number; rows: Promise<TypeRows> };

const stores = new WeakMap<object, Map<string, Entry>>();

/** The type's active machines' rows over `from`..`to` (the company's), kept as above. */
export async function typePeerRows(
  deps: Pick<Deps, 'db' | 'database' | 'now'>,
  p: { companyId: string; type: string; from: string; to: string; tz: string },
): Promise<TypeRows> {
  let store = stores.get(deps.database);
  if (!store) stores.set(deps.database, (store = new Map()));
  const key = [p.companyId, p.type, p.from, p.to, p.tz].join('\u0000');
  const version = deps.database.dataVersion?.(p.companyId);
  const kept = store.get(key);
  const now = deps.now().getTime();
  const fresh = (e: Entry) =>
    version !== undefined ? e.version === version : now >= e.at && now - e.at < PEERS_KEPT_MS;
  if (kept && fresh(kept)) return kept.rows;
  const entry: Entry = { version, at: now, rows: readTypeRows(deps, p) };
  store.delete(key);
  store.set(key, entry);
  if (store.size > MAX_ENTRIES) store.delete(store.keys().next().value!);
  // A failed read is not kept; a read during which the company's data changed is used once only.
  entry.rows.then(
    () => {
      if (version !== undefined && deps.database.dataVersion?.(p.companyId) !== version)
        if (store.get(key) === entry) store.delete(key);
    },
    () => {
      if (store.get(key) === entry) store.delete(key);
    },
  );
  return entry.rows;
}

/** The type's rows in one statement (JSON lists, as the page's own). */
async function readTypeRows(
  deps: Pick<Deps, 'db'>,
  p: { companyId: string; type: string; from: string; to: string; tz: string },
): Promise<TypeRows> {
  const cols = machinePeersSql({
    company: sql`${p.companyId}::uuid`,
    type: sql`${p.type}`,
    from: p.from,
    to: p.to,
    tz: p.tz,
  });
  const [row] = rowsOf<Record<keyof typeof cols, unknown>>(
    await deps.db.execute(
      sql`select ${cols.peerMachines} as "peerMachines", ${cols.peerFuel} as "peerFuel", ${cols.peerUse} as "peerUse"`,
    ),
  );
  return {
    machines: jsonList<FuelMachineRow>(row?.peerMachines),
    fuel: jsonList<FuelSummaryRow>(row?.peerFuel),
    use: jsonList<UtilizationSqlRow>(row?.peerUse),
  };
}
