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

/** A page's spec: its module is `features/<feature>/routes/<file>.tsx`. */
function page(
  feature: string,
  file: string,
  namespaces: readonly string[],
  data?: readonly string[],
): PageSpec {
  const module = `features/${feature}/routes/${file}.tsx`;
  return data ? { module, namespaces, data } : { module, namespaces };
}

const AUTH = ['auth', 'messages'];

/** Every page: its module under client/src and the namespaces it shows. */
export const PAGES = {
  landing: page('pages', 'landing', ['pages']),
  instructions: page('pages', 'instructions', ['pages']),
  contact: page('pages', 'contact', ['pages']),
  notFound: page('pages', 'not-found', ['pages']),
  settings: page('pages', 'settings', ['pages']),
  login: page('auth', 'login', AUTH),
  signup: page('auth', 'signup', AUTH),
  forgotPassword: page('auth', 'forgot-password', AUTH),
  securityQuestions: page('auth', 'security-questions', AUTH),
  profile: page('profile', 'profile', ['profile', 'maintenance']),
  // The tiles and first overview page, the operator updates card (and which updates have a photo),
  // the history card.
  dashboard: page(
    'dashboard',
    'dashboard',
    ['dashboard', 'equipment', 'field', 'inspections'],
    [
      '/api/dashboard/overview?limit=50',
      `/api/operator-updates?limit=${UPDATES_PAGE}`,
      '/api/field/photos',
      '/api/equipment-history?limit=50',
    ],
  ),
  equipmentList: page('equipment', 'equipment-list', ['equipment', 'field', 'schedule']),
  equipmentByStatus: page('equipment', 'equipment-by-status', ['equipment', 'field']),
  addEquipment: page('equipment', 'add-equipment', ['equipment', 'schedule']),
  retiredEquipment: page('equipment', 'retired-equipment', ['equipment']),
  dueSoon: page('maintenance', 'due-soon', ['maintenance', 'equipment', 'schedule']),
  importData: page('import', 'import', ['import']),
  employees: page('operators', 'employees', ['operators', 'workOrders']),
  operatorLogin: page('operators', 'operator-login', ['operators', 'messages']),
  operatorScreen: page(
    'operators',
    'operator-screen',
    ['operators', 'field', 'inspections'],
    ['/api/field/machines'],
  ),
  subscription: page('subscription', 'subscription', ['subscription']),
  checkout: page('subscription', 'checkout', ['subscription']),
  // A machine's page (issue 24): the page's figures and the timeline's first page. `:id` is the path's
  // (domain/routes.ts fillDataUrl).
  machine: page(
    'machines',
    'machine',
    ['machines', 'equipment', 'schedule'],
    ['/api/equipment/:id/page', `/api/equipment/:id/history?limit=${TIMELINE_PAGE}`],
  ),
  printLabels: page('field', 'print-labels', ['field']),
  inspections: page('inspections', 'inspections', ['inspections', 'equipment']),
  inspectionReport: page('inspections', 'inspection-report', ['inspections', 'equipment']),
  // Work orders, parts and costs (issue 27).
  workOrders: page('work-orders', 'work-orders', ['workOrders']),
  workOrder: page('work-orders', 'work-order', ['workOrders']),
  costs: page('work-orders', 'costs', ['workOrders']),
  // Maintenance programs (issue 40): task templates applied to many machines.
  programs: page('schedule', 'programs', ['schedule']),
  // Fleet insight (issue 45): utilisation; costs, fuel and downtime to come.
  reports: page('reports', 'reports', ['reports', 'equipment']),
  parts: page('work-orders', 'parts', ['workOrders']),
  // API keys and webhooks (issue 29): the owner's, from Settings.
  integrations: page('integrations', 'integrations', ['integrations']),
  adminAccounts: page('admin', 'admin-accounts', ['admin']),
  adminOutbox: page('admin', 'admin-outbox', ['admin']),
} satisfies Record<string, PageSpec>;

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
