import { z } from 'zod';
import { isDateOnly, toDateOnly } from '../dates';
import { commonMessages } from '../messages/common';
import { equipmentMessages } from '../messages/equipment';

/**
 * The building blocks every request schema uses for its strings and dates (issue 25, items 7 and 8),
 * so that every route refuses the same things with the same 400 and message.
 */

/**
 * Control characters other than tab, line feed and carriage return (a line break), C0 and C1 and DEL.
 * PostgreSQL refuses a NUL in text (error 22021); the others are never typed and only hide text.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when the text holds a control character other than tab and a line break. */
export const hasControlChars = (value: string): boolean => CONTROL_CHARS.test(value);

/**
 * A lone UTF-16 surrogate ("\ud800" without its pair): not a character. It cannot be written as UTF-8,
 * and PostgreSQL refuses it in jsonb (`\ud800` escape) on both databases. With the `u` flag a paired
 * surrogate is one code point, so only an unpaired half matches \p{Cs}.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the text holds half of a UTF-16 surrogate pair without the other half. */
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

/**
 * Every string a request carries (bodies, query strings, sign-in fields): z.string() that refuses
 * control characters other than tab and line breaks with `common.controlChars`, and a lone surrogate
 * with `common.brokenCharacter`, before any other rule. Chain `.trim().min().max()` on it as on
 * z.string(). (A JSON body with a lone surrogate anywhere, in a field that is not `text()` too, is
 * refused with the same key before validation: server/src/plugins/validation.ts.)
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((s) => !hasControlChars(s), {
      message: commonMessages.controlChars,
      abort: true,
    })
    .refine((s) => !hasLoneSurrogate(s), {
      message: commonMessages.brokenCharacter,
      abort: true,
    });

/**
 * The most a stored photo may weigh (operator, inspection and work-order photos; the phone sends about
 * 0.2-0.8 MB after resizing to 1600 px).
 */
export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
/** Base64 of PHOTO_MAX_BYTES (4 characters per 3 bytes): the longest photo a request may carry. */
export const PHOTO_MAX_BASE64 = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

const OUTSIDE_BASE64 = /[^A-Za-z0-9+/]/;

/**
 * True for base64 text (the standard alphabet, at most two '=' at its end), checked in one pass. The
 * pattern /^[A-Za-z0-9+/]+={0,2}$/ on a photo of 4 MB of text threw "Maximum call stack size exceeded"
 * in a process that had run it many times (the photo then answered 500 instead of 400).
 */
export const isBase64 = (value: string): boolean => {
  const end = value.endsWith('==')
    ? value.length - 2
    : value.endsWith('=')
      ? value.length - 1
      : value.length;
  return end > 0 && !OUTSIDE_BASE64.test(value.slice(0, end));
};

/** The earliest and latest calendar date a request may carry (inclusive). */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';

/** True for a date that exists, written YYYY-MM-DD, between MIN_DATE and MAX_DATE. */
export const isDateInRange = (value: string): boolean =>
  isDateOnly(value) && value >= MIN_DATE && value <= MAX_DATE;

/**
 * The one date schema: YYYY-MM-DD (or an ISO date-time, kept as its calendar part as written) of a
 * date that exists ("2024-13-99" and "2023-02-29" are refused) between MIN_DATE and MAX_DATE.
 */
export const dateSchema = text({ error: equipmentMessages.dateInvalid })
  .refine((s) => isDateOnly(toDateOnly(s)) && (s.length === 10 || !Number.isNaN(Date.parse(s))), {
    message: equipmentMessages.dateInvalid,
    abort: true,
  })
  .refine((s) => isDateInRange(toDateOnly(s)), commonMessages.dateRange)
  .transform(toDateOnly);

/** A form's optional date: '' and null -> null, a Date -> its ISO date, else dateSchema. */
export const optionalDateSchema = z.preprocess(
  (v) => (v === '' ? null : v instanceof Date ? v.toISOString() : v),
  dateSchema.nullable().optional(),
);
