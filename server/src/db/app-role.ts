import { getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { APP_ROLE } from './scope';

/**
 * The app role's privileges (docs/decisions/row-level-security.md, backup-and-restore.md). The app's
 * connections run as `ems_app`, which owns nothing: it needs USAGE on the schemas and read/write
 * privileges on every table and sequence. Migration 0008 granted them once, but a database restored with
 * `pg_restore --no-owner --no-privileges` (or copied any other way) has the tables and the applied
 * migrations without the grants. So the server grants them at every start (db/client.ts, after
 * migrating, under the migration lock) and the restore command after restoring: only what is missing,
 * only on objects the connecting login owns (a superuser owns everything here), so a second run writes
 * nothing. Readiness (`GET /api/ready`) checks them (appRoleProblems).
 */

/** Runs one SQL statement as the login role (the tables' owner) and answers its rows. */
export type OwnerQuery = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

export class AppRoleError extends Error {}

/** The app's tables (schema public), from the drizzle schema. */
export const APP_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .flatMap((t) => (is(t, PgTable) ? [getTableName(t)] : []))
  .sort();

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What the app role may not do yet on objects this login owns: one GRANT statement each. */
const MISSING_GRANTS_SQL = `
select format('GRANT USAGE ON SCHEMA %I TO ${APP_ROLE}', n.nspname) as statement
from pg_namespace n
where n.nspname in ('public', 'drizzle') and pg_has_role(n.nspowner, 'USAGE')
  and not has_schema_privilege('${APP_ROLE}', n.oid, 'USAGE')
union all
select case
         when n.nspname = 'drizzle' then format('GRANT SELECT ON TABLE %I.%I TO ${APP_ROLE}', n.nspname, c.relname)
         when c.relkind = 'S' then format('GRANT USAGE, SELECT, UPDATE ON SEQUENCE %I.%I TO ${APP_ROLE}', n.nspname, c.relname)
         else format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I.%I TO ${APP_ROLE}', n.nspname, c.relname)
       end
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where pg_has_role(c.relowner, 'USAGE')
  and ((n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'S')) or (n.nspname = 'drizzle' and c.relkind in ('r', 'p')))
  and not case
    when n.nspname = 'drizzle' then has_table_privilege('${APP_ROLE}', c.oid, 'SELECT')
    when c.relkind = 'S' then has_sequence_privilege('${APP_ROLE}', c.oid, 'USAGE')
      and has_sequence_privilege('${APP_ROLE}', c.oid, 'SELECT') and has_sequence_privilege('${APP_ROLE}', c.oid, 'UPDATE')
    else has_table_privilege('${APP_ROLE}', c.oid, 'SELECT') and has_table_privilege('${APP_ROLE}', c.oid, 'INSERT')
      and has_table_privilege('${APP_ROLE}', c.oid, 'UPDATE') and has_table_privilege('${APP_ROLE}', c.oid, 'DELETE')
  end
order by 1`;

const sqlState = (err: unknown) => (err as { code?: string }).code;

/**
 * Makes sure the role exists, that the login may switch to it, and that it holds every privilege the
 * app needs on what this login owns. Idempotent; answers the GRANT statements it ran (none when
 * everything was in place). Throws AppRoleError, saying what a database administrator must do, when the
 * login may neither create the role nor join it.
 */
export async function grantAppRole(query: OwnerQuery): Promise<string[]> {
  const [who] = await query(
    `select current_user as login,
            exists (select 1 from pg_roles where rolname = $1::name) as role_exists`,
    [APP_ROLE],
  );
  const login = String(who?.login);
  const adminSteps =
    `As a superuser, once per PostgreSQL server: CREATE ROLE ${APP_ROLE} NOLOGIN NOBYPASSRLS; ` +
    `GRANT ${APP_ROLE} TO ${ident(login)};`;
  if (who?.role_exists !== true) {
    try {
      await query(
        `CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`,
      );
    } catch (err) {
      // Another database of the same server (roles are per server) created it meanwhile.
      if (sqlState(err) !== '42710' && sqlState(err) !== '23505')
        throw new AppRoleError(
          `The database role ${APP_ROLE} does not exist and ${login} may not create it (${(err as Error).message}). ${adminSteps}`,
        );
    }
  }
  const [member] = await query(`select pg_has_role(current_user, $1::name, 'MEMBER') as ok`, [
    APP_ROLE,
  ]);
  if (member?.ok !== true) {
    try {
      await query(`GRANT ${APP_ROLE} TO ${ident(login)}`);
    } catch (err) {
      throw new AppRoleError(
        `${login} may not switch to the role ${APP_ROLE} (${(err as Error).message}). ${adminSteps}`,
      );
    }
  }
  const statements = (await query(MISSING_GRANTS_SQL)).map((r) => String(r.statement));
  for (const statement of statements) await query(statement);
  return statements;
}

/**
 * What the app role cannot do that the app needs: the app's tables it may not read and write (or that
 * are missing), sequences it may not use, the schema it may not use. Empty when all is well. One
 * catalog query, run through the app's own connections (as the app role).
 */
export async function appRoleProblems(db: {
  execute: (query: SQL) => Promise<unknown>;
}): Promise<string[]> {
  const names = sql.join(
    APP_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const role = sql.raw(`'${APP_ROLE}'`);
  const result = await db.execute(sql`
    select 'schema public' as problem where not has_schema_privilege(${role}, 'public'::text, 'USAGE')
    union all
    select 'table ' || t.name from unnest(array[${names}]::text[]) as t(name)
    where not coalesce(
      has_table_privilege(${role}, to_regclass(format('public.%I', t.name)), 'SELECT')
      and has_table_privilege(${role}, to_regclass(format('public.%I', t.name)), 'INSERT')
      and has_table_privilege(${role}, to_regclass(format('public.%I', t.name)), 'UPDATE')
      and has_table_privilege(${role}, to_regclass(format('public.%I', t.name)), 'DELETE'),
      false)
    union all
    select 'sequence ' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S'
      and not (has_sequence_privilege(${role}, c.oid, 'USAGE') and has_sequence_privilege(${role}, c.oid, 'UPDATE'))`);
  return (result as unknown as { rows: { problem: string }[] }).rows.map((r) => r.problem);
}
