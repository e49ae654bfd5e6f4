import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect as baseExpect,
  phoneContext,
  signupOwnerViaApi,
  screenshotsTo,
  setupFieldTeam,
  signInOperator,
  test,
  type FieldTeam,
} from './fixtures';

/**
 * Issue 43: a lazy part of the app that fails to load (a phone losing signal, a deploy replacing the
 * files) no longer blanks the screen. The page says so with "Reload", in the user's language, under
 * the header; the operator's outbox (readings waiting to be sent, in IndexedDB) is kept through the
 * failure and the reload, and is sent once the signal is back. The chunk is blocked with page.route.
 */
const shot = screenshotsTo(process.env.FIELD_SHOTS);
const expect = baseExpect.configure({ timeout: 30_000 });

/** The profile page's chunk (and its texts' chunk): what a lost signal would fail to download. */
const PROFILE_CHUNK = /\/assets\/profile-[^/]*\.js$/;

/** Readings waiting in the phone's outbox (IndexedDB ems-field/outbox). */
const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ems-field');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) return resolve(0);
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** A navigation inside the app (React Router's own, no page load), as a link or a button makes. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

async function readingsOf(request: APIRequestContext, equipmentId: string) {
  const res = await request.get('/api/operator-updates');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { equipmentId: string; newUsage: number | null }[])
    .filter((u) => u.equipmentId === equipmentId)
    .map((u) => u.newUsage);
}

/** Console errors of a page, but the failed downloads the test itself causes. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (/Failed to load resource: net::ERR_FAILED/.test(msg.text())) return;
    errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function operatorScreen(page: Page, team: FieldTeam) {
  await page.goto('/employee-login');
  await signInOperator(page, team);
  await expect(page.getByRole('heading', { name: `Welcome, ${team.username}` })).toBeVisible();
}

test('a page whose code cannot be downloaded says so with Reload, and the outbox is kept and sent', async ({
  page,
  browser,
}) => {
  test.slow(); // sign-in, a reload and an outbox send on a shared machine
  const team = await setupFieldTeam(page.request, { namePrefix: 'Loader', currentUsage: 100 });
  // No service worker: its cache would answer the blocked chunk (as it does offline on a phone).
  const ctx = await phoneContext(browser, 'en-US', { serviceWorkers: 'block' });
  const op = await ctx.newPage();
  const errors = consoleErrors(op);
  await operatorScreen(op, team);

  // No signal for the API: the reading waits in the outbox.
  await op.route('**/api/operator-updates', (r) => r.abort());
  await op.getByLabel('Equipment', { exact: true }).selectOption(team.equipmentId);
  await op.getByLabel('Current usage (hours)').fill('123');
  await op.getByRole('button', { name: 'Submit Update' }).click();
  await expect(op.getByRole('heading', { name: 'Waiting to send (1)' })).toBeVisible();
  expect(await outboxCount(op)).toBe(1);

  // The profile page's code cannot be downloaded.
  let blocked = 0;
  await op.route(PROFILE_CHUNK, (r) => {
    blocked += 1;
    return r.abort();
  });
  await goInApp(op, '/profile');
  const alert = op.getByRole('alert').filter({ hasText: 'This page could not load' });
  await expect(alert).toBeVisible();
  expect(blocked).toBeGreaterThan(0);
  await expect(alert).toContainText('Anything waiting to be sent stays on this device.');
  // The header stays: the operator can still go elsewhere.
  await expect(op.getByRole('banner')).toBeVisible();
  await shot(op, 'load-error-en-390');
  expect(await outboxCount(op)).toBe(1);

  // Back to the operator screen: it loads (its code is there), the reading still waiting.
  await goInApp(op, '/');
  await expect(op.getByRole('heading', { name: `Welcome, ${team.username}` })).toBeVisible();
  await expect(op.getByRole('heading', { name: 'Waiting to send (1)' })).toBeVisible();

  // The download works again; Reload on the failed page loads it, the outbox untouched.
  await goInApp(op, '/profile');
  await expect(alert).toBeVisible();
  await op.unroute(PROFILE_CHUNK);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(op).toHaveURL(/\/profile$/);
  await expect(op.getByRole('alert').filter({ hasText: 'This page could not load' })).toHaveCount(
    0,
  );
  await shot(op, 'load-error-reloaded-en-390');
  await expect(op.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  expect(await outboxCount(op)).toBe(1);
  expect(await readingsOf(page.request, team.equipmentId)).toEqual([]);

  // Signal again: the kept reading is sent.
  await op.unroute('**/api/operator-updates');
  await goInApp(op, '/');
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect.poll(() => readingsOf(page.request, team.equipmentId)).toEqual([123]);
  expect(await outboxCount(op)).toBe(0);
  expect(errors).toEqual([]);
  await ctx.close();
});

test('the same in Spanish: "No se pudo cargar esta página" and Recargar', async ({
  page,
  browser,
}) => {
  const team = await setupFieldTeam(page.request, { namePrefix: 'Cargador' });
  const ctx = await phoneContext(browser, 'es-MX', { serviceWorkers: 'block' });
  const op = await ctx.newPage();
  const errors = consoleErrors(op);
  await op.goto('/employee-login');
  await signInOperator(op, team, {
    user: 'Usuario de operador',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
  });
  await expect(op.getByRole('heading', { name: new RegExp(team.username) })).toBeVisible();
  await op.route(PROFILE_CHUNK, (r) => r.abort());
  await goInApp(op, '/profile');
  const alert = op.getByRole('alert').filter({ hasText: 'No se pudo cargar esta página' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('se queda guardado en este dispositivo');
  await expect(alert.getByRole('button', { name: 'Recargar' })).toBeVisible();
  await shot(op, 'load-error-es-390');
  expect(errors).toEqual([]);
  await ctx.close();
});

test('a manager on a desktop: the failed page under the header and its navigation, in both languages', async ({
  browser,
}) => {
  const ctx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const desk = await ctx.newPage();
  const errors = consoleErrors(desk);
  await signupOwnerViaApi(desk.request);
  await desk.goto('/');
  await expect(desk.getByRole('navigation', { name: /main navigation/i }).first()).toBeVisible();
  await desk.route(/\/assets\/costs-[A-Za-z0-9_-]{8}\.js$/, (r) => r.abort());
  await goInApp(desk, '/costs');
  const alert = desk.getByRole('alert').filter({ hasText: 'This page could not load' });
  await expect(alert).toBeVisible();
  await expect(desk.getByRole('navigation', { name: /main navigation/i }).first()).toBeVisible();
  await shot(desk, 'load-error-en-1366');
  // Another page works; the failed one says so again in Spanish.
  await goInApp(desk, '/');
  await expect(alert).toHaveCount(0);
  await desk.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
  await desk.reload();
  await expect(desk.getByRole('navigation').first()).toBeVisible();
  await goInApp(desk, '/costs');
  const es = desk.getByRole('alert').filter({ hasText: 'No se pudo cargar esta página' });
  await expect(es).toBeVisible();
  await expect(es.getByRole('button', { name: 'Recargar' })).toBeVisible();
  await shot(desk, 'load-error-es-1366');
  expect(errors).toEqual([]);
  await ctx.close();
});
