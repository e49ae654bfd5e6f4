/** The inspections module's public door: what other modules may use (docs/architecture.md). */
export { defectPhotoTx, openDefectOf, resolveDefectTx } from './defects.service';
