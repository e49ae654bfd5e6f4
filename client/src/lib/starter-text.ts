import { starterText } from '@domain/inspection-starters';
import { useTranslation } from 'react-i18next';

/**
 * A text recorded from a ready-made checklist (a checklist's name, an item's label as asked) in the
 * reader's language while it is the ready-made text (domain/inspection-starters.ts `starterText`);
 * the company's own words as written (issue 43).
 */
export function useStarterText(): (text: string) => string {
  const { i18n } = useTranslation();
  const lang = /^es\b/i.test(i18n.resolvedLanguage ?? i18n.language ?? '') ? 'es' : 'en';
  return (text) => starterText(text, lang);
}
