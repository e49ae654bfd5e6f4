import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** "Critical" beside a defect whose checklist item is critical (nothing otherwise). */
export function CriticalBadge({ critical, className }: { critical: boolean; className?: string }) {
  const { t } = useTranslation('inspections');
  return critical ? (
    <Badge variant="destructive" className={className}>
      {t('defects.critical')}
    </Badge>
  ) : null;
}
