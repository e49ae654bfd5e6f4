/** SQL shared by the benchmark's seeds (bench-seed.ts and bench-seed-reports.ts). */
// A valid version-4 UUID from a number (the API checks ids strictly).
export const uuidOf = (kind: string, g: string) =>
  `overlay(overlay(md5('bench-${kind}-' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Machines 1..count ("Machine 00001", a mix of types, fuels, usage and schedules, some due soon or past
 * due). `idOf` and `companyOf` are SQL expressions of the series number g.
 */
export const machinesInsert = (idOf: string, companyOf: string, count: number) =>
  `insert into equipment (id, company_id, name, type, serial_number, unit, current_usage, fuel_type, service_interval,
      last_service_usage, total_fuel_used, total_gas_used, total_diesel_used, has_scheduled_maintenance, next_maintenance_date,
      maintenance_interval, last_reading_at, date_added, last_updated)
   select ${idOf}, ${companyOf}, 'Machine ' || lpad(g::text, 5, '0'),
      (array['vehicle','machinery','tools','other'])[1 + g % 4], 'SN-' || g, 'hours',
      1000 + (g * 37) % 300, (array['gasoline','diesel','n/a'])[1 + g % 3], 250, 1000,
      (g % 97) * 3.5, case when g % 3 = 0 then (g % 97) * 3.5 else 0 end, case when g % 3 = 1 then (g % 97) * 3.5 else 0 end,
      g % 5 = 0, case when g % 5 = 0 then current_date + (g % 40 - 10) else null end, case when g % 5 = 0 then 3 else null end,
      now() - interval '30 days', now() - interval '120 days', now() - interval '1 day'
   from generate_series(1, ${count}) g`;
