import { registerMessages } from './register';
/** Messages any endpoint can answer with (request shape, sign-in, permissions, limits). */
export const commonMessages = registerMessages('common', {
  notFound: 'Not found',
  signIn: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  companyOnly: 'This needs a company account.',
  crossSite: 'Cross-site request refused.',
  requestTooLarge: 'The request is too large.',
  jsonOnly: 'Requests must be sent as JSON.',
  unreadable: 'The request could not be read. Please check the data and try again.',
  invalid: 'Some of the data is not valid. Please check it and try again.',
  tooLong: 'Must be at most {{max}} characters',
  /** Any text with a control character other than tab and a line break (domain/schemas/primitives.ts). */
  controlChars: 'The text contains a character that is not allowed (a control character).',
  /** Any text with a lone UTF-16 surrogate, half a character (domain/schemas/primitives.ts). */
  brokenCharacter: 'The text contains a broken character. Please type it again.',
  /** Any date outside MIN_DATE..MAX_DATE (domain/schemas/primitives.ts). */
  dateRange: 'The date must be between 1900-01-01 and 2100-12-31.',
  /** A field the request body does not have (public API routes refuse them, lib/strict-schema.ts); field: its dotted path. */
  unknownField: 'Unknown field: {{field}}',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  /** 422: an Idempotency-Key sent again with another body (the first request is kept, nothing written). */
  idempotencyKeyReused:
    'This request key was already used for a different request. Nothing was saved: send it again as a new request.',
  tooManyAttempts: {
    one: 'Too many attempts. Please wait {{count}} minute and try again.',
    other: 'Too many attempts. Please wait {{count}} minutes and try again.',
  },
  internal: 'Something went wrong. Please try again.',
  /** 503 with Retry-After: a request while the database is away (a restart, a failover). */
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** GET /api/ready while the database does not answer (load balancers read the status, 503). */
  notReady: 'The service is not ready: its database does not answer.',
  /** GET /metrics without the right bearer token. */
  metricsToken: 'A valid metrics token is needed.',
  /** Client-side: the request never reached the server. */
  network: 'Unable to connect to server. Please try again.',
} as const);
