/**
 * `bench-seed reports` (npm run bench, BENCH_ONLY=reports, issue 45): one company, "Reports Co" (owner
 * reports@bench.test), with REPORTS_MACHINES machines of four types and a year of their life written as
 * the ledger writes it, in bulk INSERT ... SELECT: an operator's reading every 3 days (typed history, 4
 * to 10 hours each; every 25th machine idle for its last 60 days), a fill-up every 6 days (applied
 * operator updates; a third with their own price, the rest valued at the company's fuel prices; every
 * 40th machine burning 40 % more per hour than its type), a service with a cost every 60 days, two done
 * work orders with parts, labour and other costs, and for every 10th machine three out-of-service
 * periods (an inspection's defect, back in service 2-4 days later), every 100th out of service now.
 */
import { machinesInsert, uuidOf } from './bench-seed-sql';

export const REPORTS_MACHINES = 2000;
const READINGS = 121; // one every 3 days: a year
const company = uuidOf('reports-company', '1');
const machine = (g: string) => uuidOf('reports-equipment', g);
const operator = uuidOf('reports-operator', '1');
/** Reading k of machine g: its time and usage (4 to 10 hours every 3 days). */
const at = (k: string) =>
  `now() - ((365 - 3 * ${k}) || ' days')::interval - ((g % 600) || ' minutes')::interval`;
const rate = '(4 + g % 7)';
const usage = (k: string) => `(1000 + ${k} * ${rate})`;
/** Every 25th machine stops 60 days before the end (idle). */
const idle = 'not (g % 25 = 0 and k > 101)';

