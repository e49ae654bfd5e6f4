import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  // Shown while translations may still be loading: never suspend here.
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
      {ready && <span className="sr-only">{t('loading')}</span>}
    </div>
  );
}
