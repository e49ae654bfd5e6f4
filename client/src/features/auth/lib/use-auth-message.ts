import { useTranslation } from 'react-i18next';
import { authMessages } from '@domain/schemas/auth';
import { translateMessage } from '@/lib/translate-message';

/** Translates an auth schema or server message (English) into the current language. */
export function useAuthMessage() {
  const { t } = useTranslation('auth');
  return (message: string | undefined | null) => translateMessage(t, authMessages, message);
}
