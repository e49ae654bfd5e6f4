import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useCurrentUser } from '@/lib/auth';

// Every page is its own chunk: a route loads only its own code. The signed-in frame too,
// so signed-out pages never load the header, menus and their dependencies.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const Landing = lazy(() => import('@/features/pages/routes/landing'));
const Instructions = lazy(() => import('@/features/pages/routes/instructions'));
const Contact = lazy(() => import('@/features/pages/routes/contact'));
const NotFound = lazy(() => import('@/features/pages/routes/not-found'));
const Settings = lazy(() => import('@/features/pages/routes/settings'));
const Login = lazy(() => import('@/features/auth/routes/login'));
const Signup = lazy(() => import('@/features/auth/routes/signup'));
const ForgotPassword = lazy(() => import('@/features/auth/routes/forgot-password'));
const SecurityQuestions = lazy(() => import('@/features/auth/routes/security-questions'));
const Profile = lazy(() => import('@/features/profile/routes/profile'));
const Dashboard = lazy(() => import('@/features/dashboard/routes/dashboard'));
const EquipmentList = lazy(() => import('@/features/equipment/routes/equipment-list'));
const EquipmentByStatus = lazy(() => import('@/features/equipment/routes/equipment-by-status'));
const AddEquipment = lazy(() => import('@/features/equipment/routes/add-equipment'));
const RetiredEquipment = lazy(() => import('@/features/equipment/routes/retired-equipment'));
const Employees = lazy(() => import('@/features/operators/routes/employees'));
const OperatorLogin = lazy(() => import('@/features/operators/routes/operator-login'));
const OperatorScreen = lazy(() => import('@/features/operators/routes/operator-screen'));
const Subscription = lazy(() => import('@/features/subscription/routes/subscription'));
const Checkout = lazy(() => import('@/features/subscription/routes/checkout'));
const AdminAccounts = lazy(() => import('@/features/admin/routes/admin-accounts'));

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/signup" element={<Signup />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/employee-login" element={<OperatorLogin />} />
      <Route path="/operator" element={<OperatorLogin />} />
      <Route path="/simple-operator" element={<OperatorLogin />} />
      <Route path="*" element={<Landing />} />
    </Routes>
  );
}

function OperatorRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/profile" element={<Profile />} />
        <Route path="*" element={<OperatorScreen />} />
      </Route>
    </Routes>
  );
}

function ManagerRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<Dashboard />} />
        <Route path="/equipment/:status" element={<EquipmentByStatus />} />
        <Route path="/add-equipment" element={<AddEquipment />} />
        <Route path="/add" element={<AddEquipment />} />
        <Route path="/equipment-list" element={<EquipmentList />} />
        <Route path="/employees" element={<Employees />} />
        <Route path="/subscription" element={<Subscription />} />
        <Route path="/checkout/:sessionId" element={<Checkout />} />
        <Route path="/retired-equipment" element={<RetiredEquipment />} />
        <Route path="/instructions" element={<Instructions />} />
        <Route path="/contact" element={<Contact />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/security-questions" element={<SecurityQuestions />} />
        <Route path="/settings" element={<Settings />} />
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/signup" element={<Navigate to="/" replace />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function PlatformAdminRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/admin-accounts" element={<AdminAccounts />} />
        <Route path="/profile" element={<Profile />} />
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
