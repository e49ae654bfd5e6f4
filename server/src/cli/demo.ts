import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { company } from '../db/schema/index';
import { cookieFrom } from '../test/helpers';
import { call, signupOwner } from '../test/factories';

/**
 * npm run demo: fills the database (DATA_DIR / DATABASE_URL, like the server) with a demo company
 * through the real API and services: ~25 machines across every status, four operators, three months
 * of readings, fuel and notes, and a few updates waiting for review. Prints the owner's sign-in.
 * Time is simulated with the app's injectable clock (the same one the tests use).
 * `npm run demo -- --machines 2000` adds generated machines (no readings) up to that fleet size on an
 * Enterprise plan with no equipment limit: for trying the bounded lists with a big fleet.
 */
type Machine = {
  name: string;
  type: 'vehicle' | 'machinery' | 'tools' | 'other';
  unit: 'hours' | 'miles' | 'kilometers' | 'n/a';
  fuelType: 'gasoline' | 'diesel' | 'n/a';
  interval: number;
  /** Usage percentage of the service interval at the end of the demo. */
  endPct: number;
  /** Scheduled maintenance: days from today to the next maintenance date. */
  dueInDays?: number;
  serial?: string;
};

const MACHINES: Machine[] = [
  {
    name: 'CAT 320 Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 35,
  },
  {
    name: 'John Deere 310L Backhoe',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 52,
  },
  {
    name: 'Bobcat S650 Skid Steer',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 200,
    endPct: 18,
  },
  {
    name: 'Ford F-250 Pickup #1',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    interval: 5000,
    endPct: 44,
  },
  {
    name: 'Ford F-250 Pickup #2',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    interval: 5000,
    endPct: 66,
  },
  {
    name: 'Kubota KX040 Mini Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 27,
    dueInDays: 40,
  },
  {
    name: 'Honda EU7000 Generator',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 100,
    endPct: 61,
  },
  {
    name: 'Husqvarna Chainsaw 572',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 50,
    endPct: 12,
  },
  {
    name: 'Isuzu NPR Box Truck',
    type: 'vehicle',
    unit: 'kilometers',
    fuelType: 'diesel',
    interval: 10000,
    endPct: 71,
  },
  {
    name: 'Genie S-65 Boom Lift',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 300,
    endPct: 40,
  },
  {
    name: 'Trailer 16ft Flatbed',
    type: 'other',
    unit: 'n/a',
    fuelType: 'n/a',
    interval: 0,
    endPct: 0,
    dueInDays: 60,
  },
  {
    name: 'Stihl Concrete Saw TS420',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 0,
    endPct: 0,
  },
  // Service soon (80 to below 100 %, or a date within 7 days)
  {
    name: 'Volvo L60H Wheel Loader',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 84,
  },
  {
    name: 'Chevy Silverado 2500',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    interval: 5000,
    endPct: 91,
  },
  {
    name: 'Wacker Neuson Plate Compactor',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 100,
    endPct: 96,
  },
  {
    name: 'Toro Dingo TX 1000',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 200,
    endPct: 30,
    dueInDays: 5,
  },
  {
    name: 'JCB 3CX Backhoe',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 500,
    endPct: 88,
  },
  // Service due (100 to below 110 %, or a date within a day)
  {
    name: 'Case 580 Super N',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 103,
  },
  {
    name: 'Ram 3500 Dump Truck',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'diesel',
    interval: 6000,
    endPct: 107,
  },
  {
    name: 'Lincoln Ranger Welder',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 150,
    endPct: 45,
    dueInDays: 1,
  },
  {
    name: 'Takeuchi TB290',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 101,
  },
  // Overdue (110 % and more, or a past date); some severely critical (125 % or 7+ days late)
  {
    name: 'Komatsu PC210 Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 116,
  },
  {
    name: 'Mack Granite Water Truck',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'diesel',
    interval: 6000,
    endPct: 132,
  },
  {
    name: 'Atlas Copco Air Compressor',
    type: 'tools',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 100,
    endPct: 60,
    dueInDays: -9,
  },
  {
    name: 'Hitachi ZX135 Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 127,
  },
];

const OPERATORS = [
  { firstName: 'Maria', lastName: 'Lopez' },
  { firstName: 'James', lastName: 'Carter' },
  { firstName: 'Ana', lastName: 'Torres' },
  { firstName: 'David', lastName: 'Kim' },
];
const NOTES = [
  'Checked oil and coolant',
  'Greased all fittings',
  'Tire pressure low, topped up',
  'Small hydraulic leak at the boom, watching it',
  'Cleaned the air filter',
  'Running well',
];
const MANAGER_NOTES = [
  'Ordered new filters',
  'Scheduled the dealer visit',
  'Moved to the north site',
  'Operator reported a rattle, inspected: loose guard fixed',
];

