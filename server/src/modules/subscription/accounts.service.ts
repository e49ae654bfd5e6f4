/** The platform admin's list of business accounts. */
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminAccountsPage, AdminAccountsQuery } from '@domain/schemas/subscription';
import * as sm from '@domain/subscription';
import { company, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { subscriptionColumns, stateOf, iso } from './state';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every business account for the platform admin: never any password or secret. */
export async function listAccounts(deps: Deps, q: AdminAccountsQuery): Promise<AdminAccountsPage> {
  const now = deps.now();
  const owner = deps.db
    .select({
      companyId: user.companyId,
      email: sql<string | null>`min(${user.email})`.as('email'),
    })
    .from(user)
    .where(eq(user.role, 'owner'))
    .groupBy(user.companyId)
    .as('owner');
  const where = q.search
    ? or(
        ilike(company.name, `%${escapeLike(q.search)}%`),
        ilike(owner.email, `%${escapeLike(q.search)}%`),
      )
    : undefined;
  const [totalRow] = await deps.db
    .select({ n: count() })
    .from(company)
    .leftJoin(owner, eq(owner.companyId, company.id))
    .where(where);
  const rows = await deps.db
    .select({
      id: company.id,
      name: company.name,
      email: owner.email,
      ...subscriptionColumns,
      createdAt: company.createdAt,
    })
    .from(company)
    .leftJoin(owner, eq(owner.companyId, company.id))
    .where(where)
    .orderBy(desc(company.createdAt), company.id)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    items: rows.map((r) => {
      const s = sm.advance(stateOf(r), now);
      const expiry =
        s.status === 'paused'
          ? s.pauseEndDate
          : s.status === 'trial' || s.billingInterval === null
            ? s.trialEndDate
            : s.subscriptionEndDate;
      return {
        id: r.id,
        businessName: r.name,
        email: r.email,
        tier: s.tier,
        status: s.status,
        equipmentLimit: s.equipmentLimit,
        expiry: iso(expiry),
        createdAt: r.createdAt.toISOString(),
      };
    }),
    total: Number(totalRow?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
