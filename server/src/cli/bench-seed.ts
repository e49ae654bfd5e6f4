import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { RATE_WINDOW_DAYS } from '@domain/usage-rate';
import { openDatabase, type Db } from '../db/client';
import { overviewStatementSql } from '../modules/equipment/index';
import { hashPassword } from '../lib/passwords';
import { SecretBox } from '../db/secret-box';
import { machinesInsert, uuidOf } from './bench-seed-sql';
import { REPORTS_MACHINES, seedReports } from './bench-seed-reports';

/**
 * Seeds the benchmark data set with bulk INSERT ... SELECT generate_series (seconds, not minutes):
 * 1,000 companies, 50,000 machines, 500,000 operator updates, and company 1 ("Bench Co 1") with
 * 2,000 machines and 50,000 history entries. Reads DATABASE_URL / DATA_DIR like the server.
 * Prints one JSON line with the sign-ins the benchmark uses (generated at run time).
 * `bench-seed explain` prints EXPLAIN ANALYZE of the dashboard's heaviest queries instead.
 */
const COMPANIES = 1000;
const MACHINES = 50_000;
const BIG_MACHINES = 2000;
const UPDATES = 500_000;
const HISTORY = 50_000;

// Machine g (1..50000) belongs to company 1 when g <= 2000, else spread over companies 2..1000.
const companyOf = (g: string) =>
  `(case when ${g} <= ${BIG_MACHINES} then 1 else 2 + ((${g} - ${BIG_MACHINES + 1}) % ${COMPANIES - 1}) end)`;
/**
 * History entries typed as the ledger writes them (kind and params, plus the legacy columns): a note, an
 * operator's reading (what it moved from), a service with a part and a cost, in turn, over 90 days.
 * `machineOf` is an SQL expression of the series number g.
 */
const historyInsert = (companyId: string, machineOf: string, count: number) =>
  `insert into equipment_note (company_id, equipment_id, content, type, kind, params, usage, reading, previous_usage,
      service_date, parts, cost, performed_by, operator_name, created_at)
   select ${companyId}, ${machineOf},
      case when g % 3 = 0 then 'Greased the fittings' else '' end,
      (array['note','usage_update','maintenance'])[1 + g % 3],
      (array['note','reading','service'])[1 + g % 3],
      case g % 3
        when 0 then jsonb_build_object('text', 'Greased the fittings')
        when 1 then jsonb_build_object('source', 'operator', 'previousUsage', 899 + g % 100, 'usage', 900 + g % 100, 'unit', 'hours')
        else jsonb_build_object('date', to_char(now() - ((g % 129600) || ' minutes')::interval, 'YYYY-MM-DD'), 'usage', 900 + g % 100,
          'unit', 'hours', 'parts', jsonb_build_array(jsonb_build_object('part', 'Oil filter', 'partNumber', 'OF-1', 'qty', 1)),
          'cost', 85.5, 'performedBy', 'Shop', 'notes', null)
      end,
      case when g % 3 = 0 then null else 900 + g % 100 end,
      case when g % 3 = 1 then 'reading' else null end,
      case when g % 3 = 1 then 899 + g % 100 else null end,
      case when g % 3 = 2 then (now() - ((g % 129600) || ' minutes')::interval)::date else null end,
      case when g % 3 = 2 then jsonb_build_array(jsonb_build_object('part', 'Oil filter', 'partNumber', 'OF-1', 'qty', 1)) else null end,
      case when g % 3 = 2 then 85.5 else null end,
      case when g % 3 = 2 then 'Shop' else null end,
      'Op N1', now() - ((g % 129600) || ' minutes')::interval
   from generate_series(1, ${count}) g`;

/**
 * A maintenance schedule of 6 tasks per machine (issue 40): the machine's primary task "Service" (its
 * 250 h interval, made by the equipment trigger) and 5 more, as an excavator's manual has them: fuel
 * filters every 500 h, the hydraulic filter every 1,000 h, hydraulic oil every 2,000 h, an inspection
 * every 12 months and a registration renewal every year. Each last done spread over the interval, so
 * some of every kind are due soon or past due. `machineOf` is an SQL expression of the series number g;
 * the machines' usage is machinesInsert's (1000 + (g * 37) % 300).
 */
