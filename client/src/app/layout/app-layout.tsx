import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { RouteLoadBoundary } from '@/components/load-error-boundary';
import { PageSpinner } from '@/components/page-spinner';
import { Header } from './header';
import { SkipLink } from '@/components/skip-link';

/** The signed-in frame: the header (only for a signed-in user) and the page. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  return (
    <div className="min-h-screen">
      <SkipLink>{t('skipToContent')}</SkipLink>
      <Header />
      <div id="main">
        {/* A page that fails to load says so, with Reload, under the header (issue 43). */}
        <RouteLoadBoundary>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteLoadBoundary>
      </div>
    </div>
  );
}
