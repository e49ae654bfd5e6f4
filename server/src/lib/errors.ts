import type { z } from 'zod';
import {
  messageKeyOf,
  messageText,
  type MessageKey,
  type MessageParams,
} from '@domain/messages/catalogue';

export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  | 'not_entitled'
  | 'plan_limit'
  | 'unavailable';

export const statusOf: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_entitled: 403,
  plan_limit: 403,
  not_found: 404,
  conflict: 409,
  /** A well-formed request that cannot be done as sent (an idempotency key reused with another body). */
  unprocessable: 422,
  payload_too_large: 413,
  /** A file whose bytes are not a type we keep (documents), or a body that is not multipart where one is read. */
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
};

type AppErrorOptions = {
  /** Values of the message's `{{placeholders}}`. */
  params?: MessageParams;
  /** Per-field messages (by key); answered as English text, which the client translates by the catalogue. */
  fieldErrors?: Record<string, MessageKey>;
  headers?: Record<string, string>;
};

/**
 * Services throw AppError with a message key from the one catalogue (domain/messages/catalogue.ts); one
 * handler answers `{ code, key, message, params?, fieldErrors? }` (message = the English text).
 */
export class AppError extends Error {
  public readonly params?: MessageParams;
  public readonly fieldErrors?: Record<string, string>;
  public readonly headers?: Record<string, string>;
  constructor(
    public readonly code: ErrorCode,
    public readonly key: MessageKey,
    options: AppErrorOptions & { fieldTexts?: Record<string, string> } = {},
  ) {
    super(messageText(key, options.params));
    this.params = options.params;
    this.headers = options.headers;
    const fields = {
      ...Object.fromEntries(
        Object.entries(options.fieldErrors ?? {}).map(([f, k]) => [f, messageText(k)]),
      ),
      ...options.fieldTexts,
    };
    if (Object.keys(fields).length > 0) this.fieldErrors = fields;
  }
}

export const notFound = (key: MessageKey = 'common.notFound') => new AppError('not_found', key);
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError('forbidden', key);

/** The message of one zod issue: its catalogue key (or `common.invalid`) and the English text with its limits filled in. */
export function issueMessage(issue: z.core.$ZodIssue): {
  key: MessageKey;
  params?: MessageParams;
  text: string;
} {
  if (issue.code === 'unrecognized_keys') {
    const params = { field: unknownFieldsOf(issue).join(', ') };
    return { key: 'common.unknownField', params, text: messageText('common.unknownField', params) };
  }
  const key = messageKeyOf(issue.message);
  if (!key) return { key: 'common.invalid', text: issue.message };
  const params: Record<string, string | number> = {};
  const field = issue.path[0];
  if (field !== undefined) params.field = String(field);
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'invalid_value') params.values = issue.values.map(String).join(', ');
  // A refinement's own values (`params` of .refine), e.g. a report's longest period.
  if (issue.code === 'custom')
    for (const [k, v] of Object.entries(issue.params ?? {}))
      if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  return { key, params, text: messageText(key, params) };
}

/** Turns a zod error into a 400 whose message is the first rule's message (the spec's wording), by key. */
export function fromZodError(error: z.ZodError): AppError {
  return fromIssues(error.issues);
}

/** The dotted paths of the fields a strict object did not know (`readings.0.odometr`). */
const unknownFieldsOf = (issue: z.core.$ZodIssue & { code: 'unrecognized_keys' }) =>
  issue.keys.map((k) => [...issue.path, k].join('.'));

/**
 * fromZodError from the issues themselves (a route's declared schema reports them one by one). An
 * unknown field (a strict request body, lib/strict-schema.ts) comes first and is named, each under its
 * own path: a misspelt field is usually why another one is missing.
 */
export function fromIssues(all: readonly z.core.$ZodIssue[]): AppError {
  const unknown = (i: z.core.$ZodIssue) => i.code === 'unrecognized_keys';
  const error = { issues: [...all.filter(unknown), ...all.filter((i) => !unknown(i))] };
  const fieldTexts: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const field of unknownFieldsOf(issue))
        if (!(field in fieldTexts))
          fieldTexts[field] = messageText('common.unknownField', { field });
      continue;
    }
    const field = issue.path.join('.') || '_';
    if (!(field in fieldTexts)) fieldTexts[field] = issueMessage(issue).text;
  }
  const first = error.issues[0];
  const { key, params } = first
    ? issueMessage(first)
    : { key: 'common.invalid' as const, params: undefined };
  return new AppError('validation', key, { params, fieldTexts });
}

/** Parses a value with a zod schema, throwing a 400 AppError on failure. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** A unique index refused the write (PostgreSQL 23505), from pg or PGlite, wrapped by drizzle or not. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.cause?.code ?? e?.code) === '23505';
}