const tasksInsert = (companyId: string, machineOf: string, count: number) =>
  `insert into service_task (company_id, equipment_id, name, category, every_usage, every_time_count, every_time_unit,
      last_done_usage, last_done_date, next_due_date, position)
   select ${companyId}, ${machineOf}, t.name, t.category, t.every_usage, t.every_count, t.every_unit,
      case when t.every_usage is null then null
        else greatest(0, 1000 + (g * 37) % 300 - (g * t.k) % (t.every_usage * 1.15)::int) end,
      current_date - ((g * t.k) % 380)::int,
      case when t.every_unit is null then null
        else (current_date - ((g * t.k) % 380)::int + (t.every_count || ' ' || t.every_unit)::interval)::date end,
      t.pos
   from generate_series(1, ${count}) g
   cross join (values
     ('Fuel filters', 'service', 500::numeric, null::int, null::text, 7, 1),
     ('Hydraulic filter', 'service', 1000, null, null, 11, 2),
     ('Hydraulic oil', 'service', 2000, null, null, 13, 3),
     ('Annual inspection', 'inspection', null, 12, 'months', 17, 4),
     ('Registration', 'renewal', null, 1, 'years', 19, 5)
   ) t(name, category, every_usage, every_count, every_unit, k, pos)`;

/**
 * The main data set, by `run` (bulk SQL as the tables' owner, timed); `hash` is the owners' password
 * hash and `enc` the operators' shared password, encrypted.
 */
async function seed(
  run: (label: string, text: string) => Promise<unknown>,
  hash: string,
  enc: string,
) {
  await run(
    'companies',
    `insert into company (id, name, subscription_status, subscription_tier, equipment_limit, trial_start_date, trial_end_date, operator_password_enc)
     select ${uuidOf('company', 'g')}, 'Bench Co ' || g, 'active', 'enterprise', -1, now() - interval '30 days', now() - interval '16 days', '${enc}'
     from generate_series(1, ${COMPANIES}) g`,
  );
  await run(
    'owners',
    `insert into "user" (id, company_id, email, password_hash, role, first_name, last_name)
     select ${uuidOf('owner', 'g')}, ${uuidOf('company', 'g')}, 'owner' || g || '@bench.test', '${hash}', 'owner', 'Owner', 'N' || g
     from generate_series(1, ${COMPANIES}) g`,
  );
  await run(
    'operators',
    `insert into "user" (id, company_id, role, first_name, last_name, operator_username)
     select ${uuidOf('operator', 'g')}, ${uuidOf('company', 'g')}, 'operator', 'Op', 'N' || g, 'benchop' || g
     from generate_series(1, ${COMPANIES}) g`,
  );
  await run(
    'machines',
    machinesInsert(uuidOf('equipment', 'g'), uuidOf('company', companyOf('g')), MACHINES),
  );
  await run(
    'operator updates',
    `insert into operator_update (company_id, equipment_id, equipment_name, operator_id, operator_name, new_usage, fuel_added, fuel_type, notes, status, created_at)
     select ${uuidOf('company', companyOf('e'))}, ${uuidOf('equipment', 'e')}, 'Machine ' || lpad(e::text, 5, '0'),
        ${uuidOf('operator', companyOf('e'))}, 'Op N' || ${companyOf('e')}, 900 + (g % 100), (g % 7) * 1.5,
        case when g % 2 = 0 then 'gas' else 'diesel' end, case when g % 10 = 0 then 'checked oil' else '' end,
        case when g % 100 = 0 then 'pending' else 'applied' end, now() - ((g % 129600) || ' minutes')::interval
     from (select g, (1 + (g::bigint * 7919) % ${MACHINES})::int as e from generate_series(1, ${UPDATES}) g) s`,
  );
  await run(
    'history of company 1',
    historyInsert(uuidOf('company', '1'), uuidOf('equipment', '1 + g % ' + BIG_MACHINES), HISTORY),
  );
  await run('analyze', 'analyze');
}

