import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  advance,
  entitlement,
  notEntitledMessage,
  type SubscriptionState,
} from '@domain/subscription';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { hookRoutes, isApiRoute, SAFE_METHODS } from './route-hooks';
import type { CompanyContext, CompanyState } from './session';

/** Writes a company that is not entitled may still make: signing out and everything about billing. */
const ALWAYS_ALLOWED = [
  '/api/auth/logout',
  '/api/subscription',
  '/api/create-checkout-session',
  '/api/checkout/',
  '/api/stripe/webhook',
];
/** The subscription columns of a company the plugin hands to `stateOf` (the cached sign-in's). */
export type SubscriptionColumns = {
  subscriptionStatus: string;
  subscriptionTier: string;
  equipmentLimit: number;
  billingInterval: string | null;
  trialEndDate: Date | null;
  subscriptionEndDate: Date | null;
  pauseEndDate: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * What the plugin needs of the subscription module, handed to it by app.ts (the subscription module's
 * `stateOf` and `refreshCompany`): a plugin never imports a module (plugins sit below modules;
 * server/src/architecture.test.ts).
 */
export type SubscriptionSource = {
  /** A company's subscription state from its columns (pure: run once per cached sign-in). */
  stateOf: (c: SubscriptionColumns) => SubscriptionState;
  /** Reads the company and applies (and writes) the transitions time alone causes. */
  refresh: (
    db: Db,
    companyId: string,
    now: Date,
  ) => Promise<{ row: { name: string }; state: SubscriptionState }>;
};

const isAlwaysAllowed = (url: string) =>
  ALWAYS_ALLOWED.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`));

/**
 * Entitlement (decisions.md, Subscription): a company whose trial ended, or that is canceled,
 * expired or paused can sign in, read, export and reach billing, but every other write is refused
 * with 403 `not_entitled` and a message that says why and what to do. Time-based transitions
 * (trial end, automatic reactivation at pauseEndDate, end of a canceled period) are applied here,
 * lazily, the first time the company is seen after they fall due.
 */
export function registerEntitlement(
  app: FastifyInstance,
  deps: Deps,
  { stateOf, refresh: refreshCompany }: SubscriptionSource,
) {
  const states = new WeakMap<CompanyState, SubscriptionState>();
  // Only on the API's routes that need a sign-in; a company in good standing passes without a promise.
  hookRoutes(
    app,
    'preValidation',
    (r) => isApiRoute(r) && (r.config as { access?: unknown } | undefined)?.access !== 'public',
    (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const auth = req.auth;
      if (!auth?.companyId || !auth.company) return done();
      const now = deps.now();
      const c = auth.company;
      // The company object is the cached sign-in's (plugins/session.ts): its state is derived once.
      let quick = states.get(c);
      if (!quick) {
        quick = stateOf({
          subscriptionStatus: c.subscriptionStatus,
          subscriptionTier: c.subscriptionTier,
          equipmentLimit: c.equipmentLimit,
          billingInterval: null,
          trialEndDate: c.trialEndDate,
          subscriptionEndDate: c.subscriptionEndDate,
          pauseEndDate: c.pauseEndDate,
          cancelAtPeriodEnd: c.cancelAtPeriodEnd,
        });
        states.set(c, quick);
      }
      const due = advance(quick, now) !== quick;
      const isWrite = !SAFE_METHODS.has(req.method);
      if (!due && (!isWrite || entitlement(quick, now).entitled)) return done();

      // Something is due or the write may be refused: read the whole row (rare).
      refresh(req, auth as CompanyContext, now, isWrite).then(() => done(), done);
    },
  );

  async function refresh(req: FastifyRequest, auth: CompanyContext, now: Date, isWrite: boolean) {
    const c = auth.company;
    const { row, state } = await refreshCompany(deps.db, auth.companyId, now);
    auth.company = {
      ...c,
      subscriptionStatus: state.status,
      subscriptionTier: state.tier,
      equipmentLimit: state.equipmentLimit,
      trialEndDate: state.trialEndDate,
      subscriptionEndDate: state.subscriptionEndDate,
      pauseEndDate: state.pauseEndDate,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      name: row.name,
    };
    if (!isWrite || isAlwaysAllowed(req.routeOptions.url ?? req.url)) return;
    const ent = entitlement(state, now);
    if (!ent.entitled) {
      const m = notEntitledMessage(ent.reason, state.pauseEndDate);
      throw new AppError('not_entitled', m ? `subscription.${m.name}` : 'common.forbidden', {
        params: m?.params,
      });
    }
  }
}
