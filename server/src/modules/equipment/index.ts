/** The equipment module's public door: what other modules may use (docs/architecture.md). */
export {
  browseEquipment,
  columnsOf,
  companyToday,
  countEquipment,
  editableOf,
  equipmentOptions,
  findAnyRow,
  findRow,
  fmt,
  overviewStatementSql,
  updateEquipmentTx,
} from './equipment.service';
export { toEquipmentDto, toHistoryDto, type Row } from './equipment.dto';
export { entryOfUpdate, voidEntryTx, voidUpdateTx } from './corrections.service';
export { forecastsOf, readingsOf } from './forecast.service';
export { recordServiceTx } from './service-log.service';
