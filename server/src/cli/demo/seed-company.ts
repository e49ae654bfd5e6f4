import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { periodEnd } from '@domain/subscription';
import type { Db } from '../../db/client';
import { company, user } from '../../db/schema/index';
import { SESSION_COOKIE } from '../../plugins/session';
import { Actor, PHONES } from './actor';
import type { DemoClock } from './clock';
import { OPERATORS } from './data';
import type { DemoOptions } from './options';
import type { Demo } from './context';
import { addDays, isoDate, TIME_ZONE } from './time';

export const DEMO_OWNER_EMAIL = 'owner@demo.example.com';
export const DEMO_TECHNICIAN_EMAIL = 'technician@demo.example.com';
export const DEMO_BUSINESS_NAME = 'Demo Construction';

/** The demo company made by an earlier run (its owner has the demo email and it has the demo name). */
export async function findEarlierDemo(db: Db) {
  const rows = await db
    .select({ id: company.id, createdAt: company.createdAt })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(
      and(
        eq(sql`lower(${user.email})`, DEMO_OWNER_EMAIL),
        eq(sql`lower(${company.name})`, DEMO_BUSINESS_NAME.toLowerCase()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The company: signed up by its owner, on a paying plan, with the shared operator password and four
 * operators, each signing in on their own phone.
 */
export async function seedCompany(
  app: FastifyInstance,
  db: Db,
  clock: DemoClock,
  now: Date,
  options: DemoOptions,
): Promise<{ owner: Actor; operators: Actor[] }> {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      businessName: DEMO_BUSINESS_NAME,
      timeZone: TIME_ZONE,
      email: DEMO_OWNER_EMAIL,
      password: options.ownerPassword,
    },
  });
  if (signup.statusCode !== 201)
    throw new Error(`Could not create the demo company: ${signup.statusCode} ${signup.body}`);
  const companyId = signup.json<{ companyId: string }>().companyId;
  // The sign-up's own session is not used: the owner signs in like everyone else (Actor).
  const signupSid = signup.cookies.find((c) => c.name === SESSION_COOKIE);
  if (signupSid)
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${SESSION_COOKIE}=${signupSid.value}` },
    });
  const owner = new Actor(app, clock.now, 'owner', {
    url: '/api/auth/login',
    body: { emailOrBusinessName: DEMO_OWNER_EMAIL, password: options.ownerPassword },
  });

  // A paying Professional plan (30 machines): the demo has 25 (a bigger fleet: Enterprise, no limit),
  // billed monthly: it renews at the end of the current month-long period, like a checkout made today.
  const fleet = options.fleet;
  await db
    .update(company)
    .set({
      subscriptionStatus: 'active',
      subscriptionTier: fleet > 30 ? 'enterprise' : 'professional',
      equipmentLimit: fleet > 65 ? -1 : fleet > 30 ? 65 : 30,
      subscriptionEndDate: periodEnd(now, 'month'),
      billingInterval: 'month',
    })
    .where(eq(company.id, companyId));

  await owner.call('POST', '/api/company-settings', { masterPassword: options.operatorPassword });
  const operators: Actor[] = [];
  for (const [i, o] of OPERATORS.entries()) {
    const res = await owner.call('POST', '/api/employees', o);
    const username = res.json<{ operatorUsername: string }>().operatorUsername;
    operators.push(
      new Actor(
        app,
        clock.now,
        username,
        {
          url: '/api/employee/login',
          body: { operatorName: username, password: options.operatorPassword },
        },
        PHONES[i % PHONES.length],
      ),
    );
  }
  return { owner, operators };
}

/**
 * The company's fuel prices (issue 45), so that fuel has a cost in the reports and on the machine
 * pages: diesel and gas from the demo's first day, and diesel dearer from its 46th (each fill-up is
 * valued at the price in force on its day).
 */
export async function seedFuelPrices({ clock, start, owner }: Demo) {
  const prices = [
    { fuelType: 'diesel', price: 3.89, day: 0 },
    { fuelType: 'gas', price: 3.29, day: 0 },
    { fuelType: 'diesel', price: 4.09, day: 45 },
  ];
  const at = clock.at;
  for (const p of prices) {
    // A price may not start after the company's today: each is entered on its first day.
    clock.at = addDays(start, p.day);
    await owner.call('POST', '/api/fuel-prices', {
      fuelType: p.fuelType,
      price: p.price,
      volumeUnit: 'gal',
      from: isoDate(clock.at),
    });
  }
  clock.at = at;
}
