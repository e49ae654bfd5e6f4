import type pg from 'pg';

/**
 * PostgreSQL may end any connection at any time: a restart (`pg_ctl restart -m fast` ends every one
 * with "terminating connection due to administrator command", 57P01), a failover, an administrator's
 * pg_terminate_backend. node-postgres then emits 'error' on the client, and on its pool for an idle
 * one; an 'error' event nobody listens to ends the Node process, and every request with it. The app
 * keeps running instead: the pools and their connections are listened to here, a request whose query
 * met such an error answers 503 with Retry-After (plugins/errors.ts, `isDatabaseUnavailable`), and the
 * pool opens new connections by itself once the database answers again (docs/deploy.md).
 */

/** SQLSTATEs of a database that is away or going away: connection exceptions, shutdowns, starting up. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;
/** Socket errors and node-postgres's own messages for a connection that is gone or never came. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/** True when the error (or an error it wraps, as drizzle's query errors do) says the database is not reachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Listens for 'error' on the pool (idle connections) and on every connection it opens (a connection
 * handed out to a request or a transaction, between two of its statements), so that a connection the
 * server ends is logged, not fatal: pg-pool drops it, and the next query opens a new one. One warning
 * line per pool per 5 seconds, not one per connection.
 */
export function keepPoolAlive(pool: pg.Pool, name: string): pg.Pool {
  let lastWarned = 0;
  const warn = (err: Error) => {
    const now = Date.now();
    if (now - lastWarned < 5000) return;
    lastWarned = now;
    console.warn(`PostgreSQL connection lost (${name} pool): ${err.message}`);
  };
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  return pool;
}
