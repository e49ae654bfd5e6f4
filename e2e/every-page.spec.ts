import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ROUTE_TABLES } from '../client/src/app/route-table';
import {
  E2E_ADMIN,
  expect,
  type FieldTeam,
  FIELD_PASSWORD,
  PASSWORD,
  setupFieldTeam,
  test,
  uniqueName,
  seriousViolations,
  WCAG,
} from './fixtures';
import { seedLongTexts } from './long-texts';

/**
 * Every route of every kind of user (issue 26, "checks that keep every page honest"), taken from the
 * route table the app is built from, at 390 and 1366 px, in English and Spanish:
 * - no sideways scrolling of the page at 390 px, with long unbroken names, notes, part numbers and
 *   URLs on every kind of record the pages show (`seedLongTexts`, issue 43 defect 12);
 * - no English text on a Spanish page (the page's visible text against every English text of the
 *   locale files that Spanish says differently);
 * - axe finds no serious or critical violation at 390 px (e2e/a11y.spec.ts scans the desktop pages);
 * - no console error (the `test` fixture fails on any).
 * A walk loads its first page whole and reaches the others through the app's router (`settle`).
 */
type Who = 'signedOut' | 'owner' | 'manager' | 'technician' | 'operator' | 'platformAdmin';
const WIDTHS = [390, 1366] as const;

const localeDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'client',
  'src',
  'locales',
);
function flatten(v: unknown, prefix: string, out: Map<string, string>) {
  if (typeof v === 'string') out.set(prefix, v);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
}
function locale(lang: 'en' | 'es') {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(localeDir, lang)))
    flatten(
      JSON.parse(readFileSync(path.join(localeDir, lang, file), 'utf8')),
      file.replace(/\.json$/, ''),
      out,
    );
  return out;
}
/** Data that reads like a locale text: the platform administrator's own name (server/src/modules/admin). */
const ALLOWED = new Set(['Platform Admin']);
/** English phrases that Spanish says otherwise: the literal parts of each text, 12 characters or more. */
const ENGLISH_PHRASES = (() => {
  const en = locale('en');
  const es = locale('es');
  const phrases = new Set<string>();
  for (const [key, text] of en) {
    const spanish = es.get(key.replace(/_(one|other)$/, '_other')) ?? es.get(key);
    if (spanish === undefined || spanish === text) continue;
    for (const part of text.split(/\{\{[^}]+\}\}|<\/?\d+>|\n/))
      if (
        part.trim().length >= 12 &&
        /[a-z] [a-z]/i.test(part) &&
        !spanish.includes(part.trim()) &&
        !ALLOWED.has(part.trim())
      )
        phrases.add(part.trim());
  }
  return [...phrases];
})();

function pathsFor(
  table: keyof typeof ROUTE_TABLES,
  ids: { machine: string; workOrder: string },
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [pattern, page] of ROUTE_TABLES[table]) {
    // One visit per page; the checkout and an inspection's report need a session or an inspection
    // that this walk does not make (their own specs visit them).
    if (seen.has(page) || pattern.includes(':sessionId') || pattern.includes('/report/')) continue;
    seen.add(page);
    out.push(
      pattern === '*'
        ? '/no-such-page'
        : pattern
            .replace(':status', 'all')
            .replace('/work-orders/:id', `/work-orders/${ids.workOrder}`)
            .replace(':id', ids.machine),
    );
  }
  return out;
}

/**
 * Requests in flight per page: a page is settled once none has been open for QUIET_MS (Playwright's
 * 'networkidle' waits 500 ms after the last one, on each of the walk's ~330 visits).
 */
