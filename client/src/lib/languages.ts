/** The app's languages (no i18next here: the build config reads this too). */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
