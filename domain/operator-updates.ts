/**
 * The manager's list of operator updates (GET /api/operator-updates): the updates held for review
 * (newest first, up to UPDATES_PENDING_MAX), then the most recent applied ones (up to
 * UPDATES_APPLIED_MAX); UPDATES_MAX in all, what it answers without `limit`. `?limit=` answers the first
 * `limit` of that same order: the dashboard's card asks UPDATES_PAGE at a time and offers "Show more".
 * Plain constants, no zod (the dashboard's first screen imports them).
 */
export const UPDATES_PENDING_MAX = 200;
export const UPDATES_APPLIED_MAX = 50;
export const UPDATES_MAX = UPDATES_PENDING_MAX + UPDATES_APPLIED_MAX;
export const UPDATES_PAGE = 25;
