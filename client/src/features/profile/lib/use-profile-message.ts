import { useTranslation } from 'react-i18next';
import { profileMessages } from '@domain/schemas/profile';
import { translateMessage } from '@/lib/translate-message';

/** Translates a profile schema or server message (English) into the current language. */
export function useProfileMessage() {
  const { t } = useTranslation('profile');
  return (message: string | undefined | null) => translateMessage(t, profileMessages, message);
}
