/** The operators module's public door: what other modules may use (docs/architecture.md). */
export { operatorDisplayName, submitUpdate, submitUpdateInTx } from './operator-updates.service';
