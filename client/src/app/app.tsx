import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { RouteLoadBoundary } from '@/components/load-error-boundary';
import { PageSpinner } from '@/components/page-spinner';
import { useToasts } from '@/components/ui/use-toast';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from './routes';

// The toast viewport loads with the first toast (a toast raised before it mounts waits in the store):
// most page loads never show one, and its code stays off the first screen's downloads.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function ToasterOnFirstToast() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* The signed-in frame's own chunk, and signed-out pages, fail to load visibly too. */}
        <RouteLoadBoundary>
          <Suspense fallback={<PageSpinner />}>
            <AppRoutes />
          </Suspense>
        </RouteLoadBoundary>
        <ToasterOnFirstToast />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
