import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { periodEnd } from '@domain/subscription';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { asSystem } from '../db/scope';
import { company, user } from '../db/schema/index';
import { SESSION_COOKIE } from '../plugins/session';

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
const DEMO_OWNER_EMAIL = 'owner@demo.example.com';
const DEMO_TECHNICIAN_EMAIL = 'technician@demo.example.com';
const DEMO_BUSINESS_NAME = 'Demo Construction';

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

type DemoOptions = { fleet: number; ownerPassword: string; operatorPassword: string };

const generatedPassword = () =>
  `Demo-${randomBytes(6).toString('base64url')}-${randomBytes(2).toString('hex')}`;

/** Flags (npm run demo -- --machines 2000 --owner-password ...) and their environment variables. */
function readOptions(argv: string[], env: NodeJS.ProcessEnv): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      machines: { type: 'string' },
      'owner-password': { type: 'string' },
      'operator-password': { type: 'string' },
    },
  });
  const fleet = values.machines === undefined ? MACHINES.length : Number(values.machines);
  if (!Number.isInteger(fleet) || fleet < MACHINES.length || fleet > 10_000)
    throw new Error(`--machines must be a whole number from ${MACHINES.length} to 10000`);
  return {
    fleet,
    ownerPassword: values['owner-password'] || env.DEMO_OWNER_PASSWORD || generatedPassword(),
    operatorPassword:
      values['operator-password'] || env.DEMO_OPERATOR_PASSWORD || generatedPassword(),
  };
}

type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The operators' phones (User-Agent strings of an Android phone with Chrome and an iPhone with Safari). */
const PHONES = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Someone using the app through its HTTP API with their own credentials. A sign-in lasts as long as the
 * server says (the session cookie's Max-Age, counted on the app's clock); the demo moves that clock
 * across three months, so an actor signs in again once half of that time has passed, as a person coming
 * back to the app would. The server's session rules are used as they are.
 */
class Actor {
  private cookie: string | null = null;
  private renewAt = 0;
  signIns = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: () => Date,
    readonly label: string,
    private readonly signIn: { url: string; body: Record<string, unknown> },
    /** The browser this person uses (operators: a phone); kept with what they send, as in the field. */
    private readonly userAgent?: string,
  ) {}

  private headers(): Record<string, string> {
    return {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(this.userAgent ? { 'user-agent': this.userAgent } : {}),
    };
  }

  async call(method: Method, url: string, payload?: unknown): Promise<Res> {
    if (this.cookie === null || this.clock().getTime() >= this.renewAt) await this.login();
    const res = await this.app.inject({
      method,
      url,
      headers: this.headers(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${this.label}: ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  }

  private async login(): Promise<void> {
    const res = await this.app.inject({
      method: 'POST',
      url: this.signIn.url,
      // The previous session (if any) goes with the request: the server ends it.
      headers: this.headers(),
      payload: { ...this.signIn.body, rememberMe: true },
    });
    if (res.statusCode !== 200)
      throw new Error(`${this.label}: sign-in failed: ${res.statusCode} ${res.body}`);
    const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!sid?.maxAge) throw new Error(`${this.label}: the sign-in set no lasting session cookie`);
    this.cookie = `${SESSION_COOKIE}=${sid.value}`;
    this.renewAt = this.clock().getTime() + (sid.maxAge * 1000) / 2;
    this.signIns += 1;
  }

  async signOut(): Promise<void> {
    if (this.cookie === null) return;
    await this.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: this.cookie },
    });
    this.cookie = null;
  }
}

