import type { TFunction } from 'i18next';

const TOO_MANY = /^Too many attempts\. Please wait (\d+) minutes? and try again\.$/;
const NETWORK = 'Unable to connect to server. Please try again.';

/**
 * Shows a schema or server message (always English, the spec's wording) in the current language.
 * `catalogue` is a feature's message object from domain (e.g. authMessages); its keys live under
 * `messages.<key>` in the feature's namespace, with `messages.tooManyAttempts` and `messages.network`.
 * Unknown messages are shown as they are.
 */
export function translateMessage(
  t: TFunction,
  catalogue: Record<string, string>,
  message: string | undefined | null,
): string | undefined {
  if (!message) return undefined;
  const key = Object.keys(catalogue).find((k) => catalogue[k] === message);
  if (key) return t(`messages.${key}`);
  const many = TOO_MANY.exec(message);
  if (many) return t('messages.tooManyAttempts', { count: Number(many[1]) });
  if (message === NETWORK) return t('messages.network');
  return message;
}
