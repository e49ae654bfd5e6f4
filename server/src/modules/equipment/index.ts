/** The equipment module's public door: what other modules may use (docs/architecture.md). */
export {
  browseEquipment,
  browseOverview,
  type OverviewPageRow,
  companyToday,
  countEquipment,
  equipmentOptions,
  findAnyRow,
  findRow,
  overviewStatementSql,
} from './equipment.queries';
export { updateEquipmentTx } from './equipment.commands';
export {
  columnsOf,
  editableOf,
  identityColumns,
  statusColumns,
  statusOfColumns,
} from './equipment.columns';
export { fmt, machineIdentityOf, toEquipmentDto, toHistoryDto, type Row } from './equipment.dto';
export { entryOfUpdate, voidEntryTx, voidUpdateTx } from './corrections.service';
export { forecastsOf, readingsOf } from './forecast.service';
export { recordServiceTx, type TasksDone } from './service-log.service';
export {
  equipmentDtoOf,
  schedulesOf,
  tasksByMachine,
  tasksFromJson,
  tasksJson,
  type MachineTask,
} from './machine-tasks';
export { latestServiceEntryIdTx } from './service-entry';
export { entryMachineOn, entryUpdateOn } from './history.service';
export { overviewItemsOf } from './overview-items';
export { costLinesSql, costNum, fillUpOf, fillUpsSql, rowsOf, startUsageSql } from './cost-lines';
export { implausible, unusual } from './plausibility';
