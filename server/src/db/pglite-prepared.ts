/**
 * Named prepared statements for PGlite (docs/decisions/0013-embedded-prepared-statements.md).
 *
 * `PGlite.query()` runs every statement with parameters as an unnamed one: a Parse (PostgreSQL parses,
 * analyses and rewrites the text), a Describe to learn the parameters' types, then Bind (planned
 * afresh), Describe, Execute and Sync, six calls into the WebAssembly backend. On PostgreSQL the `pg`
 * driver keeps the app's hot statements prepared per connection; PGlite has one connection, so this
 * keeps each statement text prepared on it once, under a name, with its parameter types, and runs it
 * with one call (Bind, Describe, Execute, Sync in one message). Measured on the benchmark's data: an
 * operator's reading (its two statements) 4.4-6.1 ms -> 1.4-1.7 ms of the backend's time.
 *
 * Only PGlite's public API is used (`execProtocol`, its `protocol` serializer and `parse` helpers); the
 * statement runs under the same two locks `query()` takes. The caller keeps the rest of PGlite's rules:
 * it is used outside transactions only (a transaction's statements go through `tx.query`).
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

type Prepared = { name: string; types: number[] };

/** PostgreSQL refuses to run a prepared statement whose result columns changed since (DDL). */
const RESULT_TYPE_CHANGED = '0A000';

/** Names are unique in the process (a connection may be handed to more than one holder, in tests). */
let prepared = 0;

/**
 * The statements prepared on one PGlite connection, least recently used closed first beyond `max`
 * (each holds a plan in the backend's memory, which WebAssembly never gives back).
 */
export class PreparedStatements {
  private readonly byText = new Map<string, Prepared>();

  constructor(
    private readonly pg: PGlite,
    readonly max = 128,
  ) {}

  get size(): number {
    return this.byText.size;
  }

  /** `pg.query(text, params, options)` through a named statement: same results, same errors. */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        try {
          return await this.run<T>(text, params, options);
        } catch (err) {
          // A table changed under a kept statement (a migration, a restore): prepare it again, once.
          if ((err as { code?: string }).code !== RESULT_TYPE_CHANGED) throw err;
          await this.close(text);
          return this.run<T>(text, params, options);
        }
      }),
    );
  }

  private async run<T>(text: string, params: unknown[], options?: QueryOptions) {
    const st = await this.prepared(text, options);
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const oid = st.types[i] ?? 0;
      const serialize = options?.serializers?.[oid] ?? this.pg.serializers[oid];
      return serialize ? serialize(p) : String(p);
    });
    try {
      const { messages } = await this.pg.execProtocol(
        Buffer.concat([
          protocol.serialize.bind({ statement: st.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, this.pg.parsers, options)[0] as Results<T>;
    } catch (err) {
      throw withQuery(err, text, params, options);
    }
  }

  private async prepared(text: string, options?: QueryOptions): Promise<Prepared> {
    const kept = this.byText.get(text);
    if (kept) {
      this.byText.delete(text);
      this.byText.set(text, kept);
      return kept;
    }
    const name = `ems_${(prepared += 1)}`;
    try {
      const { messages } = await this.pg.execProtocol(
        Buffer.concat([
          protocol.serialize.parse({ name, text, types: options?.paramTypes }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const st = { name, types: parse.parseDescribeStatementResults(messages) };
      this.byText.set(text, st);
      for (const oldest of this.byText.keys()) {
        if (this.byText.size <= this.max) break;
        await this.close(oldest);
      }
      return st;
    } catch (err) {
      throw withQuery(err, text, undefined, options);
    }
  }

  private async close(text: string): Promise<void> {
    const st = this.byText.get(text);
    if (!st) return;
    this.byText.delete(text);
    await this.pg.execProtocol(
      Buffer.concat([
        protocol.serialize.close({ type: 'S', name: st.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
  }
}

/** What PGlite's own query() adds to a database error (its makePGliteError). */
function withQuery(
  err: unknown,
  query: string,
  params: unknown[] | undefined,
  options?: QueryOptions,
) {
  if (err && typeof err === 'object' && 'severity' in err)
    Object.assign(err, { query, params, queryOptions: options });
  return err;
}
