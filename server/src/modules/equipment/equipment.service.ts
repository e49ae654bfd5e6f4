/**
 * What the equipment routes call of the machine record's reads and writes (equipment.routes.ts imports
 * it as `svc`). The code lives by job: equipment.queries.ts (finding, listing, browsing, the one
 * search), fleet-snapshot.ts (the fleet snapshot cache), equipment.commands.ts (add, edit, delete,
 * usage, note), equipment.columns.ts and equipment.dto.ts (mapping). Other modules use index.ts.
 */
export {
  browseEquipment,
  countEquipment,
  equipmentOptions,
  getEquipment,
} from './equipment.queries';
export { equipmentBatches, listEquipment } from './equipment-export';
export {
  createEquipment,
  createNote,
  deleteEquipment,
  increaseUsage,
  updateEquipment,
} from './equipment.commands';
