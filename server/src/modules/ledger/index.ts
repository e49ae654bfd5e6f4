/** The ledger's public door: the one writer of history, usage and fuel totals, and the equipment version. */
export {
  actorName,
  actorOf,
  bumpEquipmentVersion,
  markVoided,
  moveTotals,
  record,
  recordMany,
  resetFuelTotals,
  totalsSet,
  validEntry,
  type Actor,
  type NewEntry,
  type NoteRow,
  type TotalsMove,
} from './ledger.service';
export { operatorEntry, operatorUpdateWrites, operatorWriteParams } from './operator-write';