/** --machines N (or --machines=N): the fleet size wanted (at least the 25 demo machines, at most 10,000). */
function fleetSize(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--machines' || a.startsWith('--machines='));
  if (i < 0) return MACHINES.length;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < MACHINES.length || n > 10_000)
    throw new Error(`--machines must be a whole number from ${MACHINES.length} to 10000`);
  return n;
}

/** Generated machines for a big fleet: names, types and usage spread over every status. */
const MODELS: {
  name: string;
  type: Machine['type'];
  unit: Machine['unit'];
  fuelType: Machine['fuelType'];
  interval: number;
}[] = [
  { name: 'Excavator', type: 'machinery', unit: 'hours', fuelType: 'diesel', interval: 250 },
  { name: 'Wheel Loader', type: 'machinery', unit: 'hours', fuelType: 'diesel', interval: 250 },
  { name: 'Pickup', type: 'vehicle', unit: 'miles', fuelType: 'gasoline', interval: 5000 },
  { name: 'Dump Truck', type: 'vehicle', unit: 'kilometers', fuelType: 'diesel', interval: 10000 },
  { name: 'Generator', type: 'tools', unit: 'hours', fuelType: 'gasoline', interval: 100 },
  { name: 'Plate Compactor', type: 'tools', unit: 'hours', fuelType: 'gasoline', interval: 100 },
  { name: 'Light Tower', type: 'other', unit: 'hours', fuelType: 'diesel', interval: 200 },
  { name: 'Utility Trailer', type: 'other', unit: 'n/a', fuelType: 'n/a', interval: 0 },
];
const SITES = ['North', 'South', 'East', 'West', 'Central', 'Harbor', 'Airport', 'Quarry'];

const DAYS = 90;
const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
const password = () =>
  `Demo-${randomBytes(6).toString('base64url')}-${randomBytes(2).toString('hex')}`;

