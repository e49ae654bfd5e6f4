import { useTranslation } from 'react-i18next';
import { daysUntil } from '@domain/documents';
import { Badge } from '@/components/ui/badge';
import { companyToday } from '@/lib/auth';

/** "expires in 12 days", "expires today", "expired" (issue 42); amber within 30 days, red once past. */
export function ExpiryBadge({ expiresOn }: { expiresOn: string }) {
  const { t } = useTranslation('documents');
  const days = daysUntil(companyToday(), expiresOn);
  if (days < 0) return <Badge variant="destructive">{t('expiry.expired')}</Badge>;
  if (days === 0) return <Badge variant="warning">{t('expiry.today')}</Badge>;
  return (
    <Badge variant={days <= 30 ? 'warning' : 'outline'}>
      {t('expiry.inDays', { count: days })}
    </Badge>
  );
}
