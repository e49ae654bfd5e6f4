/** The auth module's public door: what other modules may use (docs/architecture.md). */
export { assertStrongPassword, companyOf, getUser, loginKeys, toCurrentUser } from './auth.service';
