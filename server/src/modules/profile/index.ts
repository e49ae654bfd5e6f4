/** The profile module's public door: what other modules may use (docs/architecture.md). */
export { renameCompany } from './profile.service';
