import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/documents';
import type { SubscriptionView } from '@domain/schemas/subscription';
import { cn } from '@/lib/utils';

/** The company's documents against its plan's storage (issue 42). */
export function StorageUsage({ storage }: { storage: SubscriptionView['storage'] }) {
  const { t, i18n } = useTranslation('subscription');
  const locale = i18n.language.startsWith('es') ? 'es-US' : 'en-US';
  const pct = Math.min(100, Math.round((storage.used / Math.max(1, storage.limit)) * 100));
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-sm">
        <span className="font-medium">{t('current.storageUsage')}</span>
        <span>
          {t('current.storage', {
            used: formatBytes(storage.used, locale),
            limit: formatBytes(storage.limit, locale),
          })}
        </span>
      </div>
      <div
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t('current.storageUsage')}
        aria-valuemin={0}
        aria-valuemax={storage.limit}
        aria-valuenow={storage.used}
      >
        <div
          className={cn('h-full rounded-full', pct >= 90 ? 'bg-amber-500' : 'bg-primary')}
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
