import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect as baseExpect,
  fieldTest as test,
  phoneContext,
  screenshotsTo,
  signInOperator,
  fleetBeyondFirstPage,
  type FieldTeam,
} from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default. Every test starts with `team` (fixtures.ts: a company with a
// loader at 100 h and an operator).
test.use({ serviceWorkers: 'allow' });
test.slow(true, 'a service worker install and reloads on a shared machine');

/**
 * Issue 25 item 2: a network failure is not a sign-out. An operator who reloads the app with no signal
 * keeps the operator screen, its queue and an "Offline" banner; back online the queue is sent without a
 * new sign-in; a session that really ended meanwhile asks for the sign-in and sends the queue after it;
 * each reading keeps the time it was made on the phone.
 */

const shot = screenshotsTo(process.env.FIELD_SHOTS);
// Screens load slowly on a shared test machine; nothing here waits for a time to pass.
const expect = baseExpect.configure({ timeout: 30_000 });

type Update = { equipmentId: string; newUsage: number | null; createdAt: string; status: string };
async function updatesOf(request: APIRequestContext, equipmentId: string): Promise<Update[]> {
  const res = await request.get('/api/operator-updates');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Update[]).filter((u) => u.equipmentId === equipmentId);
}

/**
 * On a phone of its own: signed in on the operator login, the operator screen shown and the service
 * worker in control; then the phone loses its signal.
 */
