/** The subscription module's public door: what other modules may use (docs/architecture.md). */
export { refreshCompany, stateOf, subscriptionColumns } from './state';
export { announceToSubscribers } from './subscribers';
