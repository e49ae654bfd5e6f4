/**
 * The route tables as plain data (no React): which page each path shows for each kind of user, and the
 * translation namespaces each page needs. `routes.tsx` builds the router from it; the build
 * (vite.config.ts `routePreloads`) turns it into the list of files each first screen needs, which the
 * server announces in the HTML (`<link rel="modulepreload">`) so they download with the entry chunk.
 */

// A relative path (not @domain): vite.config.ts reads this file too, before aliases exist.
import {
  matchesPattern,
  matchRoute,
  routeTableFor,
  type RouteTableName,
} from '../../../domain/routes';
import { UPDATES_PAGE } from '../../../domain/operator-updates';
import { TIMELINE_PAGE } from '../../../domain/history-kinds';

/**
 * `data`: the GET calls the first screen shows (exact URLs, where `:name` is the path's parameter of
 * that name: domain/routes.ts fillDataUrl). The server announces them in the HTML
 * (`<link rel="preload" as="fetch">`) when the signed-in hint names this page, so they are answered
 * while the code downloads; the page's queries then use those answers (app/routes.tsx
 * `firstScreenData` asks for the same URLs at boot, and the e2e tests check each is fetched once).
 */
export type PageSpec = {
  readonly module: string;
  readonly namespaces: readonly string[];
  readonly data?: readonly string[];
};

/** Every page: its module under client/src and the namespaces it shows. */
export const PAGES = {
  landing: { module: 'features/pages/routes/landing.tsx', namespaces: ['pages'] },
  instructions: { module: 'features/pages/routes/instructions.tsx', namespaces: ['pages'] },
  contact: { module: 'features/pages/routes/contact.tsx', namespaces: ['pages'] },
  notFound: { module: 'features/pages/routes/not-found.tsx', namespaces: ['pages'] },
  settings: { module: 'features/pages/routes/settings.tsx', namespaces: ['pages'] },
  login: { module: 'features/auth/routes/login.tsx', namespaces: ['auth', 'messages'] },
  signup: { module: 'features/auth/routes/signup.tsx', namespaces: ['auth', 'messages'] },
  forgotPassword: {
    module: 'features/auth/routes/forgot-password.tsx',
    namespaces: ['auth', 'messages'],
  },
  securityQuestions: {
    module: 'features/auth/routes/security-questions.tsx',
    namespaces: ['auth', 'messages'],
  },
  profile: {
    module: 'features/profile/routes/profile.tsx',
    namespaces: ['profile', 'maintenance'],
  },
  dashboard: {
    module: 'features/dashboard/routes/dashboard.tsx',
    namespaces: ['dashboard', 'equipment', 'field', 'inspections'],
    // The tiles and first overview page, the operator updates card (and which updates have a photo),
    // the history card.
    data: [
      '/api/dashboard/overview?limit=50',
      `/api/operator-updates?limit=${UPDATES_PAGE}`,
      '/api/field/photos',
      '/api/equipment-history?limit=50',
    ],
  },
  equipmentList: {
    module: 'features/equipment/routes/equipment-list.tsx',
    namespaces: ['equipment', 'field', 'schedule'],
  },
  equipmentByStatus: {
    module: 'features/equipment/routes/equipment-by-status.tsx',
    namespaces: ['equipment', 'field'],
  },
  addEquipment: {
    module: 'features/equipment/routes/add-equipment.tsx',
    namespaces: ['equipment', 'schedule'],
  },
  retiredEquipment: {
    module: 'features/equipment/routes/retired-equipment.tsx',
    namespaces: ['equipment'],
  },
  dueSoon: {
    module: 'features/maintenance/routes/due-soon.tsx',
    namespaces: ['maintenance', 'equipment', 'schedule'],
  },
  importData: {
    module: 'features/import/routes/import.tsx',
    namespaces: ['import'],
  },
  employees: {
    module: 'features/operators/routes/employees.tsx',
    namespaces: ['operators', 'workOrders'],
  },
  operatorLogin: {
    module: 'features/operators/routes/operator-login.tsx',
    namespaces: ['operators', 'messages'],
  },
  operatorScreen: {
    module: 'features/operators/routes/operator-screen.tsx',
    namespaces: ['operators', 'field', 'inspections'],
    data: ['/api/field/machines'],
  },
  subscription: {
    module: 'features/subscription/routes/subscription.tsx',
    namespaces: ['subscription'],
  },
  checkout: { module: 'features/subscription/routes/checkout.tsx', namespaces: ['subscription'] },
  // A machine's page (issue 24): the page's figures and the timeline's first page. `:id` is the path's
  // (domain/routes.ts fillDataUrl).
  machine: {
    module: 'features/machines/routes/machine.tsx',
    namespaces: ['machines', 'equipment', 'schedule'],
    data: ['/api/equipment/:id/page', `/api/equipment/:id/history?limit=${TIMELINE_PAGE}`],
  },
  printLabels: { module: 'features/field/routes/print-labels.tsx', namespaces: ['field'] },
  inspections: {
    module: 'features/inspections/routes/inspections.tsx',
    namespaces: ['inspections', 'equipment'],
  },
  inspectionReport: {
    module: 'features/inspections/routes/inspection-report.tsx',
    namespaces: ['inspections', 'equipment'],
  },
  // Work orders, parts and costs (issue 27).
  workOrders: {
    module: 'features/work-orders/routes/work-orders.tsx',
    namespaces: ['workOrders'],
  },
  workOrder: {
    module: 'features/work-orders/routes/work-order.tsx',
    namespaces: ['workOrders'],
  },
  costs: { module: 'features/work-orders/routes/costs.tsx', namespaces: ['workOrders'] },
  // Maintenance programs (issue 40): task templates applied to many machines.
  programs: { module: 'features/schedule/routes/programs.tsx', namespaces: ['schedule'] },
  // Fleet insight (issue 45): utilisation; costs, fuel and downtime to come.
  reports: { module: 'features/reports/routes/reports.tsx', namespaces: ['reports', 'equipment'] },
  parts: { module: 'features/work-orders/routes/parts.tsx', namespaces: ['workOrders'] },
  // API keys and webhooks (issue 29): the owner's, from Settings.
  integrations: {
    module: 'features/integrations/routes/integrations.tsx',
    namespaces: ['integrations'],
  },
  adminAccounts: { module: 'features/admin/routes/admin-accounts.tsx', namespaces: ['admin'] },
  adminOutbox: { module: 'features/admin/routes/admin-outbox.tsx', namespaces: ['admin'] },
} as const satisfies Record<string, PageSpec>;

