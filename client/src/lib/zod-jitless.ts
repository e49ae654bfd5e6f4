/**
 * Zod compiles fast object parsers with `new Function` unless told not to, and probes for it once; our
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks that probe, and Chromium reports the
 * blocked attempt as a CSP issue even though zod catches it. Zod reads its settings from this global, so
 * setting it here (imported first by main.tsx, before any chunk that uses zod) turns both off without
 * loading zod into the first chunk. The client's forms gain nothing from the compiled parsers.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
