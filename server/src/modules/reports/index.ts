/** The reports module's door (issue 45): what other modules (the monthly summary) may call. */
export { costsReport } from './costs.service';
export { downtimeReport } from './downtime.service';
export { companyFuelRates, fuelReport, type FuelCompany } from './fuel.service';
export { utilizationReport } from './utilization.service';
export { machinePeersOf, machinePeersSql } from './machine-peers';
export { periodOf } from './utilization.service';
export { typePeerRows } from './type-peers';