const QUIET_MS = 250;
const inFlight = new WeakMap<Page, { open: number; since: number }>();
function trackRequests(page: Page) {
  const state = { open: 0, since: Date.now() };
  inFlight.set(page, state);
  page.on('request', () => {
    state.open += 1;
  });
  const done = () => {
    state.open = Math.max(0, state.open - 1);
    state.since = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}
async function quiet(page: Page) {
  const state = inFlight.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  await expect
    .poll(() => state.open === 0 && Date.now() - state.since >= QUIET_MS, {
      intervals: [50],
      timeout: 30_000,
    })
    .toBe(true);
}

/** What the page before showed in its main region, per page of a walk. */
const shown = new WeakMap<Page, string>();
const mainOf = (page: Page) => page.locator('main, [role="main"]').first();

/**
 * The walk's first page of a context is loaded whole (the app starts and signs in from its cookie);
 * each next one is reached as a link in the app reaches it (the history API, which the router follows),
 * not by loading the app again for each of the walk's ~330 pages. Each page still renders from its
 * route, with its own requests and chunks, and a console error on any fails the walk. The router shows
 * the page before until the next one's code has come (a transition): the next page is awaited by its
 * main region showing something else.
 */
async function settle(page: Page, url: string) {
  const before = shown.get(page);
  if (before === undefined) {
    await page.goto(url);
    await page.waitForLoadState('load');
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await expect(page).toHaveURL((u) => u.pathname === url);
    await expect
      .poll(
        () =>
          mainOf(page)
            .innerText()
            .catch(() => before),
        {
          message: `${url} still shows the page before it`,
          timeout: 30_000,
        },
      )
      .not.toBe(before);
  }
  await quiet(page);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('[data-page-spinner]')).toHaveCount(0);
  await expect(mainOf(page)).toBeVisible();
  shown.set(page, await mainOf(page).innerText());
}

async function checkPage(page: Page, url: string, lang: 'en' | 'es', width: number) {
  await settle(page, url);
  if (width === 390) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    // What sticks out, named in the failure.
    const wide =
      overflow > 1
        ? await page.evaluate(() =>
            [...document.querySelectorAll('body *')]
              .filter((el) => {
                const out = (e: Element) =>
                  e.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
                return out(el) && ![...el.children].some(out);
              })
              .slice(0, 5)
              .map(
                (el) =>
                  `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`,
              ),
          )
        : [];
    expect
      .soft(overflow, `${url} scrolls sideways at 390 px (${lang}): ${wide.join(' | ')}`)
      .toBeLessThanOrEqual(1);
    expect
      .soft(await seriousViolations(page, { tags: WCAG }), `axe on ${url} at 390 px (${lang})`)
      .toEqual([]);
  }
  if (lang === 'es') {
    const text = await page.locator('body').innerText();
    const english = ENGLISH_PHRASES.filter((p) => text.includes(p));
    expect.soft(english, `English text on the Spanish ${url} at ${width} px`).toEqual([]);
  }
}

async function contextFor(browser: Browser, lang: 'en' | 'es', width: number) {
  const ctx = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    locale: lang === 'es' ? 'es-ES' : 'en-US',
    ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
    // What a page shows, not what works offline (offline, field and pages specs keep the service
    // worker): a worker installing in each new context fetched and stored the whole app meanwhile.
    serviceWorkers: 'block',
  });
  await ctx.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
  return ctx;
}

async function signIn(ctx: BrowserContext, url: string, data: Record<string, unknown>) {
  const res = await ctx.request.post(url, { data });
  expect(res.ok(), await res.text()).toBe(true);
}

// A hang guard: one kind of user's every page, at two widths, axe at 390 px. On the slow kind of CI
// machine the manager's and the owner's walks took 4.0-5.1 minutes. The walks are independent (they
// only read): spread over every worker, not one after another in one.
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

const WHO: Who[] = ['signedOut', 'owner', 'manager', 'technician', 'operator', 'platformAdmin'];

/** The company every walk of a worker visits: made once per worker, not once per test. */
type WalkCompany = {
  team: FieldTeam;
  ownerEmail: string;
  managerEmail: string;
  technicianEmail: string;
  workOrder: string;
};

