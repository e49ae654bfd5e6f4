/** The reports module's door (issue 45): what other modules (the monthly summary) may call. */
export { costsReport } from './costs.service';
export { downtimeReport } from './downtime.service';
export { fuelReport } from './fuel.service';
export { utilizationReport } from './utilization.service';
export { machinePeersOf, machinePeersSql } from './machine-peers';
export { periodOf } from './utilization.service';
