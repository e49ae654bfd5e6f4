/**
 * Fuel-rate flags in the daily digest (issue 45, docs/decisions/fleet-insight.md "Fuel rate and
 * peers"): a machine more than 25 % above its type's peers over the last 30 days is told once, in the
 * first digest after the flag starts, not again while it stays flagged, and again if it stops and starts
 * later. The flag is the Fuel report's and the machine page's (reports companyFuelRates, the one
 * computation); what was told is kept in the reader's digest state (`fuel:<machine id>` -> 'flagged'),
 * written in the transaction that queues the digest, as its task statuses are.
 */
import type { Deps } from '../../deps';
import { companyFuelRates, periodOf, type FuelCompany } from '../reports/index';
import type { FuelFlag } from './fuel-flag-text';

export type { FuelFlag } from './fuel-flag-text';

/** The digest state's key of a flagged machine (beside task ids and `part:<id>`). */
export const fuelKey = (equipmentId: string) => `fuel:${equipmentId}`;

/** The company's machines flagged over the 30 days ending `today` (the reports' default period). */
export async function fuelFlagsOf(
  deps: Deps,
  company: FuelCompany,
  today: string,
): Promise<FuelFlag[]> {
  const { from, to } = periodOf({}, today);
  const { rows } = await companyFuelRates(deps, company, from, to);
  return rows
    .filter((m) => m.flagged && m.percentAbovePeers !== null)
    .map((m) => ({
      equipmentId: m.equipmentId,
      machine: m.name,
      type: m.type,
      unit: m.unit,
      percentAbovePeers: m.percentAbovePeers!,
    }))
    .sort(
      (a, b) => b.percentAbovePeers - a.percentAbovePeers || a.machine.localeCompare(b.machine),
    );
}

/** The flags not told in the reader's last digest (whose snapshot is `before`). */
export const newFuelFlags = (flags: readonly FuelFlag[], before: Record<string, string>) =>
  flags.filter((f) => before[fuelKey(f.equipmentId)] !== 'flagged');

/** The snapshot's entries for the flags of today: a flag that stopped drops out, so a new start is news. */
export const fuelSnapshot = (flags: readonly FuelFlag[]) =>
  flags.map((f) => [fuelKey(f.equipmentId), 'flagged'] as const);
