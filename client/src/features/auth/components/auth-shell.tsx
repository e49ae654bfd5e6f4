import { ArrowLeft, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The frame of the signed-out account screens: brand, language selector, one card. */
export function AuthShell({
  title,
  description,
  children,
  aside,
  backTo = '/',
  wide = false,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  aside?: ReactNode;
  backTo?: string | null;
  wide?: boolean;
}) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex items-center justify-between gap-2 px-4 py-3 md:px-8">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold text-primary">
          <Truck className="h-6 w-6 shrink-0" aria-hidden />
          <span className="text-sm leading-tight sm:text-base">{t('common:appName')}</span>
        </Link>
        <LanguageSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 pt-2 md:items-center md:pt-6">
        <div
          className={cn(
            'grid w-full gap-6',
            wide ? 'max-w-4xl md:grid-cols-[1fr_20rem]' : 'max-w-md',
          )}
        >
          <Card>
            <CardHeader>
              <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
              {description ? <CardDescription>{description}</CardDescription> : null}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {aside}
        </div>
      </main>
      {backTo ? (
        <footer className="pb-6 text-center">
          <Link
            to={backTo}
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {t('auth:shell.backHome')}
          </Link>
        </footer>
      ) : null}
    </div>
  );
}