async function operatorOffline(
  browser: Browser,
  team: FieldTeam,
): Promise<{ ctx: BrowserContext; op: Page }> {
  const ctx = await phoneContext(browser);
  const op = await ctx.newPage();
  await op.goto('/employee-login');
  await signInOperator(op, team);
  await expect(op.getByRole('heading', { name: `Welcome, ${team.username}` })).toBeVisible();
  await op.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clientsClaim: the worker takes the open page over without a reload (as on the phone).
  await expect
    .poll(() => op.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await ctx.setOffline(true);
  return { ctx, op };
}

/**
 * The operator's phone (`operatorOffline`) submits two readings with no signal, then the app is
 * reloaded; with the span of time each reading was made in.
 */
async function twoReadingsThenReload(browser: Browser, team: FieldTeam) {
  const { ctx, op } = await operatorOffline(browser, team);
  await op.getByLabel('Equipment', { exact: true }).selectOption(team.equipmentId);
  const usage = op.getByLabel('Current usage (hours)');
  const spans: [number, number][] = [];
  for (const reading of ['101', '102.5']) {
    const before = Date.now();
    await usage.fill(reading);
    await op.getByRole('button', { name: 'Submit Update' }).click();
    await expect(usage).toHaveValue('');
    spans.push([before, Date.now()]);
  }
  await expect(op.getByRole('heading', { name: 'Waiting to send (2)' })).toBeVisible();
  await op.reload();
  return { ctx, op, spans };
}

/**
 * The phone says both readings were sent and nothing waits; the manager's list has both, each recorded
 * at the time it was made on the phone.
 */
async function bothSentAtTheirTimes(
  op: Page,
  request: APIRequestContext,
  team: FieldTeam,
  spans: [number, number][],
) {
  await expect(op.getByText('2 readings sent', { exact: true })).toBeVisible();
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect.poll(async () => (await updatesOf(request, team.equipmentId)).length).toBe(2);
  const applied = (await updatesOf(request, team.equipmentId)).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  expect(applied.map((u) => [u.newUsage, u.status])).toEqual([
    [101, 'applied'],
    [102.5, 'applied'],
  ]);
  applied.forEach((u, i) => {
    const at = Date.parse(u.createdAt);
    const [from, to] = spans[i]!;
    // The server keeps milliseconds: the time lies within the submit's span on the phone.
    expect(at).toBeGreaterThanOrEqual(from);
    expect(at).toBeLessThanOrEqual(to);
  });
}

test('reloaded with no signal: the operator screen, its queue and "Offline"; back online sent without a sign-in', async ({
  page,
  browser,
  team,
}) => {
  // The reload of the issue: no sign-in form, the operator screen with the queue and the banner.
  const { ctx, op, spans } = await twoReadingsThenReload(browser, team);
  await expect(op.getByRole('heading', { name: `Welcome, ${team.username}` })).toBeVisible();
  await expect(op.getByRole('heading', { name: 'Waiting to send (2)' })).toBeVisible();
  const list = op.getByRole('list', { name: 'Updates waiting to send' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Reading 101');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Reading 102.5');
  const banner = op.getByRole('status').filter({ hasText: 'Offline' });
  await expect(banner).toContainText('You stay signed in');
  await expect(op.getByRole('heading', { name: 'Operator Login' })).toHaveCount(0);
  // The whole machine list is on the phone: the picker still offers the machine.
  await expect(
    op.getByLabel('Equipment', { exact: true }).locator('option', { hasText: team.equipmentName }),
  ).toHaveCount(1);
  await shot(op, 'offline-reload-en-390');
  // The same screen in Spanish.
  await op.getByRole('button', { name: 'es', exact: true }).click();
  await expect(op.getByRole('heading', { name: 'Pendientes de enviar (2)' })).toBeVisible();
  await expect(op.getByRole('status').filter({ hasText: 'Sin conexión' })).toContainText(
    'Su sesión sigue abierta',
  );
  await shot(op, 'offline-reload-es-390');
  await op.getByRole('button', { name: 'en', exact: true }).click();
  await expect(op.getByRole('heading', { name: 'Waiting to send (2)' })).toBeVisible();
  expect(await updatesOf(page.request, team.equipmentId)).toHaveLength(0);

  // Signal again: sent by themselves with the session the phone kept, and said so.
  await ctx.setOffline(false);
  await bothSentAtTheirTimes(op, page.request, team, spans);
  await expect(banner).toHaveCount(0);
  await expect(op.getByRole('heading', { name: `Welcome, ${team.username}` })).toBeVisible();
  await ctx.close();
});

test('the session ended while the phone was offline: sign-in asked, the queue kept and sent after it at the original times', async ({
  page,
  browser,
  team,
}) => {
  const { ctx, op, spans } = await twoReadingsThenReload(browser, team);
  await expect(op.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(op.getByRole('heading', { name: 'Waiting to send (2)' })).toBeVisible();

  // Meanwhile the server ends the session (signed out there); the phone still holds its cookies.
  const cookies = await ctx.cookies();
  const out = await ctx.request.post('/api/auth/logout', { data: {} });
  expect(out.status(), await out.text()).toBeLessThan(300);
  await ctx.addCookies(cookies);
  const check = await ctx.request.get('/api/auth/user');
  expect(check.status()).toBe(401);
  await ctx.addCookies(cookies);

  // Signal again: the server answers 401, so the sign-in is asked for, the two updates still waiting.
  await ctx.setOffline(false);
  await expect(op.getByRole('heading', { name: 'Operator Login' })).toBeVisible();
  await expect(op.getByRole('status')).toContainText(
    'Your session ended. 2 updates are waiting on this phone: sign in to send them.',
  );
  expect(await updatesOf(page.request, team.equipmentId)).toHaveLength(0);
  await shot(op, 'offline-session-ended-en-390');
  await signInOperator(op, team);
  await bothSentAtTheirTimes(op, page.request, team, spans);
  await ctx.close();
});

test('reloaded with no signal right after sign-in: the picker finds a machine beyond the first page', async ({
  page,
  browser,
  team,
}) => {
  // Zeta Grader, last by name: beyond the first 50 the picker lists.
  const farId = await fleetBeyondFirstPage(page, 55);

  const { ctx, op } = await operatorOffline(browser, team);
  await op.reload();
  await expect(op.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  const picker = op.getByLabel('Equipment', { exact: true });
  await expect(
    op.getByText('Showing the first 50 of 57 machines.', { exact: false }),
  ).toBeVisible();
  await expect(picker.locator('option', { hasText: 'Zeta Grader' })).toHaveCount(0);
  await op.getByLabel('Search equipment').fill('zeta');
  await expect(picker.locator('option', { hasText: 'Zeta Grader' })).toHaveCount(1);
  await picker.selectOption(farId);
  await expect(op.getByTestId('current-reading')).toContainText('500');
  await ctx.close();
});

test('a weak signal: the first send and the first check of the session get no answer; both are tried again by themselves', async ({
  page,
  browser,
  team,
}) => {
  const { ctx, op } = await operatorOffline(browser, team);
  await op.reload();
  const banner = op.getByRole('status').filter({ hasText: 'Offline' });
  await expect(banner).toBeVisible();
  await op.getByLabel('Equipment', { exact: true }).selectOption(team.equipmentId);
  await op.getByLabel('Current usage (hours)').fill('104');
  await op.getByRole('button', { name: 'Submit Update' }).click();
  await expect(op.getByRole('heading', { name: 'Waiting to send (1)' })).toBeVisible();

  // The phone is online again, but the first send and the first check of the session (the service
  // worker's request as well as the page's) get no answer.
  const dropped = { send: 0, session: 0 };
  await ctx.route('**/api/operator-updates', async (route) => {
    if (route.request().method() === 'POST' && dropped.send === 0) {
      dropped.send++;
      await route.abort('internetdisconnected');
    } else await route.continue();
  });
  await ctx.route('**/api/auth/user', async (route) => {
    if (dropped.session === 0) {
      dropped.session++;
      await route.abort('internetdisconnected');
    } else await route.continue();
  });
  await ctx.setOffline(false);
  await expect.poll(() => dropped).toEqual({ send: 1, session: 1 });
  // Nothing is touched on the screen: the reading is sent and the banner goes by themselves.
  await expect(op.getByText('1 reading sent', { exact: true })).toBeVisible();
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  const updates = await updatesOf(page.request, team.equipmentId);
  expect(updates.map((u) => [u.newUsage, u.status])).toEqual([[104, 'applied']]);
  await ctx.close();
});