export type PageName = keyof typeof PAGES;

/** The signed-in frame (header, menus) around every signed-in page. */
export const LAYOUT: PageSpec = {
  module: 'app/layout/app-layout.tsx',
  // messages: every server message by key (lib/translate-message.ts), for every signed-in page.
  namespaces: ['shell', 'messages'],
  data: ['/api/auth/user'],
};

export { matchesPattern, routeTableFor, type RouteTableName };

/** Path patterns (react-router syntax) and their pages; the first match wins, `*` last. */
export const ROUTE_TABLES: Record<RouteTableName, readonly (readonly [string, PageName])[]> = {
  signedOut: [
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/forgot-password', 'forgotPassword'],
    ['/employee-login', 'operatorLogin'],
    ['/operator', 'operatorLogin'],
    ['/simple-operator', 'operatorLogin'],
    // A machine's sticker (issue 13): sign in as an operator, then back to it.
    ['/m/:id', 'operatorLogin'],
    ['*', 'landing'],
  ],
  operator: [
    ['/profile', 'profile'],
    ['*', 'operatorScreen'],
  ],
  // A technician (issue 27): their work orders, on a phone.
  technician: [
    ['/profile', 'profile'],
    ['/work-orders/:id', 'workOrder'],
    // A machine's sticker: that machine's open work orders (issue 43).
    ['/m/:id', 'workOrders'],
    ['*', 'workOrders'],
  ],
  manager: [
    ['/', 'dashboard'],
    ['/equipment/:status', 'equipmentByStatus'],
    ['/add-equipment', 'addEquipment'],
    ['/add', 'addEquipment'],
    ['/equipment-list', 'equipmentList'],
    ['/labels', 'printLabels'],
    ['/machines/:id', 'machine'],
    // A machine's sticker scanned by an owner or a manager opens its page (issue 24).
    ['/m/:id', 'machine'],
    ['/import', 'importData'],
    ['/inspections', 'inspections'],
    ['/inspections/report/:id', 'inspectionReport'],
    ['/employees', 'employees'],
    ['/subscription', 'subscription'],
    ['/checkout/:sessionId', 'checkout'],
    ['/retired-equipment', 'retiredEquipment'],
    ['/due-soon', 'dueSoon'],
    ['/work-orders', 'workOrders'],
    ['/work-orders/:id', 'workOrder'],
    ['/parts', 'parts'],
    ['/costs', 'costs'],
    ['/programs', 'programs'],
    ['/reports', 'reports'],
    ['/instructions', 'instructions'],
    ['/contact', 'contact'],
    ['/profile', 'profile'],
    ['/security-questions', 'securityQuestions'],
    ['/settings', 'settings'],
    ['/integrations', 'integrations'],
    ['*', 'notFound'],
  ],
  platformAdmin: [
    ['/admin-accounts', 'adminAccounts'],
    ['/admin-outbox', 'adminOutbox'],
    ['/profile', 'profile'],
  ],
};

/** The page a path shows in a table with the path's parameters, or null (no catch-all for it). */
export function routeFor(
  table: RouteTableName,
  pathname: string,
): { page: PageName; params: Record<string, string> } | null {
  const match = matchRoute(ROUTE_TABLES[table], pathname);
  return match ? { page: match.value, params: match.params } : null;
}

/** The page a path shows in a table, or null (the table has no catch-all for it). */
export function pageFor(table: RouteTableName, pathname: string): PageName | null {
  return routeFor(table, pathname)?.page ?? null;
}
