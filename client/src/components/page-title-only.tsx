import { useTranslation } from 'react-i18next';

/** A page that is only a heading (e.g. /settings), or a page a later issue will build. */
export function PageTitleOnly({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto max-w-6xl p-4 md:p-6">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
    </main>
  );
}
