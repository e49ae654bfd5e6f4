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

/** Whether a react-router style pattern (`/a/:id`, `*`) matches a path (trailing slash ignored). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return (
    want.length === got.length && want.every((seg, i) => seg.startsWith(':') || seg === got[i])
  );
}

/**
 * The fetch priority of every `<link rel="modulepreload">` in the app page (the build's and the
 * server's): scripts never block the first paint, so they yield to the stylesheet and the data calls.
 */
export const MODULEPRELOAD_PRIORITY = 'fetchpriority="low"';
