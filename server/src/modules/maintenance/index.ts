/** The maintenance module's public door: what other modules may use (docs/architecture.md). */
export { scheduledMachines } from './maintenance.service';