/** The companies of the cost-growth table (scripts/bench.mjs, BENCH_ONLY=growth): one each of these sizes. */
/** BENCH_GROWTH_SIZES narrows them (BENCH_ONLY=export seeds 2,000 and 10,000 only). */
const GROWTH_SIZES = (process.env.BENCH_GROWTH_SIZES ?? '25,200,2000,10000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
/** History entries and operator updates per machine in each of them (as company 1 of the main set). */
const GROWTH_HISTORY_PER_MACHINE = 25;
const GROWTH_UPDATES_PER_MACHINE = 10;

/**
 * A data set of one company per size in GROWTH_SIZES ("Growth N", owner growthN@bench.test), each machine
 * with 25 typed history entries (a note, an operator's reading, a service with a part and a cost, in
 * turn), 10 operator updates and 6 service tasks (tasksInsert): how a call's cost grows with the fleet,
 * nothing else in the database.
 */
async function seedGrowth(ownerSql: (text: string) => Promise<unknown>, hash: string, enc: string) {
  for (const size of GROWTH_SIZES) {
    const company = uuidOf(`growth-company-${size}`, '1');
    const machine = (g: string) => uuidOf(`growth-${size}-equipment`, g);
    await ownerSql(`insert into company (id, name, subscription_status, subscription_tier, equipment_limit, trial_start_date, trial_end_date, operator_password_enc)
      values (${company}, 'Growth ${size}', 'active', 'enterprise', -1, now() - interval '30 days', now() - interval '16 days', '${enc}')`);
    await ownerSql(`insert into "user" (id, company_id, email, password_hash, role, first_name, last_name)
      values (${uuidOf(`growth-owner-${size}`, '1')}, ${company}, 'growth${size}@bench.test', '${hash}', 'owner', 'Owner', 'Growth')`);
    await ownerSql(`insert into "user" (id, company_id, role, first_name, last_name, operator_username)
      values (${uuidOf(`growth-operator-${size}`, '1')}, ${company}, 'operator', 'Op', 'Growth', 'growthop${size}')`);
    await ownerSql(machinesInsert(machine('g'), company, size));
    await ownerSql(`insert into operator_update (company_id, equipment_id, equipment_name, operator_id, operator_name, new_usage, fuel_added, fuel_type, notes, status, created_at)
      select ${company}, ${machine(`(1 + g % ${size})`)}, 'Machine ' || lpad((1 + g % ${size})::text, 5, '0'),
        ${uuidOf(`growth-operator-${size}`, '1')}, 'Op Growth', 900 + (g % 100), (g % 7) * 1.5,
        case when g % 2 = 0 then 'gas' else 'diesel' end, case when g % 10 = 0 then 'checked oil' else '' end,
        case when g % 100 = 0 then 'pending' else 'applied' end, now() - ((g % 129600) || ' minutes')::interval
      from generate_series(1, ${size * GROWTH_UPDATES_PER_MACHINE}) g`);
    await ownerSql(
      historyInsert(company, machine(`(1 + g % ${size})`), size * GROWTH_HISTORY_PER_MACHINE),
    );
    await ownerSql(tasksInsert(company, machine('g'), size));
  }
  await ownerSql('analyze');
}

async function explain(db: Db) {
  // The company's id as a literal, as the app sends it (the expression would be planned differently).
  const found = await db.execute(sql.raw(`select ${uuidOf('company', '1')}::text as id`));
  const big = `'${(found as unknown as { rows: { id: string }[] }).rows[0]!.id}'`;
  const queries: Record<string, string> = {
    'equipment list (company 1)': `select * from equipment where company_id = ${big} order by name`,
    // As the app runs them: the list of updates reads each status on its own (operator-updates.service.ts
    // listUpdates; the dashboard's first page is 25), the history card its newest 50 (dashboard.service.ts).
    'operator updates, the dashboard page: pending, newest 25 (company 1)': `select * from operator_update where company_id = ${big} and status = 'pending' order by created_at desc limit 25`,
    'operator updates, then applied, newest 25 (company 1)': `select * from operator_update where company_id = ${big} and status = 'applied' order by created_at desc limit 25`,
    // The page of entries first (its limit a sub-select: the index walked whatever the estimate), then its machines.
    'history, newest 50 (company 1)': `select n.*, e.name, e.type, e.unit from (select * from equipment_note where company_id = ${big} order by created_at desc limit (select 50)) n join equipment e on e.id = n.equipment_id order by n.created_at desc limit 50`,
    'fuel top five (company 1)': `select id, name, total_fuel_used from equipment where company_id = ${big} and retired_at is null and total_fuel_used > 0 order by total_fuel_used desc nulls last, name limit 5`,
  };
  // Planned as the app's requests are: role ems_app, the company set, its policies on (as the
  // superuser in system scope the policy's OR hides the company's size from the planner).
  for (const [label, q] of Object.entries(queries)) {
    const res = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ems_app`));
      await tx.execute(sql.raw(`select set_config('app.system', 'off', true)`));
      await tx.execute(sql.raw(`select set_config('app.company_id', ${big}, true)`));
      return tx.execute(sql.raw(`explain analyze ${q}`));
    });
    const rows = (res as unknown as { rows: Record<string, string>[] }).rows;
    console.info(`### ${label}\n${rows.map((r) => Object.values(r)[0]).join('\n')}\n`);
  }
}

/**
 * The dashboard overview's statements for the benchmark company's first page (its 50 machines in list
 * order, the readings window from now), with the values written in, for pgbench (scripts/bench.mjs): the
 * full one (machines not kept) and the check (machines kept, decisions/0016).
 */
async function printOverviewSql(db: Db) {
  const owner = await db.execute(
    sql.raw(
      `select company_id::text as id from "user" where email = '${process.env.BENCH_OWNER ?? 'owner1@bench.test'}'`,
    ),
  );
  const companyId = (owner as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!companyId) throw new Error('benchmark company not found');
  const page = await db.execute(
    sql.raw(`select id::text from equipment where company_id = '${companyId}' and retired_at is null
      order by lower(name), name, id limit 50`),
  );
  const ids = (page as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const values: Record<string, string> = {
    companyId: `'${companyId}'`,
    ids: `'{${ids.join(',')}}'`,
    since: `'${new Date(Date.now() - RATE_WINDOW_DAYS * 86_400_000).toISOString()}'`,
  };
  const filled = (which: 'page' | 'check') => {
    const { sql: text, params } = overviewStatementSql(db, which);
    return text
      .replace(/\$(\d+)/g, (_m, n: string) => {
        const name = params[Number(n) - 1] ?? '';
        const v = values[name];
        if (v === undefined) throw new Error(`no value for placeholder ${name}`);
        return v;
      })
      .replace(/\s+/g, ' ');
  };
  console.info(JSON.stringify({ sql: filled('page'), checkSql: filled('check'), companyId }));
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 4,
  });
  try {
    if (process.argv[2] === 'explain') {
      await explain(database.systemDb);
      return;
    }
    if (process.argv[2] === 'overview-sql') {
      await printOverviewSql(database.systemDb);
      return;
    }
    const password = process.env.BENCH_PASSWORD;
    const sharedPassword = process.env.BENCH_SHARED_PASSWORD;
    if (!password || !sharedPassword)
      throw new Error('BENCH_PASSWORD and BENCH_SHARED_PASSWORD are required');
    const t0 = performance.now();
    const hash = await hashPassword(password);
    const enc = new SecretBox(config.APP_SECRET).encrypt(sharedPassword);
    /** Bulk SQL as the tables' owner (Database.ownerSql): ANALYZE needs the owner, and no policy is checked per row. */
    const run = async (label: string, text: string) => {
      const t = performance.now();
      await database.ownerSql(text);
      console.error(`  ${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    if (process.argv[2] === 'reports') {
      await seedReports(run, hash, enc);
      await run('analyze', 'analyze');
      console.info(
        JSON.stringify({
          seconds: Math.round((performance.now() - t0) / 100) / 10,
          machines: REPORTS_MACHINES,
          owner: { emailOrBusinessName: 'reports@bench.test', password },
        }),
      );
      return;
    }
    if (process.argv[2] === 'growth') {
      await seedGrowth((text) => database.ownerSql(text), hash, enc);
      console.info(
        JSON.stringify({
          seconds: Math.round((performance.now() - t0) / 100) / 10,
          companies: GROWTH_SIZES.map((size) => ({
            size,
            owner: { emailOrBusinessName: `growth${size}@bench.test`, password },
          })),
        }),
      );
      return;
    }
    await seed(run, hash, enc);
    const counts = await database.systemDb.execute(
      sql.raw(`select (select count(*) from company) as companies, (select count(*) from equipment) as machines,
        (select count(*) from operator_update) as updates, (select count(*) from equipment_note) as history`),
    );
    const row = (counts as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    console.info(
      JSON.stringify({
        seconds: Math.round((performance.now() - t0) / 100) / 10,
        counts: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])),
        owner: { emailOrBusinessName: 'owner1@bench.test', password },
        operator: { operatorName: 'benchop1', password: sharedPassword },
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof Error
      ? `${err.message}\n${String((err as { cause?: unknown }).cause ?? '')}`
      : err,
  );
  process.exit(1);
});
