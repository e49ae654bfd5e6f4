import { useTranslation } from 'react-i18next';
import type { VoidDetails } from '@domain/schemas/equipment-history';
import { formatDateTime } from '@/lib/format';

/** Who voided an entry, when and why (an update or a history entry on the dashboard). */
export function VoidedNote({ voided, testId }: { voided: VoidDetails; testId?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <p className="text-xs text-destructive" data-testid={testId}>
      {t('updates.voidedBy', {
        who: voided.by ?? '—',
        date: formatDateTime(voided.at),
        reason: voided.reason,
      })}
    </p>
  );
}
