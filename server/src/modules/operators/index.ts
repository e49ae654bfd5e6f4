/** The operators module's public door: what other modules may use (docs/architecture.md). */
export { submitUpdate, submitUpdateInTx } from './operator-updates.service';
export { operatorDisplayName } from './update-apply';
