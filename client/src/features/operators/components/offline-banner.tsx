import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Offline" at the top of the operator screen (issue 25): the phone has no connection, the operator
 * stays signed in, and what is submitted waits on the phone ("Waiting to send (N)" below).
 */
export function OfflineBanner() {
  const { t } = useTranslation('field');
  return (
    <div
      role="status"
      aria-labelledby="offline-banner-title"
      className="flex gap-3 rounded-md border border-slate-400 bg-slate-800 px-4 py-3 text-white"
    >
      <WifiOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p id="offline-banner-title" className="font-semibold">
          {t('offline.banner')}
        </p>
        <p className="text-sm text-slate-100">{t('offline.bannerBody')}</p>
      </div>
    </div>
  );
}
