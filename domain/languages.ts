/** The app's languages: the client's i18n, the build (one preload list per language) and the server (the language of the first page) read this one list. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
