import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Cancel and Save at the foot of a profile card in edit mode. */
export function EditFormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? t('saving') : t('save')}
      </Button>
    </div>
  );
}
