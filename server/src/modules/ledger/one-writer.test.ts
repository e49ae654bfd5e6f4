/**
 * The ledger is the only writer of history, of a machine's usage and fuel totals and of the equipment
 * version (docs/decisions/typed-record.md). This test reads every server source file and fails when one
 * outside modules/ledger (and the bench/demo seeders, which write data sets directly) does any of it.
 */
import { expect, it } from 'vitest';
import { writersOutside } from '../../test/one-writer';

const allowed = (rel: string) =>
  rel.startsWith('modules/ledger/') ||
  // The benchmark's seeds write a year of history in bulk, as the ledger would, into a throwaway database.
  rel === 'cli/bench-seed.ts' ||
  rel === 'cli/bench-seed-reports.ts' ||
  rel === 'cli/demo.ts' ||
  rel.startsWith('db/schema/');

/** What writes history, usage and fuel totals or the version (Drizzle and hand-written SQL). */
const writes: [string, RegExp][] = [
  [
    'inserts into the history table',
    /insert\(\s*equipmentNote\s*\)|into\s+\$\{equipmentNote\}|into\s+equipment_note/i,
  ],
  [
    'updates the history table',
    /update\(\s*equipmentNote\s*\)|update\s+\$\{equipmentNote\}|update\s+equipment_note/i,
  ],
  [
    'moves a usage or fuel total',
    new RegExp(
      [
        // .update(equipment).set({ ... currentUsage ... })
        String.raw`\.update\(\s*equipment\s*\)\s*\.set\(\{[^}]*\b(currentUsage|totalFuelUsed|totalGasUsed|totalDieselUsed)\b`,
        // set.currentUsage = ..., totalFuelUsed: sql`...`
        String.raw`\bset\.(currentUsage|totalFuelUsed|totalGasUsed|totalDieselUsed)\s*=`,
        String.raw`\b(currentUsage|totalFuelUsed|totalGasUsed|totalDieselUsed)\s*:\s*sql`,
        // hand-written SQL
        String.raw`\b(current_usage|total_fuel_used|total_gas_used|total_diesel_used)\s*=`,
      ].join('|'),
    ),
  ],
  [
    'writes the equipment version',
    /insert\(\s*equipmentVersion\s*\)|into\s+\$\{equipmentVersion\}|into\s+equipment_version/i,
  ],
];

it('no module but the ledger writes history, usage and fuel totals, or the equipment version', () => {
  expect(writersOutside(allowed, writes)).toEqual([]);
});

it('the check itself catches a writer (it would fail on the code before the ledger)', () => {
  const before = [
    'await tx.insert(equipmentNote).values({',
    'sql`insert into ${equipmentNote} (company_id',
    'set.totalFuelUsed = sql`${equipment.totalFuelUsed} + ${fuel}`',
    '.update(equipment)\n      .set({\n        currentUsage: sql`x`,',
    '.update(equipment)\n    .set({\n      totalFuelUsed: 0,\n      totalGasUsed: 0,',
    'current_usage = coalesce(${p}, current_usage)',
  ];
  for (const line of before)
    expect(
      writes.some(([, re]) => re.test(line)),
      line,
    ).toBe(true);
});
