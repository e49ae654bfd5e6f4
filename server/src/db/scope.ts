import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Row-level security (docs/decisions/row-level-security.md): which company's rows the database lets the
 * current code see. Every tenant table has a policy
 *   `current_setting('app.system', true) = 'on' or company_id = nullif(current_setting('app.company_id', true), '')::uuid`
 * and the app's connections run as the role `ems_app` (no BYPASSRLS). The database handle (db/client.ts)
 * puts the scope of the calling code on the connection before it runs a query or opens a transaction:
 * - a request of a company user: that company (set by the request hook in plugins/session.ts);
 * - nobody (signed out, platform admin, any code outside a scope): no company, so tenant tables are empty;
 * - system: code that legitimately crosses companies, always named: `asSystem(...)`, `deps.systemDb`,
 *   routes declaring `config.dbScope: 'system'`.
 */
export type DbScope =
  | { readonly kind: 'company'; readonly companyId: string }
  | { readonly kind: 'system' }
  | { readonly kind: 'none' };

export const NO_COMPANY: DbScope = Object.freeze({ kind: 'none' });
export const SYSTEM: DbScope = Object.freeze({ kind: 'system' });

/** The role the app's queries run as (created by the row_level_security migration; no BYPASSRLS). */
export const APP_ROLE = 'ems_app';

/** One statement puts a scope on a connection: the role, the company and the system flag (session level). */
export const APPLY_SCOPE_SQL =
  "select set_config('role', $1, false), set_config('app.company_id', $2, false), set_config('app.system', $3, false)";

const storage = new AsyncLocalStorage<DbScope>();

export function currentScope(): DbScope {
  return storage.getStore() ?? NO_COMPANY;
}

/**
 * Runs fn (and every query it starts) with one company's rows visible. fn's result is awaited inside the
 * scope, so `asCompany(id, () => db.select()...)` works although drizzle's queries start only when awaited.
 */
export function asCompany<T>(companyId: string, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ kind: 'company', companyId }, async () => await fn());
}

/**
 * Runs fn with every company's rows visible. Only for code that legitimately crosses companies
 * (session lookup by token, sign-in, sign-up, recovery, platform admin, the calendar feed by its secret,
 * billing webhooks, background jobs that pick work across companies, CLI and test fixtures).
 */
export function asSystem<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run(SYSTEM, async () => await fn());
}

/** Runs fn with a given scope (the request hook). */
export function withScope<T>(scope: DbScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** A key that tells whether a connection already has this scope. */
export function scopeKey(scope: DbScope): string {
  return scope.kind === 'company' ? scope.companyId : scope.kind;
}

export function scopeParams(scope: DbScope): [string, string, string] {
  return [
    APP_ROLE,
    scope.kind === 'company' ? scope.companyId : '',
    scope.kind === 'system' ? 'on' : '',
  ];
}
