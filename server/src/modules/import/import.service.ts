/** What import.routes.ts calls: the equipment import and the history import (one file each). */
export { importEquipment, previewEquipmentImport } from './equipment-import';
export { importHistory, previewHistoryImport } from './history-import';
