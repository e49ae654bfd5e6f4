/**
 * The service worker's caches of API answers (vite.config.ts runtimeCaching), a leaf both the build
 * config and the sign-out import: every one of them is deleted on sign-out (lib/auth.ts useLogout), so
 * the next person on the same phone sees none of them.
 */
/** The GETs the operator screen needs offline (issue 13) and a machine's document list (issue 42). */
export const FIELD_API_CACHE = 'ems-field-api';
/** The documents' thumbnails (issue 42): small, many. */
export const FIELD_THUMBNAIL_CACHE = 'ems-field-thumbnails';
/** The documents' files opened on the phone (issue 42: the manual at the machine), up to 25 MB each. */
export const FIELD_FILE_CACHE = 'ems-field-files';

export const OFFLINE_API_CACHES = [FIELD_API_CACHE, FIELD_THUMBNAIL_CACHE, FIELD_FILE_CACHE];
