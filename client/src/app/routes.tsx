import { lazy, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { signedInHint, useCurrentUser } from '@/lib/auth';
import i18n, { i18nReady } from '@/lib/i18n';

type PageModule = { default: ComponentType };
type Page = ComponentType & { preload: () => Promise<PageModule> };

/**
 * A lazily loaded page: its own chunk plus the translation namespaces it shows, fetched in parallel
 * (not chunk first, then its texts). `preload()` starts both early; React's lazy reuses the same promise.
 */
function page(load: () => Promise<PageModule>, namespaces: readonly string[]): Page {
  let pending: Promise<PageModule> | null = null;
  const preload = () =>
    (pending ??= Promise.all([
      load(),
      i18nReady.then(() => i18n.loadNamespaces([...namespaces])),
    ]).then(([m]) => m));
  return Object.assign(lazy(preload), { preload });
}

// Every page is its own chunk: a route loads only its own code. The signed-in frame too,
// so signed-out pages never load the header, menus and their dependencies.
const AppLayout = page(
  () => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })),
  ['shell'],
);
const Landing = page(() => import('@/features/pages/routes/landing'), ['pages']);
const Instructions = page(() => import('@/features/pages/routes/instructions'), ['pages']);
const Contact = page(() => import('@/features/pages/routes/contact'), ['pages']);
const NotFound = page(() => import('@/features/pages/routes/not-found'), ['pages']);
const Settings = page(() => import('@/features/pages/routes/settings'), ['pages']);
const Login = page(() => import('@/features/auth/routes/login'), ['auth']);
const Signup = page(() => import('@/features/auth/routes/signup'), ['auth']);
const ForgotPassword = page(() => import('@/features/auth/routes/forgot-password'), ['auth']);
const SecurityQuestions = page(() => import('@/features/auth/routes/security-questions'), ['auth']);
const Profile = page(() => import('@/features/profile/routes/profile'), ['profile']);
const Dashboard = page(
  () => import('@/features/dashboard/routes/dashboard'),
  ['dashboard', 'equipment'],
);
const EquipmentList = page(
  () => import('@/features/equipment/routes/equipment-list'),
  ['equipment'],
);
const EquipmentByStatus = page(
  () => import('@/features/equipment/routes/equipment-by-status'),
  ['equipment'],
);
const AddEquipment = page(() => import('@/features/equipment/routes/add-equipment'), ['equipment']);
const RetiredEquipment = page(
  () => import('@/features/equipment/routes/retired-equipment'),
  ['equipment'],
);
const Employees = page(() => import('@/features/operators/routes/employees'), ['operators']);
const OperatorLogin = page(
  () => import('@/features/operators/routes/operator-login'),
  ['operators'],
);
const OperatorScreen = page(
  () => import('@/features/operators/routes/operator-screen'),
  ['operators'],
);
const Subscription = page(
  () => import('@/features/subscription/routes/subscription'),
  ['subscription'],
);
const Checkout = page(() => import('@/features/subscription/routes/checkout'), ['subscription']);
const AdminAccounts = page(() => import('@/features/admin/routes/admin-accounts'), ['admin']);

/** The route tables: [path, page]; the last entry of each is its catch-all. */
const signedOutPages: [string, Page][] = [
  ['/login', Login],
  ['/signup', Signup],
  ['/forgot-password', ForgotPassword],
  ['/employee-login', OperatorLogin],
  ['/operator', OperatorLogin],
  ['/simple-operator', OperatorLogin],
  ['*', Landing],
];
const operatorPages: [string, Page][] = [
  ['/profile', Profile],
  ['*', OperatorScreen],
];
const managerPages: [string, Page][] = [
  ['/', Dashboard],
  ['/equipment/:status', EquipmentByStatus],
  ['/add-equipment', AddEquipment],
  ['/add', AddEquipment],
  ['/equipment-list', EquipmentList],
  ['/employees', Employees],
  ['/subscription', Subscription],
  ['/checkout/:sessionId', Checkout],
  ['/retired-equipment', RetiredEquipment],
  ['/instructions', Instructions],
  ['/contact', Contact],
  ['/profile', Profile],
  ['/security-questions', SecurityQuestions],
  ['/settings', Settings],
  ['*', NotFound],
];
const adminPages: [string, Page][] = [
  ['/admin-accounts', AdminAccounts],
  ['/profile', Profile],
];

const pageFor = (table: [string, Page][], pathname: string) =>
  table.find(([path]) => path === '*' || matchPath(path, pathname))?.[1];

/**
 * Starts loading the first screen's code and texts while the app boots, in parallel with the
 * GET /api/auth/user call, guessing the role from the signed-in hint cookie (a wrong guess only
 * costs an unused download; the server's answer decides what is shown).
 */
export function preloadFirstScreen(pathname: string) {
  const role = signedInHint();
  const table =
    role === null
      ? signedOutPages
      : role === 'operator'
        ? operatorPages
        : role === 'platform_admin'
          ? adminPages
          : managerPages;
  if (role !== null) void AppLayout.preload();
  void pageFor(table, pathname)?.preload();
}

function SignedOutRoutes() {
  return (
    <Routes>
      {signedOutPages.map(([path, Page]) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
    </Routes>
  );
}

function OperatorRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {operatorPages.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}

function ManagerRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {managerPages.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
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
        {adminPages.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<Navigate to="/admin-accounts" replace />} />
      </Route>
    </Routes>
  );
}

export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOutRoutes />;
  if (user.role === 'operator') return <OperatorRoutes />;
  if (user.role === 'platform_admin') return <PlatformAdminRoutes />;
  return <ManagerRoutes />;
}
