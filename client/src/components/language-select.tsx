import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { LANGUAGES } from '@/lib/i18n';

/** English / Español switch; the choice is cached in local storage by the i18n detector. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  return (
    <label className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <Languages className="h-4 w-4 text-muted-foreground" aria-hidden />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={current}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        aria-label={t('language.label')}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