/** The demo company made by an earlier run (its owner has the demo email and it has the demo name). */
async function findEarlierDemo(db: Db) {
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

const DAYS = 90;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
/** The company's time zone: this machine's, as a browser here would send at sign-up. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The calendar date (YYYY-MM-DD) of an instant in the company's time zone. */
const isoDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);

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
  let clock = start;
  const { app, deps } = await buildApp({
    config,
    database,
    clientDir: null,
    logger: false,
    now: () => clock,
  });
  await app.ready();
  const actors: Actor[] = [];
  try {
    // One demo company per database: an earlier one is replaced (ON DELETE CASCADE takes its data).
    const earlier = await findEarlierDemo(deps.db);
    if (earlier) await deps.db.delete(company).where(eq(company.id, earlier.id));

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
    const owner = new Actor(app, () => clock, 'owner', {
      url: '/api/auth/login',
      body: { emailOrBusinessName: DEMO_OWNER_EMAIL, password: options.ownerPassword },
    });
    actors.push(owner);

    // A paying Professional plan (30 machines): the demo has 25 (a bigger fleet: Enterprise, no limit),
    // billed monthly: it renews at the end of the current month-long period, like a checkout made today.
    await deps.db
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
          () => clock,
          username,
          {
            url: '/api/employee/login',
            body: { operatorName: username, password: options.operatorPassword },
          },
          PHONES[i % PHONES.length],
        ),
      );
    }
    actors.push(...operators);

    // Machines: their usage at the end is lastService + endPct % of the interval; readings climb there over 90 days.
    const plans: {
      id: string;
      m: Machine;
      u0: number;
      perDay: number;
      end: number;
      lastService: number;
    }[] = [];
    for (const [i, m] of MACHINES.entries()) {
      const base = m.unit === 'hours' ? 400 + i * 137 : m.unit === 'n/a' ? 0 : 20_000 + i * 3_111;
      const end = round1(base + (m.interval * m.endPct) / 100);
      const climb = m.interval > 0 ? (m.interval * m.endPct) / 100 : m.unit === 'hours' ? 120 : 0;
      const perDay = (climb * 0.9) / DAYS;
      const u0 = round1(end - perDay * DAYS);
      const next = m.dueInDays !== undefined ? addDays(now, m.dueInDays) : null;
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
      const res = await owner.call('POST', '/api/equipment', body);
      plans.push({
        id: res.json<{ id: string }>().id,
        m,
        u0,
        perDay,
        end,
        lastService: body.lastServiceUsage,
      });
    }

    // Three months of readings, fuel and notes by the four operators; a few manager notes.
    let updates = 0;
    for (let day = 1; day <= DAYS; day++) {
      for (const [i, p] of plans.entries()) {
        const last = day === DAYS;
        if (!last && (day + i) % 3 !== 0) continue;
        // Between 4 hours and 30 minutes before this time of day: the last day's readings are in the past.
        clock = new Date(
          addDays(start, day).getTime() - 240 * MINUTE_MS + (i % 8) * 30 * MINUTE_MS,
        );
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
        await op.call('POST', '/api/operator-updates', body);
        updates++;
      }
      if (day % 11 === 0) {
        const p = plans[(day / 11) % plans.length]!;
        clock = addDays(start, day);
        await owner.call('POST', `/api/equipment/${p.id}/notes`, {
          content: MANAGER_NOTES[day % MANAGER_NOTES.length],
          type: 'note',
        });
      }
    }
    // Readings far above what the meter can do since the last one: held for the manager's review.
    clock = new Date(now.getTime() - 10 * MINUTE_MS);
    const held = plans.filter((p) => p.m.unit === 'hours' && p.m.interval > 0).slice(0, 3);
    for (const [i, p] of held.entries()) {
      await operators[i]!.call('POST', '/api/operator-updates', {
        equipmentId: p.id,
        newUsage: round1(p.end + 180 + i * 40),
        notes: 'Hour meter replaced?',
      });
      updates++;
    }

    // The service log: machinery without a calendar schedule was last serviced when its meter passed
    // the last-service reading (back-dated entries with parts, cost and who did it; statuses unchanged).
    clock = new Date(now.getTime() - 8 * MINUTE_MS);
    for (const [i, p] of plans.entries()) {
      if (p.m.type !== 'machinery' || p.m.dueInDays !== undefined || p.m.interval <= 0) continue;
      if (p.perDay <= 0 || p.lastService < p.u0) continue;
      const day = Math.min(DAYS, Math.max(0, Math.floor((p.lastService - p.u0) / p.perDay)));
      await owner.call('PATCH', `/api/equipment/${p.id}/reset-service`, {
        serviceDate: isoDate(addDays(start, day)),
        usage: p.lastService,
        parts: [{ part: 'Engine oil filter', partNumber: `OF-${i}`, qty: 1 }],
        cost: 85 + (i % 5) * 20,
        performedBy: i % 2 === 0 ? 'Valley Equipment Service' : 'In-house',
        notes: 'Oil and filter change',
      });
    }
    // Work orders and parts (issue 27): a parts shelf with one part low, a technician, and a few open and
    // done work orders (repairs and follow-ups: the machines' service statuses stay as planned above).
    const shelf = [
      {
        name: 'Engine oil filter',
        partNumber: 'OF-100',
        unit: 'each',
        unitCost: 14.5,
        onHand: 12,
        reorderPoint: 4,
        location: 'Shelf A1',
        vendor: 'Valley Equipment Parts',
      },
      {
        name: 'Hydraulic oil 15W-40',
        partNumber: 'HO-15',
        unit: 'gallon',
        unitCost: 22,
        onHand: 30,
        reorderPoint: 10,
        location: 'Drum rack',
        vendor: 'Valley Equipment Parts',
      },
      {
        name: 'Air filter',
        partNumber: 'AF-220',
        unit: 'each',
        unitCost: 38,
        onHand: 3,
        reorderPoint: 3,
        location: 'Shelf A2',
        vendor: 'FleetPro Supply',
      },
      {
        name: 'Grease cartridge',
        partNumber: 'GR-14',
        unit: 'each',
        unitCost: 6.75,
        onHand: 24,
        reorderPoint: 6,
        location: 'Shelf B1',
        vendor: 'FleetPro Supply',
      },
    ];
    const partIds: string[] = [];
    for (const part of shelf)
      partIds.push((await owner.call('POST', '/api/parts', part)).json<{ id: string }>().id);
    const tech = await owner.call('POST', '/api/technicians', {
      firstName: 'Luis',
      lastName: 'Ortega',
      email: DEMO_TECHNICIAN_EMAIL,
      password: options.ownerPassword,
    });
    const techId = tech.json<{ id: string }>().id;
    const machinery = plans.filter((p) => p.m.type === 'machinery');
    const order = async (i: number, body: Record<string, unknown>) => {
      const p = machinery[i % Math.max(1, machinery.length)];
      if (!p) return null;
      const res = await owner.call('POST', '/api/work-orders', { equipmentId: p.id, ...body });
      return res.json<{ id: string }>().id;
    };
    const done = [
      {
        title: 'Replace cracked hydraulic hose',
        kind: 'repair',
        parts: [[1, 2]],
        hours: 2.5,
        other: 45,
      },
      {
        title: 'Air filter after dusty job',
        kind: 'inspection_follow_up',
        parts: [[2, 1]],
        hours: 0.5,
        other: 0,
      },
    ] as const;
    for (const [i, d] of done.entries()) {
      const id = await order(i, {
        title: d.title,
        kind: d.kind,
        priority: 'high',
        assigneeId: techId,
        tasks: [{ label: d.title }],
      });
      if (!id) continue;
      await owner.call('PATCH', `/api/work-orders/${id}`, { status: 'in_progress' });
      for (const [k, qty] of d.parts)
        await owner.call('POST', `/api/work-orders/${id}/parts`, {
          partId: partIds[k],
          quantity: qty,
        });
      await owner.call('POST', `/api/work-orders/${id}/complete`, {
        laborHours: d.hours,
        laborRate: 65,
        otherCost: d.other,
        notes: 'Tested under load; no leaks.',
      });
    }
    await order(2, {
      title: 'Grease all fittings and check the tracks',
      kind: 'service',
      priority: 'normal',
      dueDate: isoDate(addDays(now, 5)),
      assigneeId: techId,
      tasks: [{ label: 'Grease all fittings' }, { label: 'Check track tension' }],
    });
    await order(3, {
      title: 'Seat switch intermittent',
      kind: 'repair',
      priority: 'urgent',
      dueDate: isoDate(addDays(now, -2)),
      vendor: 'Valley Equipment Service',
      tasks: [{ label: 'Diagnose seat switch' }],
    });
    // A retired machine keeps its history (Retired Equipment page).
    const old = await owner.call('POST', '/api/equipment', {
      name: 'Old Air Compressor',
      type: 'tools',
      unit: 'hours',
      fuelType: 'diesel',
      currentUsage: 4_812,
      serviceInterval: 250,
      description: 'Replaced by a new unit (demo data)',
    });
    const oldId = old.json<{ id: string }>().id;
    await owner.call('POST', `/api/equipment/${oldId}/notes`, {
      content: 'Pressure switch failing; not worth repairing.',
    });
    await owner.call('POST', `/api/equipment/${oldId}/retire`, {
      retirementNotes: 'Sold for parts',
    });

    // A big fleet (--machines): generated machines, no readings, spread over every status.
    clock = new Date(now.getTime() - 5 * MINUTE_MS);
    for (let k = 0; k < fleet - MACHINES.length; k++) {
      const m = MODELS[k % MODELS.length]!;
      const pct = (k * 37) % 140;
      const lastService =
        m.unit === 'hours' ? 200 + (k % 50) * 40 : m.unit === 'n/a' ? 0 : 10_000 + (k % 50) * 1_000;
      await owner.call('POST', '/api/equipment', {
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
      });
    }

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
    clock = new Date();
    for (const a of actors) await a.signOut().catch(() => undefined);
    await app.close();
    await database.close();
  }
}

asSystem(main).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
