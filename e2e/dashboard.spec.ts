import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, rowAction, signupOwnerViaApi, test } from './fixtures';

type Machine = { id: string; name: string };

/** Adds a machine through the API (the page's own cookie jar). usage % = currentUsage - lastServiceUsage of an interval of 100. */
async function addMachine(
  request: APIRequestContext,
  name: string,
  overrides: Record<string, unknown> = {},
): Promise<Machine> {
  const res = await request.post('/api/equipment', {
    data: {
      name,
      type: 'machinery',
      unit: 'hours',
      fuelType: 'diesel',
      currentUsage: 50,
      serviceInterval: 100,
      lastServiceUsage: 0,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Machine;
}

async function reading(request: APIRequestContext, m: Machine, body: Record<string, unknown>) {
  const res = await request.post('/api/operator-updates', { data: { equipmentId: m.id, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { status: string };
}

/** Five machines: two good, one approaching, one due, one overdue (severely critical). */
async function fleet(request: APIRequestContext) {
  const good1 = await addMachine(request, 'Good Loader', {
    currentUsage: 50,
    serialNumber: 'SER-GOOD-1',
  });
  const good2 = await addMachine(request, 'Good Pickup', {
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    currentUsage: 10,
    serialNumber: 'TRK-77',
  });
  const soon = await addMachine(request, 'Soon Compactor', { type: 'tools', currentUsage: 85 });
  const due = await addMachine(request, 'Due Excavator', { currentUsage: 105 });
  const overdue = await addMachine(request, 'Overdue Dozer', { currentUsage: 130 });
  return { good1, good2, soon, due, overdue };
}

const overviewTable = (page: Page) => page.getByTestId('overview-table');
const tile = (page: Page, name: RegExp) =>
  page.getByRole('group', { name: 'Equipment by service status' }).getByRole('button', { name });

async function csvOf(download: Download): Promise<string[]> {
  const file = await download.path();
  return readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

test("the first screen's data is announced by the page and each call is made once", async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await fleet(page.request);
  // The HTML names the dashboard's first calls (the hint cookie says an owner is signed in)...
  const html = await (await page.request.get('/')).text();
  const announced = [
    ...html.matchAll(/rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)"/g),
  ].map((m) => m[1]);
  expect(announced).toEqual([
    '/api/auth/user',
    '/api/dashboard/overview?limit=50',
    '/api/operator-updates?limit=25',
    '/api/field/photos',
    '/api/equipment-history?limit=50',
  ]);
  // ...and the app takes those answers: each goes out once, as the preload (not again from the app).
  const calls: string[] = [];
  const fetched: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    if (r.resourceType() === 'fetch') fetched.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect(page.getByTestId('tile-count-all')).toHaveText('5');
  await expect(overviewTable(page)).toContainText('Overdue Dozer');
  await expect(page.getByText('Fuel Usage Summary')).toBeVisible();
  for (const url of announced)
    expect(
      calls.filter((c) => c === url),
      url,
    ).toHaveLength(1);
  // A filter is a new question: fetched at once.
  await tile(page, /Overdue/).click();
  await expect(overviewTable(page).getByRole('row')).toHaveCount(2);
  expect(calls.filter((c) => c.startsWith('/api/dashboard/overview'))).toHaveLength(2);
});

test('the tiles count the statuses and filter the overview', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await fleet(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('tile-count-all')).toHaveText('5');
  await expect(page.getByTestId('tile-count-good')).toHaveText('2');
  await expect(page.getByTestId('tile-count-approaching_service')).toHaveText('1');
  await expect(page.getByTestId('tile-count-time_for_service')).toHaveText('1');
  await expect(page.getByTestId('tile-count-overdue')).toHaveText('1');
  await expect(tile(page, /Total Equipment/)).toHaveAttribute('aria-pressed', 'true');

  await tile(page, /Time for Service/).click();
  await expect(tile(page, /Time for Service/)).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(page, /Total Equipment/)).toHaveAttribute('aria-pressed', 'false');
  const rows = overviewTable(page).getByRole('row');
  await expect(rows).toHaveCount(2); // header + one
  await expect(overviewTable(page)).toContainText('Due Excavator');
  await expect(overviewTable(page)).toContainText('Time for Service');

  await tile(page, /Good/).click();
  await expect(rows).toHaveCount(3);
  await expect(overviewTable(page)).toContainText('Good Loader');
  await expect(overviewTable(page)).toContainText('Good Pickup');
  await tile(page, /Overdue/).click();
  await expect(rows).toHaveCount(2);
  await expect(overviewTable(page)).toContainText('Overdue Dozer');
  await tile(page, /Total Equipment/).click();
  await expect(rows).toHaveCount(6);
});

test('a machine with no schedule is counted apart, not as Good, in English and Spanish (issue 43)', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await fleet(page.request);
  await addMachine(page.request, 'Flatbed Trailer', { unit: 'n/a', serviceInterval: 0 });
  await page.goto('/');
  await expect(page.getByTestId('tile-count-all')).toHaveText('6');
  await expect(page.getByTestId('tile-count-good')).toHaveText('2');
  const apart = page.getByTestId('tile-count-no_schedule');
  await expect(apart).toHaveText('No schedule: 1');
  await apart.click();
  await expect(apart).toHaveAttribute('aria-pressed', 'true');
  const rows = overviewTable(page).getByRole('row');
  await expect(rows).toHaveCount(2); // header + the trailer
  await expect(overviewTable(page)).toContainText('Flatbed Trailer');
  await tile(page, /Good/).click();
  await expect(rows).toHaveCount(3);
  await expect(overviewTable(page)).not.toContainText('Flatbed Trailer');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  await expect(page.getByTestId('tile-count-no_schedule')).toHaveText('Sin programa: 1');
});

test('a pending operator update is approved from the dashboard', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  const m = await addMachine(page.request, 'Held Backhoe', {
    currentUsage: 20,
    serviceInterval: 1000,
  });
  const r = await reading(page.request, m, { newUsage: 520, notes: 'New hour meter' });
  expect(r.status).toBe('pending');
  await page.goto('/');
  const updates = page.getByRole('list', { name: 'Recent Operator Updates' });
  const item = updates.getByRole('listitem', { name: 'Held Backhoe' });
  await expect(item).toContainText('Pending review');
  await expect(overviewTable(page)).toContainText('20 hours');
  await item.getByRole('button', { name: 'Approve update for Held Backhoe' }).click();
  await expect(page.getByText('Update Approved').first()).toBeVisible();
  await expect(item).toContainText('Applied');
  await expect(item.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expect(overviewTable(page)).toContainText('520 hours');
});

test('the Serviced button shows only for critical equipment, and pulses follow the toggle', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const { good1, overdue, soon } = await fleet(page.request);
  await reading(page.request, good1, { newUsage: 55 });
  await reading(page.request, soon, { newUsage: 96 }); // 96 %: critical, not severe
  await reading(page.request, overdue, { newUsage: 131 }); // 131 %: severely critical
  await page.goto('/');
  const updates = page.getByRole('list', { name: 'Recent Operator Updates' });
  const goodItem = updates.getByRole('listitem', { name: 'Good Loader' });
  const soonItem = updates.getByRole('listitem', { name: 'Soon Compactor' });
  const overdueItem = updates.getByRole('listitem', { name: 'Overdue Dozer' });
  await expect(overdueItem.getByRole('button', { name: 'Serviced' })).toBeVisible();
  await expect(soonItem.getByRole('button', { name: 'Serviced' })).toBeVisible();
  await expect(goodItem.getByRole('button', { name: 'Serviced' })).toHaveCount(0);
  await expect(overdueItem).toHaveClass(/pulse-severe/);
  await expect(soonItem).toHaveClass(/pulse-critical/);
  await expect(goodItem).not.toHaveClass(/pulse-/);

  // The toggle is remembered.
  await page.getByRole('switch', { name: 'Pulse alerts' }).click();
  await expect(overdueItem).not.toHaveClass(/pulse-/);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Pulse alerts' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(overdueItem).not.toHaveClass(/pulse-/);
  await page.getByRole('switch', { name: 'Pulse alerts' }).click();
  await expect(overdueItem).toHaveClass(/pulse-severe/);

  await overdueItem.getByRole('button', { name: 'Serviced' }).click();
  await page
    .getByRole('dialog', { name: 'Record Service' })
    .getByRole('button', { name: 'Record Service' })
    .click();
  await expect(page.getByText('Service recorded').first()).toBeVisible();
  await expect(overdueItem.getByRole('button', { name: 'Serviced' })).toHaveCount(0);
  await expect(page.getByTestId('tile-count-overdue')).toHaveText('0');
});

test('search, status and type filters narrow the overview', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await fleet(page.request);
  await page.goto('/');
  const rows = overviewTable(page).getByRole('row');
  await expect(rows).toHaveCount(6);
  await page.getByLabel('Search equipment').fill('trk-77');
  await expect(rows).toHaveCount(2);
  await expect(overviewTable(page)).toContainText('Good Pickup');
  await page.getByLabel('Search equipment').fill('tools');
  await expect(rows).toHaveCount(2);
  await expect(overviewTable(page)).toContainText('Soon Compactor');
  await page.getByLabel('Search equipment').fill('');

  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Machinery' });
  await expect(rows).toHaveCount(4);
  await page.getByLabel('Service status', { exact: true }).selectOption({ label: 'Overdue' });
  await expect(rows).toHaveCount(2);
  await expect(overviewTable(page)).toContainText('Overdue Dozer');
  await expect(tile(page, /Overdue/)).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search equipment').fill('nothing like this');
  await expect(page.getByText('No equipment matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(6);
});

test('exports download CSV files with the right headers', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  const { good1, overdue } = await fleet(page.request);
  await page.goto('/');
  // No fuel yet: nothing to export.
  await page.getByRole('button', { name: 'Export Fuel CSV' }).click();
  await expect(
    page.getByText('There is no fuel usage data available to export.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Fuel' })).toBeDisabled();

  await reading(page.request, good1, {
    newUsage: 60,
    fuelAdded: 12.5,
    fuelType: 'diesel',
    notes: '=SUM(A1)',
  });
  await reading(page.request, overdue, { newUsage: 140, fuelAdded: 3, fuelType: 'gas' });
  await page.reload();

  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(
    /^equipment-maintenance-report-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const reportLines = await csvOf(report);
  expect(reportLines[0]).toBe('Name,Type,Current Usage,Threshold,Unit,Status,Last Updated');
  expect(reportLines).toHaveLength(6);

  const [history] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(history.suggestedFilename()).toMatch(/^equipment-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const historyLines = await csvOf(history);
  expect(historyLines[0]).toBe(
    'Date,Equipment,Type,Operator,Usage,Notes,Fuel Added (gal),Service Date,Parts,Cost,Performed By,Voided,Void Reason,Retired',
  );
  // Notes is the entry told in words (domain/history-text.ts) with the operator's note inside it, so
  // no cell of the export starts with a formula character.
  expect(historyLines.find((l) => l.includes('=SUM(A1)'))).toContain('Reading: 60 hours');
  expect(historyLines.some((l) => l.split(',').some((cell) => /^[=+@]/.test(cell)))).toBe(false);

  const [fuel] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Fuel CSV' }).click(),
  ]);
  expect(fuel.suggestedFilename()).toMatch(/^fuel-usage-\d{4}-\d{2}-\d{2}\.csv$/);
  const fuelLines = await csvOf(fuel);
  expect(fuelLines[0]).toBe('Date,Equipment,Operator,Fuel Type,Fuel Added (gal),Notes,Retired');
  expect(fuelLines).toHaveLength(3);
  // The fuel export keeps the operator's own words, made safe for spreadsheets.
  expect(fuelLines.join('\n')).toContain("'=SUM(A1)");

  // In litres, the exports say so and convert the stored gallons once (12.5 gal = 47.32 L; issue 45).
  const litres = await page.request.put('/api/fuel-unit', { data: { volumeUnit: 'L' } });
  expect(litres.status(), await litres.text()).toBe(200);
  await page.reload();
  const [fuelL] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Fuel CSV' }).click(),
  ]);
  const fuelLLines = await csvOf(fuelL);
  expect(fuelLLines[0]).toBe('Date,Equipment,Operator,Fuel Type,Fuel Added (L),Notes,Retired');
  expect(fuelLLines.join('\n')).toContain(',47.32,');
  const [historyL] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const historyLLines = await csvOf(historyL);
  expect(historyLLines[0]).toContain(',Fuel Added (L),');
  expect(historyLLines.join('\n')).toContain(',47.32,');
  await page.request.put('/api/fuel-unit', { data: { volumeUnit: 'gal' } });
  await page.reload();

  // The top-consumers chart loads once its card is in view.
  await page.getByTestId('fuel-total').scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: /top fuel consumers: .*Good Loader/ })).toBeVisible();

  // Reset fuel asks first (recommending an export), then zeroes the totals.
  await expect(page.getByTestId('fuel-total')).toContainText('15.5');
  await page.getByRole('button', { name: 'Reset Fuel' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'We recommend exporting the fuel CSV first.',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset Fuel' }).click();
  await expect(page.getByText('Fuel Data Reset').first()).toBeVisible();
  await expect(page.getByTestId('fuel-total')).toContainText('0');
  await expect(page.getByRole('button', { name: 'Reset Fuel' })).toBeDisabled();
});

