import type { FastifyInstance, RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend';

const OURS = Symbol('hooks added by hookRoutes, per hook name');
type Counted = RouteOptions & { [OURS]?: Partial<Record<HookName, number>> };

/**
 * Adds a hook to the routes it matters for, chosen once when each route is added, instead of to
 * every request (a static file or the app's page never runs the API's session, access and
 * entitlement hooks; a GET never runs the cross-site check). Hooks added here run in the order they
 * were registered and before any hook a route declares itself. Register before the routes.
 */
export function hookRoutes(
  app: FastifyInstance,
  name: HookName,
  appliesTo: (route: RouteOptions) => boolean,
  hook: unknown,
): void {
  app.addHook('onRoute', (route: Counted) => {
    if (!appliesTo(route)) return;
    const own = route[name] as unknown;
    const list: unknown[] = own === undefined ? [] : Array.isArray(own) ? [...own] : [own];
    const counts = (route[OURS] ??= {});
    const at = counts[name] ?? 0;
    list.splice(at, 0, hook);
    counts[name] = at + 1;
    (route as unknown as Record<HookName, unknown>)[name] = list;
  });
}

/** Routes of the API (everything under /api). */
export const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api');

/** Methods that change nothing (the cross-site check, the session cache and entitlement let them pass). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Whether a route answers a method that may change something. */
export const changesState = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((m) => !SAFE_METHODS.has(m));

const TABLES = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * Keeps Fastify's own route table (every route as added, its config and schema) for the checks that
 * compare it with the OpenAPI document (openapi.ts). Register before the routes.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteOptions[] = [];
  TABLES.set(app, table);
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
}

/** The routes added to the app since recordRouteTable (HEAD routes Fastify adds for GET included). */
export const routeTableOf = (app: FastifyInstance): readonly RouteOptions[] =>
  TABLES.get(app) ?? [];
