import type { z } from 'zod';

export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'not_entitled'
  | 'plan_limit';

export const statusOf: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_entitled: 403,
  plan_limit: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
};

/** Services throw AppError; one handler turns it into `{ code, message, fieldErrors? }`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const forbidden = (msg = 'You do not have permission to do that.') =>
  new AppError('forbidden', msg);

/** Turns a zod error into a 400 whose message is the first rule's message (the spec's wording). */
export function fromZodError(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid request';
  return new AppError('validation', first, fieldErrors);
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
