import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { asSystem } from '../db/scope';
import { company } from '../db/schema/index';
import { eq } from 'drizzle-orm';
import type { Actor } from './demo/actor';
import { DemoClock } from './demo/clock';
import type { Demo } from './demo/context';
import { MACHINES } from './demo/data';
import { readOptions } from './demo/options';
import {
  DEMO_BUSINESS_NAME,
  DEMO_OWNER_EMAIL,
  DEMO_TECHNICIAN_EMAIL,
  findEarlierDemo,
  seedCompany,
  seedFuelPrices,
} from './demo/seed-company';
import { seedMachines, seedReadings, seedServiceLog } from './demo/seed-equipment';
import { seedBigFleet, seedRetired } from './demo/seed-fleet';
import { seedWorkOrders } from './demo/seed-work-orders';
import { addDays, DAYS } from './demo/time';

/**
 * npm run demo: fills the database (DATA_DIR / DATABASE_URL, like the server) with a demo company
 * through the real API and services: 25 machines across every status, four operators, three months
 * of readings, fuel and notes, and a few updates waiting for review. Prints how to sign in.
 *
 * Time is simulated with the app's injectable clock (the same one the tests use): the company starts
 * 90 days ago and the last reading is from just now. Sign-ins expire by that clock like any other, so
 * every person in the demo signs in with their own credentials and signs in again when the session the
 * server gave them is half used up (see Actor).
 *
 * There is one demo company per database (owner@demo.example.com, "Demo Construction"). Running the
 * demo again replaces it (its data and sign-ins are deleted) with a fresh one, so the dates stay
 * current and the printed passwords are the ones that work. Other companies are never touched.
 *
 * Passwords: generated and printed, or given with --owner-password / --operator-password
 * (or DEMO_OWNER_PASSWORD / DEMO_OPERATOR_PASSWORD).
 * `--machines 2000` adds generated machines (no readings) up to that fleet size on an Enterprise
 * plan with no equipment limit: for trying the bounded lists with a big fleet.
 */
async function main() {
  const options = readOptions(process.argv.slice(2), process.env);
  const fleet = options.fleet;
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
  });
  // The demo ends now: the company was made 90 days ago, the last readings are from the last hours.
  const now = new Date();
  const start = addDays(now, -DAYS);
  const clock = new DemoClock(start);
  const { app, deps } = await buildApp({
    config,
    database,
    clientDir: null,
    logger: false,
    now: clock.now,
  });
  await app.ready();
  const actors: Actor[] = [];
  try {
    // One demo company per database: an earlier one is replaced (ON DELETE CASCADE takes its data).
    const earlier = await findEarlierDemo(deps.db);
    if (earlier) await deps.db.delete(company).where(eq(company.id, earlier.id));

    const { owner, operators } = await seedCompany(app, deps.db, clock, now, options);
    actors.push(owner, ...operators);
    const demo: Demo = { app, clock, now, start, owner, operators };

    await seedFuelPrices(demo);
    const plans = await seedMachines(demo);
    const updates = await seedReadings(demo, plans);
    await seedServiceLog(demo, plans);
    await seedWorkOrders(demo, plans, options.ownerPassword);
    await seedRetired(demo);
    await seedBigFleet(demo, fleet);

    const url = `http://localhost:${config.PORT}`;
    const where =
      database.kind === 'pglite'
        ? `the data directory ${config.dataDir}`
        : 'the DATABASE_URL database';
    const lines = [
      '',
      earlier
        ? `Replaced the demo company made ${earlier.createdAt.toISOString().slice(0, 10)} (its data and sign-ins are gone).`
        : null,
      `Demo company ready in ${where}: ${fleet === MACHINES.length ? `${fleet} machines with` : `${fleet} machines (${MACHINES.length} with`} three months of readings, fuel and notes${fleet === MACHINES.length ? '' : ')'},`,
      `4 operators, ${updates} operator updates (3 waiting for review).`,
      `Start the app with the same settings (npm start) and sign in at ${url}:`,
      '',
      `  Owner      ${url}/login`,
      `             email: ${DEMO_OWNER_EMAIL}  (or business name: ${DEMO_BUSINESS_NAME})`,
      `             password: ${options.ownerPassword}`,
      `  Technician ${url}/login  (email: ${DEMO_TECHNICIAN_EMAIL}, the owner's password)`,
      `  Operators  ${url}/employee-login`,
      `             usernames: ${operators.map((o) => o.label).join(', ')}`,
      `             shared operator password: ${options.operatorPassword}`,
      '',
      'Running npm run demo again replaces this demo company with a fresh one (new passwords).',
      '',
    ];
    console.info(lines.filter((l) => l !== null).join('\n'));
  } finally {
    clock.at = new Date();
    for (const a of actors) await a.signOut().catch(() => undefined);
    await app.close();
    await database.close();
  }
}

asSystem(main).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
