import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useMessage } from '@/lib/use-message';

type Saved = { title: string; description: string };

/**
 * The profile cards' save: runs `save`; then the success toast and `after` (leave edit mode, take
 * the new value); on failure the "update failed" toast with the server's message, and the card stays
 * as it is.
 */
export function useCardSave() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  return async (save: () => Promise<unknown>, saved: Saved, after?: () => void) => {
    try {
      await save();
      toast(saved);
      after?.();
    } catch (err) {
      toast({ title: t('updateFailedTitle'), description: msg(err), variant: 'destructive' });
    }
  };
}
