import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, machineViaApi, signupOwnerViaApi, test, uniqueName } from './fixtures';

/** YYYY-MM-DD of today + n days in UTC (the company's zone when signed up through the API). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function fleet(page: Page) {
  await signupOwnerViaApi(page.request);
  const names = {
    soon: uniqueName('Soon'),
    later: uniqueName('Later'),
    meter: uniqueName('Meter'),
  };
  // Every 10 days from a week ago: due in 3 days.
  await machineViaApi(page.request, {
    name: names.soon,
    hasScheduledMaintenance: true,
    maintenanceStartDate: day(-7),
    maintenanceInterval: 10,
    maintenanceIntervalUnit: 'days',
    serviceParts: [{ part: 'Grease', qty: 2 }],
  });
  // Every 60 days from today: due in 60 days, outside every window.
  await machineViaApi(page.request, {
    name: names.later,
    hasScheduledMaintenance: true,
    maintenanceStartDate: day(0),
    maintenanceInterval: 60,
    maintenanceIntervalUnit: 'days',
  });
  // A usage interval and a single reading: no forecast yet, and the screen says why.
  await machineViaApi(page.request, { name: names.meter, currentUsage: 10, serviceInterval: 100 });
  return names;
}

test('the dashboard shows each machine’s forecast; Due soon lists what is due, prints and exports', async ({
  page,
}) => {
  const names = await fleet(page);
  await page.goto('/');
  const overview = page.getByRole('table');
  await expect(
    overview.getByRole('row', { name: new RegExp(names.meter) }).getByTestId('forecast'),
  ).toHaveText('No forecast yet: only one reading');
  await expect(
    overview.getByRole('row', { name: new RegExp(names.soon) }).getByTestId('forecast'),
  ).toHaveText(/^Due .+ \(in 3 days\)$/);
  // Its calendar date is written once: in the forecast's line, with how far off it is.
  const soonRow = overview.getByRole('row', { name: new RegExp(names.soon) });
  const dueLine = await soonRow.getByTestId('forecast').innerText();
  const dueDate = /^Due (.+) \(in 3 days\)$/.exec(dueLine)?.[1] ?? dueLine;
  expect((await soonRow.innerText()).split(dueDate).length - 1).toBe(1);

  await page.getByRole('link', { name: 'Due Soon' }).click();
  await expect(page).toHaveURL(/\/due-soon$/);
  await expect(page.getByRole('heading', { name: 'Due Soon', level: 1 })).toBeVisible();
  const items = page.getByTestId('due-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(names.soon);
  await expect(items.first()).toContainText('Grease x2');
  await page.getByRole('radio', { name: '30 days' }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByText(names.later)).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^due-soon-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, first] = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(header).toBe(
    'Overdue,Due Date,Days Until Due,Usage Overdue,Machine,Type,Serial Number,Task,Category,Current Usage,Unit,Due By,Due At Usage,Usual Daily Usage,Calendar Date,Status,Parts,Estimated Cost',
  );
  expect(first).toBe(
    `No,${day(3)},3,,${names.soon},machinery,,Service,service,0,hours,Calendar,,,${day(3)},Approaching Service,Grease x2,`,
  );

  // The printed report: one section per week, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(page.getByTestId('due-group')).toHaveCount(1);
  await page.emulateMedia({ media: 'screen' });

  // The calendar address is there to copy; regenerating gives a new one.
  const address = page.getByLabel('Calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const before = await address.inputValue();
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText('New Calendar Address', { exact: true })).toBeVisible();
  await expect(address).not.toHaveValue(before);
  const feed = await page.request.get(new URL(await address.inputValue()).pathname);
  expect(feed.status()).toBe(200);
  // One event per task (issue 40): "<machine> · <task>" (long lines are folded: unfold them first).
  expect((await feed.text()).replace(/\r\n[ \t]/g, '')).toContain(
    `SUMMARY:${names.soon} · Service`,
  );
  expect((await page.request.get(new URL(before).pathname)).status()).toBe(404);
});

test('Spanish: the forecast and the Due soon list', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const names = await fleet(page);
  await page.goto('/');
  const overview = page.getByRole('table');
  await expect(
    overview.getByRole('row', { name: new RegExp(names.meter) }).getByTestId('forecast'),
  ).toHaveText('Aún sin pronóstico: solo hay una lectura');
  await expect(
    overview.getByRole('row', { name: new RegExp(names.soon) }).getByTestId('forecast'),
  ).toHaveText(/^Servicio el .+ \(en 3 días\)$/);
  await page.getByRole('link', { name: 'Próximos servicios' }).click();
  await expect(page.getByRole('heading', { name: 'Próximos servicios', level: 1 })).toBeVisible();
  await expect(page.getByTestId('due-item')).toContainText('Grease x2');
  await expect(page.getByRole('radio', { name: '14 días' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByText('Calendario de mantenimiento')).toBeVisible();
});

test('the owner chooses the digest in Spanish in Profile; the platform admin sees it in the outbox', async ({
  page,
  browser,
}) => {
  const owner = await signupOwnerViaApi(page.request);
  // A new owner's digest is daily, in English. The server's schedule runs every 10 minutes; were it to
  // run between now and the choice below, this owner's English digest would be today's (one a day) and
  // the Spanish one never made. So it is off until the owner chooses it in Profile.
  const fresh = await page.request.get('/api/user/digest');
  expect(await fresh.json()).toMatchObject({ frequency: 'daily' });
  const off = await page.request.put('/api/user/digest', {
    data: { frequency: 'off', language: 'en' },
  });
  expect(off.status(), await off.text()).toBe(200);
  const name = uniqueName('Vencida');
  await machineViaApi(page.request, {
    name,
    hasScheduledMaintenance: true,
    maintenanceStartDate: day(-40),
    maintenanceInterval: 30,
    maintenanceIntervalUnit: 'days',
  });

  await page.goto('/profile');
  const card = page.getByRole('heading', { name: 'Maintenance digest email' });
  await expect(card).toBeVisible();
  await expect(page.getByLabel('Send it')).toHaveValue('off');
  await page.getByLabel('Send it').selectOption('weekly');
  await expect(page.getByLabel('On', { exact: true })).toBeVisible();
  await page.getByLabel('Send it').selectOption('daily');
  await expect(page.getByLabel('On', { exact: true })).toBeHidden();
  await page.getByLabel('Email language').selectOption('es');
  await expect(page.getByText(`Goes to ${owner.email} at about 00:00 company time.`)).toBeVisible();
  // The monthly fleet summary (issue 45): off until chosen, a box of its own.
  const monthly = page.getByRole('checkbox', { name: 'Monthly fleet summary' });
  await expect(monthly).not.toBeChecked();
  await monthly.click();
  await expect(monthly).toBeChecked();
  await page.getByRole('button', { name: 'Save digest settings' }).click();
  await expect(page.getByText('Digest saved').first()).toBeVisible();
  const saved = await page.request.get('/api/user/digest');
  expect(await saved.json()).toMatchObject({
    frequency: 'daily',
    language: 'es',
    monthlySummary: true,
  });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Monthly fleet summary' })).toBeChecked();

  // The platform admin runs the digests (no SMTP here: kept in the outbox) and reads the message.
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  const login = await admin.request.post('/api/auth/login', {
    data: { emailOrBusinessName: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await admin.goto('/admin-outbox');
  await expect(admin.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(admin.getByText(/No SMTP server is set/)).toBeVisible();
  const mine = admin.getByRole('listitem').filter({ hasText: `To ${owner.email}` });
  await expect(async () => {
    await admin.getByRole('button', { name: 'Run digests now' }).click();
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect(mine).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    mine.getByText('Resumen de mantenimiento: 1 tarea de servicio requiere atención'),
  ).toBeVisible();
  // The outbox's worker keeps it a moment after the digest is made ("Waiting" until then): the page
  // reads again on its own while a message waits, without Refresh (a loaded machine took more than
  // 10 s).
  await expect(mine.getByText('Kept (no SMTP)')).toBeVisible({ timeout: 60_000 });
  await mine.getByText('Show the message').click();
  await expect(mine.locator('pre')).toContainText(`${name} · Servicio · `);
  await expect(mine.locator('pre')).toContainText(': Vencido');
  await ctx.close();
});
