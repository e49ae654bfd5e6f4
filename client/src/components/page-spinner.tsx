import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Never suspends (it is itself a Suspense fallback): until the texts load, the label stays empty.
 * `waitingFor="code"`: shown by a Suspense boundary while a page's code loads (the e2e tests check the
 * first screen's, already announced in the HTML, never shows it).
 */
export function PageSpinner({ waitingFor }: { waitingFor?: 'code' } = {}) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      className="flex min-h-[50vh] items-center justify-center"
      role="status"
      data-page-spinner={waitingFor ?? ''}
      aria-live="polite"
    >
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{ready ? t('loading') : ''}</span>
    </div>
  );
}
