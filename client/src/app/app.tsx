import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { createQueryClient } from '@/lib/query-client';
import { AppRoutes } from './routes';

// The toast viewport loads after the page (toasts raised before it mounts wait in the store).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
