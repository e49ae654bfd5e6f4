/**
 * A type's machines as the machine page's peers (issue 45): the Fuel and Utilization reports' rows of
 * every active machine of the company and type over the page's period, read once and kept, so a page
 * does not read 2,500 machines' fill-ups and readings on each view (docs/benchmarks.md: the page at
 * 10,000 machines went from 2 to 209 ms when it did).
 *
 * The machine's own rows are always read with the page (machine-peers.ts); only its peers' are kept,
 * until the company's data changes (lib/read-cache.ts companyDataVersion: the embedded database's count,
 * or PostgreSQL's stored version, which every app server's writes move), so they are never out of date
 * (the API test reports/fuel.test.ts, "keeps the page's peers between views", says so). A database that
 * kept no version would read them on every view, as plugins/cached-read.ts computes every answer then.
 * The same type asked while it is read waits for that read (20 pages at once read it once).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { companyDataVersion } from '../../lib/read-cache';
import { rowsOf } from '../equipment/index';
import { jsonList, machinePeersSql, type TypeRows } from './machine-peers';
import type { FuelMachineRow, FuelSummaryRow, UtilizationSqlRow } from './peer-sql';

/**
 * At most this many machines' rows are kept per database (a type of 2,500 is about 1 MB); the entry
 * used longest ago is dropped first.
 */
const MAX_KEPT_MACHINES = 20_000;
let maxKeptMachines = MAX_KEPT_MACHINES;

/** What is kept for a database: entries and their machines (tests; `limit` sets the budget, tests only). */
export function keptPeers(database: object, limit?: number) {
  if (limit !== undefined) maxKeptMachines = limit;
  const store = stores.get(database);
  return { entries: store?.entries.size ?? 0, machines: store?.machines ?? 0 };
}

type Entry = {
  version: string;
  rows: Promise<TypeRows>;
  /** Its machines, once read (0 before). */
  machines: number;
};
type Store = { entries: Map<string, Entry>; machines: number };

const stores = new WeakMap<object, Store>();

function drop(store: Store, key: string, entry: Entry) {
  if (store.entries.get(key) !== entry) return;
  store.entries.delete(key);
  store.machines -= entry.machines;
}

/** The type's active machines' rows over `from`..`to` (the company's), kept as above. */
export async function typePeerRows(
  deps: Pick<Deps, 'db' | 'database'>,
  p: { companyId: string; type: string; from: string; to: string; tz: string },
): Promise<TypeRows> {
  const version = await companyDataVersion(deps.database, p.companyId);
  if (version === undefined) return readTypeRows(deps, p);
  let store = stores.get(deps.database);
  if (!store) stores.set(deps.database, (store = { entries: new Map(), machines: 0 }));
  const key = [p.companyId, p.type, p.from, p.to, p.tz].join('\u0000');
  const kept = store.entries.get(key);
  if (kept?.version === version) {
    // Used now: last to be dropped.
    store.entries.delete(key);
    store.entries.set(key, kept);
    return kept.rows;
  }
  if (kept) drop(store, key, kept);
  const s = store;
  const entry = { version, machines: 0 } as Entry;
  entry.rows = (async () => {
    try {
      const rows = await readTypeRows(deps, p);
      // A read during which the company's data changed is used once only.
      if ((await companyDataVersion(deps.database, p.companyId)) !== version) drop(s, key, entry);
      else keep(s, key, entry, rows.machines.length);
      return rows;
    } catch (err) {
      // A failed read is not kept.
      drop(s, key, entry);
      throw err;
    }
  })();
  store.entries.set(key, entry);
  return entry.rows;
}

/** A read entry counted with its machines; the entries used longest ago go beyond the budget. */
function keep(s: Store, key: string, entry: Entry, machines: number) {
  if (s.entries.get(key) !== entry) return;
  entry.machines = machines;
  s.machines += machines;
  for (const [k, e] of s.entries) {
    if (s.machines <= maxKeptMachines || e === entry) break;
    drop(s, k, e);
  }
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
