import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/documents';
import type { SubscriptionView } from '@domain/schemas/subscription';
import { UsageMeter } from './usage-meter';

/** The company's documents against its plan's storage (issue 42). */
export function StorageUsage({ storage }: { storage: SubscriptionView['storage'] }) {
  const { t, i18n } = useTranslation('subscription');
  const locale = i18n.language.startsWith('es') ? 'es-US' : 'en-US';
  const pct = Math.min(100, Math.round((storage.used / Math.max(1, storage.limit)) * 100));
  return (
    <UsageMeter
      label={t('current.storageUsage')}
      figures={t('current.storage', {
        used: formatBytes(storage.used, locale),
        limit: formatBytes(storage.limit, locale),
      })}
      value={storage.used}
      max={storage.limit}
      pct={pct}
      barColor={pct >= 90 ? 'bg-amber-500' : 'bg-primary'}
    />
  );
}
