import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CardHeader, CardTitle } from '@/components/ui/card';

/** A details card's title, with Edit beside it while it is shown read-only (`onEdit` given). */
export function EditableCardHeader({ title, onEdit }: { title: string; onEdit?: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
      <CardTitle>{title}</CardTitle>
      {onEdit ? (
        <Button variant="outline" size="sm" aria-label={`${t('edit')}: ${title}`} onClick={onEdit}>
          <Pencil aria-hidden />
          {t('edit')}
        </Button>
      ) : null}
    </CardHeader>
  );
}
