import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Never suspends (it is itself a Suspense fallback): until the texts load, the label stays empty. */
export function PageSpinner() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      className="flex min-h-[50vh] items-center justify-center"
      role="status"
      data-page-spinner=""
      aria-live="polite"
    >
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{ready ? t('loading') : ''}</span>
    </div>
  );
}
