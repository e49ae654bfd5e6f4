import { Plus, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { IconLinkButton } from '@/components/icon-link-button';

/** A new company: nothing to show yet, one clear next step. */
export function EmptyState() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <div className="rounded-full bg-muted p-4">
          <Truck className="h-10 w-10 text-muted-foreground" aria-hidden />
        </div>
        <h2 className="text-xl font-semibold">{t('empty.title')}</h2>
        <p className="max-w-md text-muted-foreground">{t('empty.body')}</p>
        <IconLinkButton to="/add-equipment" icon={Plus} size="lg">
          {t('empty.action')}
        </IconLinkButton>
      </CardContent>
    </Card>
  );
}
