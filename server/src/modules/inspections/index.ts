/** The inspections module's public door: what other modules may use (docs/architecture.md). */
export { openDefectOf, resolveDefectTx } from './inspections.service';
export { defectPhotoTx } from './inspections.service';
