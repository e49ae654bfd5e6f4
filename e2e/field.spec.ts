import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signupOwnerViaApi, test, uniqueName } from './fixtures';

/**
 * The field-ready operator screen (issue 13): a sticker's link, the offline outbox (three readings
 * made with no signal reach the server exactly once each, in order, also after a reload), and a
 * queued reading the server refuses shown in the operator's language.
 */

const SHARED = 'Tractor-Blue-77';
const shotsDir = process.env.FIELD_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
};

type Team = { username: string; equipmentId: string; equipmentName: string };

async function setupTeam(request: APIRequestContext, currentUsage = 100): Promise<Team> {
  await signupOwnerViaApi(request);
  const settings = await request.post('/api/company-settings', {
    data: { masterPassword: SHARED },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const op = await request.post('/api/employees', {
    data: { firstName: 'Pedro', lastName: 'Sosa' },
  });
  expect(op.status(), await op.text()).toBe(201);
  const { operatorUsername } = (await op.json()) as { operatorUsername: string };
  const equipmentName = uniqueName('Loader');
  const created = await request.post('/api/equipment', {
    data: {
      name: equipmentName,
      type: 'machinery',
      unit: 'hours',
      currentUsage,
      fuelType: 'diesel',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { username: operatorUsername, equipmentId: id, equipmentName };
}

async function phone(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    locale,
    isMobile: true,
    hasTouch: true,
  });
}

/** Signs in on the operator login the page shows (the current address is kept). */
async function signIn(
  page: Page,
  team: Team,
  labels = { user: 'Operator username', password: 'Password', submit: 'Sign In' },
) {
  await page.getByLabel(labels.user).fill(team.username);
  await page.getByLabel(labels.password, { exact: true }).fill(SHARED);
  await page.getByRole('button', { name: labels.submit }).click();
}

type Update = { equipmentId: string; newUsage: number | null; createdAt: string; status: string };
async function updatesOf(request: APIRequestContext, equipmentId: string): Promise<Update[]> {
  const res = await request.get('/api/operator-updates');
  expect(res.status()).toBe(200);
  const all = (await res.json()) as Update[] | { items?: Update[]; applied?: Update[] };
  const list = Array.isArray(all) ? all : [...(all.applied ?? []), ...(all.items ?? [])];
  return list.filter((u) => u.equipmentId === equipmentId);
}

test('a sticker link signed out: sign in, then the machine is chosen with its last reading', async ({
  page,
  browser,
}) => {
  const team = await setupTeam(page.request);
  const ctx = await phone(browser);
  const op = await ctx.newPage();
  await op.goto(`/m/${team.equipmentId}`);
  await signIn(op, team);
  await expect(op).toHaveURL(new RegExp(`/m/${team.equipmentId}$`));
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  await expect(op.getByTestId('current-reading')).toContainText('100');
  const preview = op.getByTestId('entry-preview');
  await expect(preview).toContainText('Last reading: 100');
  await op.getByLabel('Current usage (hours)').fill('106.5');
  await expect(preview).toContainText('+6.5 hours since');
  await shot(op, 'field-link-en-390');

  // Another company's machine (or an unknown id): a clear message, nothing chosen.
  await op.goto('/m/00000000-0000-4000-8000-000000000000');
  await expect(
    op.getByRole('alert').filter({ hasText: 'No machine of your company matches this code.' }),
  ).toBeVisible();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue('');
  await ctx.close();
});

test('offline: three readings wait on the phone, survive a reload and reach the server once each, in order', async ({
  page,
  browser,
}) => {
  const team = await setupTeam(page.request);
  const ctx = await phone(browser);
  const op = await ctx.newPage();
  await op.goto(`/m/${team.equipmentId}`);
  await signIn(op, team);
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  // The service worker has taken control (the app shell and the machine list are cached).
  await op.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await op.reload();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  await expect
    .poll(() => op.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await ctx.setOffline(true);
  const usage = op.getByLabel('Current usage (hours)');
  for (const reading of ['101', '102.5', '104']) {
    await usage.fill(reading);
    await op.getByRole('button', { name: 'Submit Update' }).click();
    await expect(usage).toHaveValue('');
  }
  const panel = op.getByRole('heading', { name: 'Waiting to send (3)' });
  await expect(panel).toBeVisible();
  const list = op.getByRole('list', { name: 'Updates waiting to send' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Reading 101');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Reading 104');
  await shot(op, 'field-offline-en-390');

  // Reloaded with no signal: the screen opens from the cache and the queue is still there.
  await op.reload();
  await expect(op.getByRole('heading', { name: 'Waiting to send (3)' })).toBeVisible();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  expect(await updatesOf(page.request, team.equipmentId)).toHaveLength(0);

  // Back online: sent automatically, each once, in the order they were made.
  await ctx.setOffline(false);
  await op.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect.poll(async () => (await updatesOf(page.request, team.equipmentId)).length).toBe(3);
  // A Retry (or a second tab) cannot apply them again.
  await op.reload();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  const applied = await updatesOf(page.request, team.equipmentId);
  expect(applied).toHaveLength(3);
  const byTime = [...applied].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  expect(byTime.map((u) => u.newUsage)).toEqual([101, 102.5, 104]);
  expect(byTime.every((u) => u.status === 'applied')).toBe(true);
  const eq = await page.request.get(`/api/equipment/${team.equipmentId}`);
  expect(((await eq.json()) as { currentUsage: number }).currentUsage).toBe(104);
  await ctx.close();
});

test('a queued reading the server refuses is shown with its message, in Spanish', async ({
  page,
  browser,
}) => {
  const team = await setupTeam(page.request);
  const ctx = await phone(browser, 'es-ES');
  const op = await ctx.newPage();
  await op.goto(`/m/${team.equipmentId}`);
  await signIn(op, team, {
    user: 'Usuario de operador',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
  });
  await expect(op.getByLabel('Equipo', { exact: true })).toHaveValue(team.equipmentId);
  await ctx.setOffline(true);
  await op.getByLabel('Uso actual (horas)').fill('105');
  await op.getByRole('button', { name: 'Enviar actualización' }).click();
  await expect(op.getByRole('heading', { name: 'Pendiente de enviar (1)' })).toBeVisible();
  // Meanwhile a later reading reaches the server first (the manager's screen, another phone).
  const later = await page.request.post('/api/operator-updates', {
    data: { equipmentId: team.equipmentId, newUsage: 110 },
    headers: { 'idempotency-key': 'another-phone-1' },
  });
  expect(later.status(), await later.text()).toBe(201);
  // Back online: the queue is sent by itself and the server refuses the older reading.
  await ctx.setOffline(false);
  const refused = op.getByRole('list', { name: 'Actualizaciones rechazadas por el servidor' });
  await expect(refused).toContainText('No registrada');
  await expect(refused.getByRole('alert')).toContainText('La lectura 105');
  await expect(op.getByRole('heading', { name: 'Pendientes de enviar (0)' })).toBeVisible();
  await expect(op.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await shot(op, 'field-refused-es-390');
  // Kept until the operator dismisses it.
  await op.reload();
  await expect(refused.getByRole('alert')).toContainText('La lectura 105');
  await op.getByRole('button', { name: 'Descartar' }).click();
  await expect(refused).toHaveCount(0);
  const applied = await updatesOf(page.request, team.equipmentId);
  expect(applied.map((u) => u.newUsage)).toEqual([110]);
  await ctx.close();
});
