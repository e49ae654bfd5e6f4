/**
 * What the fleet report tests share (issue 44): a GET of one report that must answer 200, a company
 * made paying (the trial would end before the months of use are written), and the access and
 * bad-input checks every report makes. Used by modules/reports/*.test.ts and the digest tests.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { PLANS, type Tier } from '@domain/plans';
import type { CreatedApiKeyDto } from '@domain/schemas/integrations';
import { company } from '../db/schema/index';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signupOwner,
  type SignedIn,
} from './factories';
import type { TestApp } from './helpers';

/** Makes the company a paying one on `tier` (basic unless told) until `until` (an ISO date). */
export async function makePaying(
  t: TestApp,
  companyId: string,
  until = '2026-12-31',
  tier: Tier = 'basic',
) {
  await t.deps.systemDb
    .update(company)
    .set({
      subscriptionStatus: 'active',
      subscriptionTier: tier,
      equipmentLimit: PLANS[tier].equipmentLimit,
      billingInterval: 'monthly',
      subscriptionEndDate: new Date(`${until}T00:00:00Z`),
    })
    .where(eq(company.id, companyId));
}

/**
 * A paying owner on March 1, 2026 (UTC) with a diesel loader counting hours from 100 (plus `extra`
 * fields): where the fuel tests start.
 */
export async function ownerWithLoader(t: TestApp, extra: Record<string, unknown> = {}) {
  t.clock.set(new Date('2026-03-01T15:00:00Z'));
  const o = await signupOwner(t.app);
  await makePaying(t, o.companyId);
  const loader = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Loader',
    type: 'machinery',
    unit: 'hours',
    currentUsage: 100,
    fuelType: 'diesel',
    ...extra,
  });
  return { o, loader };
}

/** GET /api/reports/<name><query> as `o`, expecting 200; the report's body. */
export const reportOf =
  <R>(t: () => TestApp, name: string) =>
  async (o: SignedIn, query = ''): Promise<R> => {
    const res = await call(t().app, o.cookie, 'GET', `/api/reports/${name}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<R>();
  };

/**
 * The report answers a read API key (its body returned), refuses an operator (403) and a machine of
 * another company (404).
 */
export async function checkReportAccess<R>(
  t: TestApp,
  o: SignedIn,
  name: string,
  { keyQuery = '', equipmentId }: { keyQuery?: string; equipmentId: string },
): Promise<R> {
  const key = await call(t.app, o.cookie, 'POST', '/api/api-keys', {
    name: 'BI export',
    scopes: ['read'],
  });
  expect(key.statusCode, key.body).toBe(201);
  const byKey = await t.app.inject({
    method: 'GET',
    url: `/api/reports/${name}${keyQuery}`,
    headers: { authorization: `Bearer ${key.json<CreatedApiKeyDto>().token}` },
  });
  expect(byKey.statusCode, byKey.body).toBe(200);

  const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
    now: t.deps.now(),
  });
  expect((await call(t.app, op.cookie, 'GET', `/api/reports/${name}`)).statusCode).toBe(403);
  const other = await signupOwner(t.app);
  const foreign = await call(
    t.app,
    other.cookie,
    'GET',
    `/api/reports/${name}?equipmentId=${equipmentId}`,
  );
  expect(foreign.statusCode).toBe(404);
  return byKey.json<R>();
}

/** A query the report refuses: 400 with the message key on the field (and the English message). */
export const badReportQuery =
  (t: TestApp, o: SignedIn, name: string) =>
  async (query: string, key: string, field: string, message?: string) => {
    const res = await call(t.app, o.cookie, 'GET', `/api/reports/${name}${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ key, fieldErrors: { [field]: expect.any(String) } });
    if (message) expect(res.json().message).toBe(message);
  };

/** The bad periods and filters every report refuses (a period over five years starts at `tooLongFrom`). */
export async function checkBadPeriods(
  bad: ReturnType<typeof badReportQuery>,
  tooLong: string,
): Promise<void> {
  await bad('?from=2026-03-30&to=2026-03-01', 'reports.fromAfterTo', 'from');
  await bad(tooLong, 'reports.periodTooLong', 'from', 'A report covers at most 1,827 days.');
  await bad('?to=2026-05-01', 'reports.futureEnd', 'to');
  await bad('?from=2026-02-30', 'equipment.dateInvalid', 'from');
  await bad('?type=spaceship', 'query.oneOf', 'type');
}