export async function seedReports(
  run: (label: string, text: string) => Promise<unknown>,
  hash: string,
  enc: string,
) {
  await run(
    'reports company',
    `insert into company (id, name, subscription_status, subscription_tier, equipment_limit, trial_start_date, trial_end_date, operator_password_enc)
     values (${company}, 'Reports Co', 'active', 'enterprise', -1, now() - interval '400 days', now() - interval '386 days', '${enc}')`,
  );
  await run(
    'reports users',
    `insert into "user" (id, company_id, email, password_hash, role, first_name, last_name)
       values (${uuidOf('reports-owner', '1')}, ${company}, 'reports@bench.test', '${hash}', 'owner', 'Owner', 'Reports');
     insert into "user" (id, company_id, role, first_name, last_name, operator_username)
       values (${operator}, ${company}, 'operator', 'Op', 'Reports', 'reportsop1')`,
  );
  await run('reports machines', machinesInsert(machine('g'), company, REPORTS_MACHINES));
  await run(
    'reports machines: added 400 days ago, usage at the last reading, tank',
    `update equipment set date_added = now() - interval '400 days', tank_capacity = 150,
       current_usage = 1000 + (case when g % 25 = 0 then 101 else ${READINGS} end) * ${rate}
     from (select generate_series(1, ${REPORTS_MACHINES}) g) s where id = ${machine('g')}`,
  );
  await run(
    'reports readings',
    `insert into equipment_note (company_id, equipment_id, content, type, kind, params, usage, reading, previous_usage, operator_name, created_at)
     select ${company}, ${machine('g')}, '', 'usage_update', 'reading',
       jsonb_build_object('source', 'operator', 'previousUsage', ${usage('(k - 1)')}, 'usage', ${usage('k')}, 'unit', 'hours'),
       ${usage('k')}, 'reading', ${usage('(k - 1)')}, 'Op Reports', ${at('k')}
     from generate_series(1, ${REPORTS_MACHINES}) g cross join generate_series(1, ${READINGS}) k where ${idle}`,
  );
  // Gallons per hour by type (2.5 to 4), 40 % more for every 40th machine (a leak).
  const gph = `((2.5 + (g % 4) * 0.5) * case when g % 40 = 1 then 1.4 else 1 end)`;
  await run(
    'reports fill-ups',
    `insert into operator_update (company_id, equipment_id, equipment_name, operator_id, operator_name, new_usage, fuel_added,
        fuel_type, notes, status, created_at, fuel_price, volume_unit)
     select ${company}, ${machine('g')}, 'Machine ' || lpad(g::text, 5, '0'), ${operator}, 'Op Reports', ${usage('k')},
       round((2 * ${rate} * ${gph})::numeric, 1), case when g % 3 = 1 then 'diesel' else 'gas' end, '', 'applied', ${at('k')},
       case when g % 3 = 0 then 3.59 + (k % 5) * 0.05 else null end, case when g % 3 = 0 then 'gal' else null end
     from generate_series(1, ${REPORTS_MACHINES}) g cross join generate_series(2, ${READINGS}, 2) k where ${idle}`,
  );
  await run(
    'reports fuel prices',
    `insert into fuel_price (company_id, fuel_type, price, volume_unit, "from") values
       (${company}, 'gas', 3.49, 'gal', current_date - 400), (${company}, 'gas', 3.69, 'gal', current_date - 180),
       (${company}, 'diesel', 3.89, 'gal', current_date - 400), (${company}, 'diesel', 1.08, 'L', current_date - 90)`,
  );
  await run(
    'reports services',
    `insert into equipment_note (company_id, equipment_id, content, type, kind, params, usage, service_date, parts, cost, performed_by, created_at)
     select ${company}, ${machine('g')}, '', 'maintenance', 'service',
       jsonb_build_object('date', to_char(now() - (j * 60 - g % 30) * interval '1 day', 'YYYY-MM-DD'), 'usage', ${usage('(120 - j * 20)')},
         'unit', 'hours', 'parts', jsonb_build_array(jsonb_build_object('part', 'Oil filter', 'partNumber', 'OF-1', 'qty', 1)),
         'cost', 85.5 + g % 50, 'performedBy', 'Shop', 'notes', null),
       ${usage('(120 - j * 20)')}, (now() - (j * 60 - g % 30) * interval '1 day')::date,
       jsonb_build_array(jsonb_build_object('part', 'Oil filter', 'partNumber', 'OF-1', 'qty', 1)), 85.5 + g % 50, 'Shop',
       now() - (j * 60 - g % 30) * interval '1 day'
     from generate_series(1, ${REPORTS_MACHINES}) g cross join generate_series(1, 6) j`,
  );
  await run(
    'reports work orders',
    `insert into work_order (company_id, number, equipment_id, title, kind, status, parts_cost, labor_hours, labor_rate, other_cost,
        total, created_by, created_at, completed_at, completed_by)
     select ${company}, (g - 1) * 2 + j, ${machine('g')}, 'Hydraulic repair', 'repair', 'done', 120 + g % 200, 2 + g % 5, 65,
       25, 120 + g % 200 + (2 + g % 5) * 65 + 25, 'Owner Reports', now() - (j * 150 + g % 40 + 2) * interval '1 day',
       now() - (j * 150 + g % 40) * interval '1 day', 'Shop'
     from generate_series(1, ${REPORTS_MACHINES}) g cross join generate_series(1, 2) j`,
  );
  // Out of service at day (j * 100 + g % 20) ago, back 2 to 4 days later; every 100th machine out now.
  const outAt = `now() - (j * 100 + g % 20) * interval '1 day'`;
  const backAt = `${outAt} + (48 + g % 48) * interval '1 hour'`;
  const periods = `from generate_series(10, ${REPORTS_MACHINES}, 10) g cross join generate_series(1, 3) j`;
  await run(
    'reports defects and out-of-service periods',
    `insert into inspection_defect (company_id, equipment_id, item_id, item_label, critical, note, created_at, resolved_at, resolved_by)
     select ${company}, ${machine('g')}, 'brakes', 'Brakes', true, '', ${outAt}, ${backAt}, 'Shop' ${periods};
     insert into equipment_note (company_id, equipment_id, content, type, kind, params, created_at)
     select ${company}, ${machine('g')}, '', 'out_of_service', 'out_of_service',
       jsonb_build_object('items', jsonb_build_array('Brakes'), 'reason', null), ${outAt} ${periods}
     union all
     select ${company}, ${machine('g')}, '', 'in_service', 'back_in_service',
       jsonb_build_object('items', jsonb_build_array('Brakes'), 'reason', null), ${backAt} ${periods};
     insert into equipment_note (company_id, equipment_id, content, type, kind, params, created_at)
     select ${company}, ${machine('g')}, '', 'out_of_service', 'out_of_service',
       jsonb_build_object('items', jsonb_build_array('Brakes'), 'reason', null), now() - interval '1 day'
     from generate_series(100, ${REPORTS_MACHINES}, 100) g;
     update equipment set out_of_service_at = now() - interval '1 day', out_of_service_by = 'Op Reports',
       out_of_service_reason = '✗ Brakes'
     from (select generate_series(100, ${REPORTS_MACHINES}, 100) g) s where id = ${machine('g')}`,
  );
}
