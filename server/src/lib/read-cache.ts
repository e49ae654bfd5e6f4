import type { Database } from '../db/client';

/**
 * The embedded database's read cache (docs/decisions/0012-embedded-read-cache.md).
 *
 * PGlite runs one statement at a time on the server's own thread, so 20 managers reloading a dashboard
 * queue behind each other (docs/benchmarks.md). But on PGlite this process is the only writer of the
 * data (its lock file keeps every other process out), so it knows when a company's data may have
 * changed: Database.dataVersion moves after every write in that company's scope, and after every write
 * with no company. A read call's answer, serialised by its route as it would be sent, is kept under
 * who asked, the URL, the language, the company's day and the hour, with the version it was computed
 * at; it is sent again while that version is still current (plugins/cached-read.ts). On PostgreSQL
 * (several app servers, and writes this process never sees) the version is the database's own
 * (Database.storedDataVersion: moved by a trigger when a transaction that wrote the company's rows
 * commits, migration 0030), read once per call and once more before an answer is kept.
 */

/** At most this many bytes of answers are kept per database (least recently used dropped first). */
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * An answer larger than this is not kept (a full export, say); a 12-month report on 2,000 machines is
 * 0.3-0.6 MB.
 */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

type Entry = { version: string; body: string };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Answers being computed, by key and version: the same call arriving meanwhile (same user, URL,
   * language, hour and data version) waits for that answer instead of computing it again. Any size:
   * a full export asked 20 times at once is built once, not 20 times side by side.
   */
  private readonly computing = new Map<string, Promise<string>>();
  /**
   * Answers served from the cache, computed, and shared with a call already computing the same one,
   * since the start (tests, docs/benchmarks.md).
   */
  readonly counts = { hits: 0, misses: 0, shared: 0 };

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The answer being computed for `key` at `version`, or `compute`'s (shared until it settles). */
  once(key: string, version: string, compute: () => Promise<string>): Promise<string> {
    const id = `${version}\u0000${key}`;
    const running = this.computing.get(id);
    if (running) {
      this.counts.shared += 1;
      return running;
    }
    this.counts.misses += 1;
    const started = compute();
    this.computing.set(id, started);
    const done = () => this.computing.delete(id);
    started.then(done, done);
    return started;
  }

  get(key: string, version: string): string | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    this.counts.hits += 1;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.body;
  }

  set(key: string, version: string, body: string): void {
    this.drop(key);
    if (body.length > Math.min(MAX_ENTRY_BYTES, this.maxBytes)) return;
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.body.length;
    this.entries.delete(key);
  }
}

/**
 * The company's data version: the embedded database's count (no query), else PostgreSQL's stored one;
 * undefined when the database keeps none (nothing may then be kept).
 */
export async function companyDataVersion(
  database: Pick<Database, 'dataVersion' | 'storedDataVersion'>,
  companyId: string,
): Promise<string | undefined> {
  return database.dataVersion?.(companyId) ?? (await database.storedDataVersion?.(companyId));
}

const caches = new WeakMap<Database, ReadCache>();

/** The read cache of a database handle (one per handle, so tests on separate databases never share). */
export function readCacheOf(database: Database): ReadCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ReadCache();
    caches.set(database, cache);
  }
  return cache;
}
