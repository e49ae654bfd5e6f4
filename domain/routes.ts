/**
 * How a URL is matched to a screen, shared by the client's router tables (client/src/app/route-table.ts)
 * and the server, which announces the first screen's files in the app page (server/src/lib/index-html.ts).
 */

/** The route tables: one per kind of user (spec section 6: what each role may open). */
export type RouteTableName = 'signedOut' | 'operator' | 'technician' | 'manager' | 'platformAdmin';

/** Which table a role (from the server's answer, or the signed-in hint cookie) uses. */
export function routeTableFor(role: string | null | undefined): RouteTableName {
  if (role === 'operator') return 'operator';
  if (role === 'platform_admin') return 'platformAdmin';
  if (role === 'technician') return 'technician';
  if (role === 'owner' || role === 'manager') return 'manager';
  return 'signedOut';
}

/**
 * The path parameters a react-router style pattern (`/a/:id`, `*`) takes from a path (trailing slash
 * ignored), or null when it does not match.
 */
export function paramsOf(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, seg] of want.entries()) {
    const value = got[i] ?? '';
    if (seg.startsWith(':')) params[seg.slice(1)] = value;
    else if (seg !== value) return null;
  }
  return params;
}

/** Whether a react-router style pattern (`/a/:id`, `*`) matches a path (trailing slash ignored). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return paramsOf(pattern, pathname) !== null;
}

/**
 * The first of `routes` (pattern, value) whose pattern matches the path: its index, its value and the
 * path's parameters; null when none does. The client's route tables and the server's preload map both
 * pick a route with it.
 */
export function matchRoute<T>(
  routes: readonly (readonly [string, T])[],
  pathname: string,
): { index: number; value: T; params: Record<string, string> } | null {
  for (const [index, [pattern, value]] of routes.entries()) {
    const params = paramsOf(pattern, pathname);
    if (params) return { index, value, params };
  }
  return null;
}

/** What a path parameter may be to go into a first screen's data URL: an id (letters, digits, `-`, `_`). */
const SAFE_PARAM = /^[\w-]{1,64}$/;

/**
 * A first screen's data URL with its `:name` parameters filled in from the path's (`/api/equipment/:id/page`
 * on /machines/42 is `/api/equipment/42/page`), or null when one is missing or is not an id (such a path
 * cannot name a record, so nothing is fetched ahead for it).
 */
export function fillDataUrl(url: string, params: Record<string, string>): string | null {
  let ok = true;
  const filled = url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || !SAFE_PARAM.test(value)) ok = false;
    return value ?? '';
  });
  return ok ? filled : null;
}

/**
 * The fetch priority of every `<link rel="modulepreload">` in the app page (the build's and the
 * server's): scripts never block the first paint, so they yield to the stylesheet and the data calls.
 */
export const MODULEPRELOAD_PRIORITY = 'fetchpriority="low"';
