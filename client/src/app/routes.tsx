import { lazy, useDeferredValue, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { currentUserQueryOptions, signedInHint, useCurrentUser } from '@/lib/auth';
import { FIRST_OVERVIEW, overviewQueryOptions } from '@/features/dashboard/api/get-equipment';
import { historyQueryOptions } from '@/features/dashboard/api/get-history';
import { operatorUpdatesQueryOptions } from '@/features/dashboard/api/operator-updates';
import { updatesWithPhotosQueryOptions } from '@/features/dashboard/api/updates-with-photos';
import { fieldMachinesQueryOptions } from '@/features/operators/api/field-machines';
import { machineHistoryPage } from '@/features/machines/api/machine-history';
import { machinePageQueryOptions } from '@/features/machines/api/machine-page';
import i18n, { i18nReady } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import {
  LAYOUT,
  PAGES,
  routeFor,
  ROUTE_TABLES,
  routeTableFor,
  type PageName,
  type PageSpec,
  type RouteTableName,
} from './route-table';

type PageModule = { default: ComponentType };
type Page = ComponentType & { preload: () => Promise<PageModule> };

// Every page is its own chunk: a route loads only its own code (route-table.ts says which).
const pageModules = import.meta.glob<PageModule>('../features/*/routes/*.tsx');

/**
 * A lazily loaded page: its own chunk plus the translation namespaces it shows, fetched in parallel
 * (not chunk first, then its texts). `preload()` starts both early; React's lazy reuses the same promise.
 */
function page(load: () => Promise<PageModule>, spec: PageSpec): Page {
  let pending: Promise<PageModule> | null = null;
  const preload = () =>
    (pending ??= Promise.all([
      load(),
      i18nReady.then(() => i18n.loadNamespaces([...spec.namespaces])),
    ]).then(([m]) => m));
  return Object.assign(lazy(preload), { preload });
}

function loaderOf(spec: PageSpec): () => Promise<PageModule> {
  const load = pageModules[`../${spec.module}`];
  if (!load) throw new Error(`route-table.ts names a page that does not exist: ${spec.module}`);
  return load;
}

const pages = Object.fromEntries(
  Object.entries(PAGES).map(([name, spec]) => [name, page(loaderOf(spec), spec)]),
) as Record<PageName, Page>;

// The signed-in frame is its own chunk too, so signed-out pages never load the header and menus.
const AppLayout = page(
  () => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })),
  LAYOUT,
);

/**
 * Starts loading the first screen's code and texts while the app boots, in parallel with the
 * GET /api/auth/user call, guessing the role from the signed-in hint cookie (a wrong guess only
 * costs an unused download; the server's answer decides what is shown). The server also announces
 * these files in the HTML; this covers the service worker's copy of the page and the dev server.
 */
export function preloadFirstScreen(pathname: string) {
  const table = routeTableFor(signedInHint());
  if (table !== 'signedOut') {
    void AppLayout.preload();
    void queryClient.prefetchQuery(currentUserQueryOptions());
  }
  const route = routeFor(table, pathname);
  if (route) {
    void pages[route.page].preload();
    for (const prefetch of firstScreenData[route.page] ?? []) void prefetch(route.params);
  }
}

/**
 * The data a first screen shows, started at boot too (the page's queries then find it in the cache).
 * Each asks for exactly one of the URLs route-table.ts lists in the page's `data`, which the server
 * has already requested through the HTML, so this takes that answer (e2e: each is fetched once).
 */
const firstScreenData: Partial<
  Record<PageName, ((params: Record<string, string>) => Promise<void>)[]>
> = {
  dashboard: [
    () => queryClient.prefetchQuery(overviewQueryOptions(FIRST_OVERVIEW)),
    () => queryClient.prefetchQuery(operatorUpdatesQueryOptions()),
    () => queryClient.prefetchQuery(updatesWithPhotosQueryOptions()),
    () => queryClient.prefetchQuery(historyQueryOptions()),
  ],
  operatorScreen: [() => queryClient.prefetchQuery(fieldMachinesQueryOptions())],
  machine: [
    ({ id = '' }) => queryClient.prefetchQuery(machinePageQueryOptions(id)),
    ({ id = '' }) => queryClient.prefetchQuery(machineHistoryPage(id, 'all')),
  ],
};

const routesOf = (table: RouteTableName) =>
  ROUTE_TABLES[table].map(([path, name]) => {
    const Page = pages[name];
    return <Route key={path} path={path} element={<Page />} />;
  });

function SignedOutRoutes() {
  return <Routes>{routesOf('signedOut')}</Routes>;
}

function OperatorRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>{routesOf('operator')}</Route>
    </Routes>
  );
}

function TechnicianRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>{routesOf('technician')}</Route>
    </Routes>
  );
}

function ManagerRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {routesOf('manager')}
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/signup" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

function PlatformAdminRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {routesOf('platformAdmin')}
        <Route path="*" element={<Navigate to="/admin-accounts" replace />} />
      </Route>
    </Routes>
  );
}

export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  useLocation();
  const current = isLoading ? null : routeTableFor(user?.role);
  // The first current-user answer arrives through a store, which React renders synchronously: the
  // first screen is built in a deferred (interruptible, time-sliced) render instead, the spinner
  // staying up meanwhile. Later changes (sign-in, sign-out) switch at once, as before.
  const deferred = useDeferredValue(current);
  const table = deferred === null ? null : current;
  if (table === null) return <PageSpinner />;
  if (table === 'operator') return <OperatorRoutes />;
  if (table === 'platformAdmin') return <PlatformAdminRoutes />;
  if (table === 'technician') return <TechnicianRoutes />;
  if (table === 'manager') return <ManagerRoutes />;
  return <SignedOutRoutes />;
}