const walkTest = test.extend<object, { company: WalkCompany }>({
  company: [
    async ({ browser }, use, workerInfo) => {
      const ctx = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const request = ctx.request;
      // The company: an owner with a machine, an operator, a manager, a technician and a work order.
      const team = await setupFieldTeam(request, { namePrefix: 'Loader', currentUsage: 120 });
      const me = (await (await request.get('/api/auth/user')).json()) as { email: string };
      const managerEmail = `${uniqueName('mgr')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')}@example.com`;
      const manager = await request.post('/api/managers', {
        data: {
          firstName: 'Marta',
          lastName: 'Ruiz',
          email: managerEmail,
          password: FIELD_PASSWORD,
        },
      });
      expect(manager.status(), await manager.text()).toBe(201);
      const technicianEmail = managerEmail.replace('mgr', 'tech');
      const technician = await request.post('/api/technicians', {
        data: {
          firstName: 'Tomás',
          lastName: 'Gil',
          email: technicianEmail,
          password: FIELD_PASSWORD,
        },
      });
      expect(technician.status(), await technician.text()).toBe(201);
      const order = await request.post('/api/work-orders', {
        data: {
          equipmentId: team.equipmentId,
          title: 'Grease the pins',
          kind: 'service',
          priority: 'normal',
        },
      });
      expect(order.status(), await order.text()).toBe(201);
      const workOrder = ((await order.json()) as { id: string }).id;
      const phone = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await signIn(phone, '/api/employee/login', {
        operatorName: team.username,
        password: FIELD_PASSWORD,
      });
      await seedLongTexts(request, phone.request, team);
      await phone.close();
      await ctx.close();
      await use({ team, ownerEmail: me.email, managerEmail, technicianEmail, workOrder });
    },
    { scope: 'worker' },
  ],
});

// One test per language and kind of user: each walks its pages at both widths (short tests, run in
// parallel), in the company its worker made once.
for (const lang of ['en', 'es'] as const) {
  for (const only of WHO)
    walkTest(
      `every page of ${only} at 390 and 1366 px (${lang}): no sideways scroll, no English in Spanish, axe, no console errors`,
      async ({ browser, company }) => {
        const { team, managerEmail, technicianEmail, workOrder } = company;
        const walks: Record<Who, { table: keyof typeof ROUTE_TABLES; login?: [string, object] }> = {
          signedOut: { table: 'signedOut' },
          owner: {
            table: 'manager',
            login: [
              '/api/auth/login',
              { emailOrBusinessName: company.ownerEmail, password: PASSWORD },
            ],
          },
          manager: {
            table: 'manager',
            login: [
              '/api/auth/login',
              { emailOrBusinessName: managerEmail, password: FIELD_PASSWORD },
            ],
          },
          technician: {
            table: 'technician',
            login: [
              '/api/auth/login',
              { emailOrBusinessName: technicianEmail, password: FIELD_PASSWORD },
            ],
          },
          operator: {
            table: 'operator',
            login: [
              '/api/employee/login',
              { operatorName: team.username, password: FIELD_PASSWORD },
            ],
          },
          platformAdmin: {
            table: 'platformAdmin',
            login: [
              '/api/auth/login',
              { emailOrBusinessName: E2E_ADMIN.email, password: E2E_ADMIN.password },
            ],
          },
        };
        const errors: string[] = [];
        for (const [who, walk] of Object.entries(walks) as [Who, (typeof walks)[Who]][]) {
          if (who !== only) continue;
          for (const width of WIDTHS) {
            const ctx = await contextFor(browser, lang, width);
            if (walk.login)
              await signIn(ctx, walk.login[0], walk.login[1] as Record<string, unknown>);
            const p = await ctx.newPage();
            trackRequests(p);
            p.on('pageerror', (e) => errors.push(`${who} ${width}: ${e.message}`));
            p.on('console', (m) => {
              if (m.type() === 'error' && !/status of 4\d\d/.test(m.text()))
                errors.push(`${who} ${width}: ${m.text()}`);
            });
            for (const url of pathsFor(walk.table, { machine: team.equipmentId, workOrder }))
              await test.step(`${who} ${url} ${width}px`, () => checkPage(p, url, lang, width));
            await ctx.close();
          }
        }
        expect(errors).toEqual([]);
      },
    );
}
