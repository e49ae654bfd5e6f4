import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from './translate-message';

/**
 * `msg(x)`: a form's error text (English, from the shared zod schemas) or an error thrown by a call,
 * in the current language (lib/translate-message.ts). Nothing for nothing.
 */
export function useMessage() {
  const { t } = useTranslation();
  return (value: unknown): string | undefined =>
    value instanceof Error
      ? translateError(t, value)
      : translateMessage(t, typeof value === 'string' ? value : undefined);
}