async function main() {
  const fleet = fleetSize(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
  });
  const today = new Date();
  today.setUTCHours(12, 0, 0, 0);
  const start = addDays(today, -DAYS);
  let clock = start;
  const { app, deps } = await buildApp({
    config,
    database,
    clientDir: null,
    logger: false,
    now: () => clock,
  });
  await app.ready();
  const expectOk = async (what: string, res: Awaited<ReturnType<typeof call>>) => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };
  try {
    const suffix = randomBytes(2).toString('hex');
    const ownerPassword = password();
    const owner = await signupOwner(app, {
      businessName: `Demo Construction ${suffix}`,
      email: `owner.${suffix}@demo.example.com`,
      password: ownerPassword,
    });
    // A paying Professional plan (30 machines): the demo has 25 (a bigger fleet: Enterprise, no limit).
    await deps.db
      .update(company)
      .set({
        subscriptionStatus: 'active',
        subscriptionTier: fleet > 30 ? 'enterprise' : 'professional',
        equipmentLimit: fleet > 65 ? -1 : fleet > 30 ? 65 : 30,
        subscriptionEndDate: addDays(today, 365),
        billingInterval: 'month',
      })
      .where(eq(company.id, owner.companyId));

    const shared = password();
    await expectOk(
      'company settings',
      await call(app, owner.cookie, 'POST', '/api/company-settings', { masterPassword: shared }),
    );
    const operators: { username: string; cookie: string }[] = [];
    for (const o of OPERATORS) {
      const res = await expectOk(
        'add operator',
        await call(app, owner.cookie, 'POST', '/api/employees', o),
      );
      const username = res.json<{ operatorUsername: string }>().operatorUsername;
      const login = await expectOk(
        'operator login',
        await call(app, null, 'POST', '/api/employee/login', {
          operatorName: username,
          password: shared,
        }),
      );
      operators.push({ username, cookie: cookieFrom(login) });
    }

    // Machines: their usage at the end is lastService + endPct % of the interval; readings climb there over 90 days.
    const plans: { id: string; m: Machine; u0: number; perDay: number; end: number }[] = [];
    for (const [i, m] of MACHINES.entries()) {
      const base = m.unit === 'hours' ? 400 + i * 137 : m.unit === 'n/a' ? 0 : 20_000 + i * 3_111;
      const end = round1(base + (m.interval * m.endPct) / 100);
      const climb = m.interval > 0 ? (m.interval * m.endPct) / 100 : m.unit === 'hours' ? 120 : 0;
      const perDay = (climb * 0.9) / DAYS;
      const u0 = round1(end - perDay * DAYS);
      const next = m.dueInDays !== undefined ? addDays(today, m.dueInDays) : null;
      const body = {
        name: m.name,
        type: m.type,
        serialNumber: m.serial ?? `SN-${(100_000 + i * 7_919).toString(36).toUpperCase()}`,
        unit: m.unit,
        fuelType: m.fuelType,
        currentUsage: u0,
        serviceInterval: m.interval,
        lastServiceUsage: m.interval > 0 ? round1(end - (m.interval * m.endPct) / 100) : 0,
        threshold: m.unit === 'hours' ? 10_000 : null,
        alertThreshold: 20,
        hasScheduledMaintenance: next !== null,
        // The server computes the next date (start + interval): 90 days before the wanted one.
        maintenanceStartDate: next ? isoDate(addDays(next, -90)) : null,
        maintenanceInterval: next ? 90 : null,
        maintenanceIntervalUnit: 'days',
        serviceParts:
          m.type === 'machinery'
            ? [{ part: 'Engine oil filter', partNumber: `OF-${i}`, qty: 1 }]
            : [],
        description: `${m.type === 'vehicle' ? 'Fleet vehicle' : 'Job-site equipment'} (demo data)`,
      };
      const res = await expectOk(
        `add ${m.name}`,
        await call(app, owner.cookie, 'POST', '/api/equipment', body),
      );
      plans.push({ id: res.json<{ id: string }>().id, m, u0, perDay, end });
    }

    // Three months of readings, fuel and notes by the four operators; a few manager notes.
    let updates = 0;
    for (let day = 1; day <= DAYS; day++) {
      for (const [i, p] of plans.entries()) {
        const last = day === DAYS;
        if (!last && (day + i) % 3 !== 0) continue;
        clock = new Date(addDays(start, day).getTime() - 4 * 3_600_000 + (i % 8) * 1_800_000);
        const op = operators[(day + i) % operators.length]!;
        const fuel = p.m.fuelType === 'n/a' ? 0 : round1(5 + ((day * 7 + i * 3) % 26));
        const body: Record<string, unknown> = { equipmentId: p.id, equipmentName: p.m.name };
        if (p.m.unit !== 'n/a') body.newUsage = last ? p.end : round1(p.u0 + p.perDay * day);
        if (fuel > 0) {
          body.fuelAdded = fuel;
          body.fuelType = p.m.fuelType === 'diesel' ? 'diesel' : 'gas';
        }
        if ((day + i) % 9 === 0 || (body.newUsage === undefined && fuel === 0))
          body.notes = NOTES[(day + i) % NOTES.length];
        await expectOk(
          `reading for ${p.m.name}`,
          await call(app, op.cookie, 'POST', '/api/operator-updates', body),
        );
        updates++;
      }
      if (day % 11 === 0) {
        const p = plans[(day / 11) % plans.length]!;
        clock = addDays(start, day);
        await expectOk(
          'manager note',
          await call(app, owner.cookie, 'POST', `/api/equipment/${p.id}/notes`, {
            content: MANAGER_NOTES[day % MANAGER_NOTES.length],
            type: 'note',
          }),
        );
      }
    }
    // Readings far above what the meter can do since the last one: held for the manager's review.
    clock = new Date(today.getTime() + 3_600_000);
    const held = plans.filter((p) => p.m.unit === 'hours' && p.m.interval > 0).slice(0, 3);
    for (const [i, p] of held.entries()) {
      await expectOk(
        'pending reading',
        await call(app, operators[i]!.cookie, 'POST', '/api/operator-updates', {
          equipmentId: p.id,
          newUsage: round1(p.end + 180 + i * 40),
          notes: 'Hour meter replaced?',
        }),
      );
      updates++;
    }

    // A big fleet (--machines): generated machines, no readings, spread over every status.
    clock = today;
    for (let k = 0; k < fleet - MACHINES.length; k++) {
      const m = MODELS[k % MODELS.length]!;
      const pct = (k * 37) % 140;
      const lastService =
        m.unit === 'hours' ? 200 + (k % 50) * 40 : m.unit === 'n/a' ? 0 : 10_000 + (k % 50) * 1_000;
      const body = {
        name: `${m.name} ${SITES[Math.floor(k / MODELS.length) % SITES.length]} #${String(Math.floor(k / (MODELS.length * SITES.length)) + 1).padStart(3, '0')}`,
        type: m.type,
        serialNumber: `SN-${(500_000 + k * 104_729).toString(36).toUpperCase()}`,
        unit: m.unit,
        fuelType: m.fuelType,
        currentUsage: round1(lastService + (m.interval * pct) / 100),
        serviceInterval: m.interval,
        lastServiceUsage: m.interval > 0 ? lastService : 0,
        threshold: m.unit === 'hours' ? 10_000 : null,
        description: 'Generated machine (demo data)',
      };
      await expectOk(
        `add ${body.name}`,
        await call(app, owner.cookie, 'POST', '/api/equipment', body),
      );
    }

    const lines = [
      '',
      `Demo company ready: ${fleet} machines (${MACHINES.length} with three months of readings, fuel and notes), 4 operators,`,
      `${updates} operator updates (3 waiting for review). Start the app (npm start) and sign in:`,
      '',
      `  Owner sign-in (/login)      email: ${owner.email}`,
      `                              business name: ${owner.businessName}`,
      `                              password: ${ownerPassword}`,
      `  Operator sign-in (/employee-login)  usernames: ${operators.map((o) => o.username).join(', ')}`,
      `                              shared operator password: ${shared}`,
      '',
    ];
    console.info(lines.join('\n'));
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
