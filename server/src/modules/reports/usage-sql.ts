import { sql, type SQL } from 'drizzle-orm';

/**
 * A machine's (`e`) usage at a report period's start and end, as the columns `start_usage` and
 * `end_usage`: the last reading before the period (else the usage before the first one in it) and the
 * last reading before its end. Shared by the utilisation and downtime reports (issue 45).
 */
export function usageAtEndsSql(start: SQL, end: SQL): SQL {
  const readings = sql`n.company_id = e.company_id and n.equipment_id = e.id
    and n.type = 'usage_update' and n.voided_at is null and n.usage is not null`;
  return sql`coalesce(
      (select n.usage from equipment_note n where ${readings} and n.created_at < ${start}
        order by n.created_at desc, n.id desc limit 1),
      (select coalesce(n.previous_usage, n.usage) from equipment_note n where ${readings}
        and n.created_at >= ${start} and n.created_at < ${end}
        order by n.created_at, n.id limit 1)
    ) as start_usage,
    (select n.usage from equipment_note n where ${readings} and n.created_at < ${end}
      order by n.created_at desc, n.id desc limit 1) as end_usage`;
}
