import type { TFunction } from 'i18next';
import type { MessageKey, MessageParams } from '@domain/messages/catalogue';
import {
  isMessageKeyShaped as isMessageKey,
  loadedMessageKeyOf as messageKeyOf,
} from '@domain/messages/registry';
import { ApiError } from './api';
import { formatDate, formatDecimal } from './format';

/**
 * One way to show any message of the catalogue (docs/decisions/messages-by-key.md) in the current
 * language: `messages:<key>` of the `messages` namespace with the message's parameters, numbers and
 * dates written the current language's way and a `unit` translated. The English text is the fallback.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function localParams(t: TFunction, params: MessageParams | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === 'number') out[name] = name === 'count' ? value : formatDecimal(value, 2);
    else if (name === 'unit')
      out[name] = value ? t(`messages:units.${value}`, { defaultValue: value }) : '';
    else if (DATE_ONLY.test(value)) out[name] = formatDate(value);
    else out[name] = value;
  }
  if (typeof params?.count === 'number') out.count = params.count;
  return out;
}

/** A message by key, in the current language. */
export function translateKey(
  t: TFunction,
  key: MessageKey,
  params?: MessageParams,
  fallback?: string,
): string {
  const text = t(`messages:${key}`, {
    ...localParams(t, params),
    ...(fallback ? { defaultValue: fallback } : {}),
  });
  // An empty parameter (a unit of "n/a") leaves no double space or space before punctuation.
  return text.replace(/ {2,}/g, ' ').replace(/ ([.,;:])/g, '$1');
}

/**
 * A schema or server message given as its English text (zod form errors, `fieldErrors` of an error
 * response) in the current language. Texts that are not in the catalogue are shown as they are.
 */
export function translateMessage(
  t: TFunction,
  message: string | undefined | null,
): string | undefined {
  if (!message) return undefined;
  const key = messageKeyOf(message);
  return key ? translateKey(t, key, undefined, message) : message;
}

/**
 * Any error in the current language: an API error by its key and parameters (its English message as
 * the fallback), a network failure, else `fallback` (or the error's own text).
 */
export function translateError(t: TFunction, err: unknown, fallback?: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return translateKey(t, 'common.network');
    if (err.key && isMessageKey(err.key)) return translateKey(t, err.key, err.params, err.message);
    return translateMessage(t, err.message) ?? fallback ?? err.message;
  }
  if (fallback) return fallback;
  return err instanceof Error ? (translateMessage(t, err.message) ?? err.message) : String(err);
}

/**
 * A 400's field errors as [field path, text] in the reader's language: a field whose message is the
 * error's own is shown with the error's parameters ("… above the machine's current usage (601)").
 */
export function fieldErrorsOf(err: unknown, t: TFunction): [string, string][] {
  if (!(err instanceof ApiError) || !err.fieldErrors) return [];
  const whole = translateError(t, err);
  return Object.entries(err.fieldErrors).map(([path, message]) => [
    path,
    String(message) === err.key || messageKeyOf(String(message)) === err.key
      ? whole
      : String(message),
  ]);
}