test('on a phone the overview is a list of cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signupOwnerViaApi(page.request);
  await fleet(page.request);
  await page.goto('/');
  const cards = page.getByTestId('overview-cards');
  await expect(cards).toBeVisible();
  await expect(overviewTable(page)).toBeHidden();
  await expect(cards.getByRole('listitem')).toHaveCount(5);
  const card = cards.getByRole('listitem', { name: 'Due Excavator' });
  await expect(card).toContainText('105 hours');
  await expect(card).toContainText('Time for Service');
  await tile(page, /Overdue/).click();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await tile(page, /Total Equipment/).click();
  await rowAction(page, 'Due Excavator', 'Edit');
  await expect(page).toHaveURL(/\/add-equipment\?edit=/);
});

test('a new company sees a friendly empty state leading to Add Equipment', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: "Welcome! Let's add your first machine" }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Add Equipment' }).last().click();
  await expect(page).toHaveURL(/\/add-equipment$/);
});

test('reset user password checks the spec rules and resets a manager', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  const res = await page.request.post('/api/managers', {
    data: {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: `rosa.${Date.now()}@example.com`,
      password: 'Quiet-River-2024',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/');
  await page.getByRole('button', { name: 'Reset User Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset User Password' });
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page
      .getByLabel('Notifications (F8)')
      .getByText('Please select a user to reset password for.', { exact: true }),
  ).toBeVisible();
  // The rule is said under the field too (the API's schema through zodResolver).
  await expect(dialog.locator('#reset-user-error')).toHaveText(
    'Please select a user to reset password for.',
  );

  await dialog.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: /Rosa Diaz/ }).click();
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByLabel('Confirm new password').fill('short');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Password must be at least 8 characters.', { exact: true }),
  ).toBeVisible();

  await dialog.getByLabel('New password', { exact: true }).fill('Bright-Harbor-77');
  await dialog.getByLabel('Confirm new password').fill('Bright-Harbor-78');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
  await expect(dialog.locator('#reset-confirm-error')).toHaveText("Passwords don't match");
  await expect(dialog.locator('#reset-new-error')).toHaveCount(0);

  await dialog.getByLabel('Confirm new password').fill('Bright-Harbor-77');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the history card shows the newest 50 entries, then 50 more on "Show more"', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const m = await addMachine(page.request, 'Busy Loader');
  // 59 notes + the machine's "added" entry: 60 in all.
  for (let i = 1; i <= 59; i++) {
    const res = await page.request.post(`/api/equipment/${m.id}/notes`, {
      data: { content: `Walk-around ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Equipment History' });
  await expect(list.getByText('Walk-around 59', { exact: true })).toBeVisible();
  // The first page: the newest 50 (notes 59 down to 10) and the button.
  await expect(list.locator('> li').filter({ hasText: 'Walk-around' })).toHaveCount(50);
  await expect(list.getByText('Walk-around 9', { exact: true })).toHaveCount(0);
  await list.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByText('Walk-around 1', { exact: true })).toBeVisible();
  await expect(list.locator('> li').filter({ hasText: 'Walk-around' })).toHaveCount(59);
  // All 60 shown: nothing more to ask for.
  await expect(list.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('the operator updates card shows the latest 25, then 25 more on "Show more"', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const m = await addMachine(page.request, 'Busy Loader');
  for (let i = 1; i <= 30; i++)
    expect((await reading(page.request, m, { newUsage: 50 + i, notes: `Round ${i}` })).status).toBe(
      'applied',
    );
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Recent Operator Updates' });
  await expect(list.getByText('Round 30', { exact: true })).toBeVisible();
  // The first page: the newest 25 (rounds 30 down to 6) and the button.
  await expect(list.locator('> li[data-status]')).toHaveCount(25);
  await expect(list.getByText('Round 5', { exact: true })).toHaveCount(0);
  await list.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByText('Round 1', { exact: true })).toBeVisible();
  await expect(list.locator('> li[data-status]')).toHaveCount(30);
  // All 30 shown: nothing more to ask for.
  await expect(list.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
