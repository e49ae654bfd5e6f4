import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  machineViaApi,
  signupOwnerViaApi,
  subscribeViaApi,
  test,
  uniqueName,
  rowAction,
  seriousViolations,
} from './fixtures';
import { unrelatedEditThenHistory } from './equipment-steps';

async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('add with scheduled maintenance and parts, edit, usage, note, service, retire, export', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Excavator');
  await page.goto('/add-equipment');
  await expect(page.getByRole('heading', { name: 'Add New Equipment' })).toBeVisible();

  // The spec's messages come from the same schema as the server's.
  await page.getByRole('button', { name: 'Add Equipment', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Type is required')).toBeVisible();

  await page.getByLabel('Equipment name').fill(name);
  await pick(page, 'Type', 'Machinery');
  await page.getByLabel('Serial number (optional)').fill('=cmd|SN-1');
  await pick(page, 'Usage unit', 'Hours');
  await pick(page, 'Fuel type', 'Diesel');
  await page.getByRole('switch', { name: 'Calendar-based maintenance' }).click();
  await page.getByRole('button', { name: 'Add Equipment', exact: true }).click();
  await expect(
    page.getByText('Maintenance start date is required when scheduled maintenance is enabled'),
  ).toBeVisible();
  await page.getByLabel('Start date').fill('2030-01-31');
  await page.getByLabel('Every').fill('1');
  await expect(page.getByTestId('next-date-preview')).toHaveText('Next maintenance: Feb 28, 2030');
  await page.getByLabel(/^Current usage/).fill('1200');
  await page.getByLabel(/^Expected lifespan/).fill('10000');
  await pick(page, 'Lifespan alert', 'Alert at 75% of lifespan');
  await page.getByLabel(/^Service interval/).fill('250');
  await page.getByLabel(/^Last serviced at/).fill('1000');
  await page.getByRole('button', { name: 'Add Part' }).click();
  await page.getByLabel('Part 1', { exact: true }).fill('Oil filter');
  await page.getByLabel('Part number of part 1').fill('OF-42');
  // A row's own rule (the API schema through zodResolver) is shown under that row.
  await page.getByLabel('Quantity of part 1').fill('0');
  await page.getByRole('button', { name: 'Add Part' }).click();
  await page.getByRole('button', { name: 'Remove part 2' }).click();
  await page.getByRole('button', { name: 'Add Equipment', exact: true }).click();
  await expect(page.locator('#equipment-qty-0-error')).toHaveText('Quantity must be at least 1');
  await expect(page.getByLabel('Quantity of part 1')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Quantity of part 1').fill('2');
  await page.getByRole('button', { name: 'Add Equipment', exact: true }).click();
  await expect(
    page.getByText('Equipment has been successfully added.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // List: status badge from the one engine (1200 - 1000) / 250 = 80 % -> Approaching Service.
  await page.goto('/equipment-list');
  const row = page.getByTestId('equipment-row').filter({ hasText: name });
  await expect(row.getByText('Approaching Service')).toBeVisible();
  await expect(row.getByText('1,200 hours', { exact: true })).toBeVisible();
  await expect(row.getByText('Feb 28, 2030')).toBeVisible();

  // Edit: the parts and schedule come back; a new last service makes it Good.
  await rowAction(page, name, 'Edit');
  await expect(page.getByRole('heading', { name: 'Edit Equipment' })).toBeVisible();
  await expect(page.getByLabel('Part 1', { exact: true })).toHaveValue('Oil filter');
  await expect(page.getByLabel('Start date')).toHaveValue('2030-01-31');
  await page.getByLabel(/^Last serviced at/).fill('1200');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText('Equipment has been successfully updated.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/equipment-list$/);
  await expect(row.getByText('Good', { exact: true })).toBeVisible();

  // Usage dialog: the Invalid Input rule, then a preview of the new total.
  await page.getByRole('button', { name: `Update Usage: ${name}` }).click();
  const usage = page.getByRole('dialog', { name: 'Update Equipment Usage' });
  await usage.getByRole('button', { name: 'Update Usage' }).click();
  // The spec's notice, and the same rule under the field (the API's schema through zodResolver).
  await expect(
    page
      .getByLabel('Notifications (F8)')
      .getByText('Please enter a valid positive number for usage increase.', { exact: true }),
  ).toBeVisible();
  await expect(usage.locator('#usage-increase-error')).toHaveText(
    'Please enter a valid positive number for usage increase.',
  );
  await expect(usage.getByLabel('Usage increase')).toHaveAttribute('aria-invalid', 'true');
  await usage.getByLabel('Usage increase').fill('50.5');
  await expect(usage.getByText('1,250.5 hours')).toBeVisible();
  await usage.getByRole('button', { name: 'Update Usage' }).click();
  await expect(page.getByText('Usage Updated', { exact: true })).toBeVisible();
  await expect(row.getByText('1,250.5 hours', { exact: true })).toBeVisible();

  // Notes & History.
  await rowAction(page, name, 'Notes & History');
  const notes = page.getByRole('dialog', { name: 'Equipment Notes & History' });
  // Only spaces: the API's rule under the field (noteInputSchema through zodResolver), nothing sent.
  await notes.getByLabel('Add a note').fill('   ');
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expect(notes.getByLabel('Add a note')).toHaveAttribute('aria-invalid', 'true');
  await expect(notes.locator('#new-note-error')).toHaveText('Note cannot be empty');
  await notes.getByLabel('Add a note').fill('Changed the oil');
  await expect(notes.getByLabel('Add a note')).not.toHaveAttribute('aria-invalid', 'true');
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Note Added', { exact: true })).toBeVisible();
  const history = notes.getByTestId('history-list');
  await expect(history.getByText('Changed the oil')).toBeVisible();
  await expect(history.getByText(/Usage increased by 50.5/)).toBeVisible();
  await expect(history).toHaveCSS('height', '400px');
  await notes.getByRole('button', { name: 'Close' }).click();
  await expect(notes).toBeHidden();

  // Mark as Serviced: a service entry with the machine's part (quantity changed), cost and who did it.
  await rowAction(page, name, 'Mark as Serviced');
  const service = page.getByRole('dialog', { name: 'Record Service' });
  await expect(service.getByLabel('Usage at service (hours)')).toHaveValue('1250.5');
  await expect(service.getByRole('checkbox', { name: 'Used Oil filter' })).toBeChecked();
  await service.getByLabel('Quantity of part 1').fill('3');
  await service.getByLabel('Cost (USD, optional)').fill('-5');
  await service.getByRole('button', { name: 'Record Service' }).click();
  await expect(service.getByText('Cost must be 0 or more')).toBeVisible();
  await service.getByLabel('Cost (USD, optional)').fill('85.40');
  await service.getByLabel('Done by (optional)').fill('Valley Equipment');
  await service.getByRole('button', { name: 'Record Service' }).click();
  await expect(page.getByText('Service recorded', { exact: true })).toBeVisible();
  await expect(service).toBeHidden();
  // The toast sits over the bottom of the edit form's page until it times out.
  await expect(page.getByText('Service recorded', { exact: true })).toBeHidden({ timeout: 15_000 });

  // An unrelated edit keeps the service: the machine stays Good.
  const serviced = await unrelatedEditThenHistory(page, name, row);
  const details = serviced.getByTestId('service-details');
  await expect(details.getByText('Oil filter (OF-42) x3')).toBeVisible();
  await expect(details.getByText('$85.40')).toBeVisible();
  await expect(details.getByText('Valley Equipment')).toBeVisible();
  await expect(serviced.getByTestId('total-cost')).toHaveText('$85.40');
  await serviced.getByRole('button', { name: 'Close' }).click();

  // Status pages.
  await page.goto('/equipment/good');
  await expect(page.getByTestId('equipment-row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByTestId('equipment-summary')).toHaveText(
    /^Showing 1–\d+ of \d+ machines?$/,
  );
  await page.goto('/equipment/overdue');
  await expect(page.getByText('No equipment with this status')).toBeVisible();
  await page.getByRole('link', { name: 'View All Equipment' }).click();
  await expect(page).toHaveURL(/\/equipment\/all$/);

  // Retire.
  await page.goto('/equipment-list');
  await rowAction(page, name, 'Remove');
  const remove = page.getByRole('dialog', { name: 'Remove Equipment' });
  await remove.getByLabel('Retirement notes (optional)').fill('Sold at auction');
  await remove.getByRole('button', { name: 'Retire Equipment' }).click();
  await expect(page.getByText('Equipment Retired', { exact: true })).toBeVisible();
  await expect(page.getByText('No equipment found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  // Retired page and its export.
  await page.goto('/retired-equipment');
  await expect(page.getByTestId('retired-count')).toHaveText('1');
  await expect(page.getByRole('cell', { name: 'Sold at auction' })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^retired-equipment-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, first] = text.split('\r\n');
  expect(header).toBe(
    'Name,Type,Serial Number,Unit,Final Usage,Threshold,Fuel Type,Total Fuel Used (gal),Retirement Notes,Retired By,Date Added,Retired At',
  );
  expect(first).toContain(
    `${name},machinery,'=cmd|SN-1,hours,1250.5,10000,Diesel,0,Sold at auction`,
  );

  // The retired machine's history is all there, read only; Restore brings it back to the list.
  await page.getByRole('button', { name: `Notes & History: ${name}` }).click();
  const kept = page.getByRole('dialog', { name: 'Equipment Notes & History' });
  await expect(kept.getByText('Changed the oil')).toBeVisible();
  await expect(kept.getByText('Oil filter (OF-42) x3')).toBeVisible();
  await expect(kept.getByText('Retired · Sold at auction')).toBeVisible();
  await expect(kept.getByLabel('Add a note')).toHaveCount(0);
  await kept.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `Restore: ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Equipment Restored', { exact: true })).toBeVisible();
  await expect(page.getByTestId('retired-count')).toHaveText('0');
  await page.goto('/equipment-list');
  await expect(page.getByTestId('equipment-row').filter({ hasText: name })).toBeVisible();
});

test('a tool with no meter (unit N/A) is not asked its usage, lifespan or service interval', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Torque wrench');
  await page.goto('/add-equipment');
  await page.getByLabel('Equipment name').fill(name);
  await pick(page, 'Type', 'Tools');
  await pick(page, 'Usage unit', 'Hours');
  await expect(page.getByLabel(/^Current usage/)).toBeVisible();
  await page.getByLabel(/^Service interval/).fill('-3'); // would be refused, but is not sent for N/A
  await pick(page, 'Usage unit', 'N/A');
  for (const label of [
    /^Current usage/,
    /^Expected lifespan/,
    /^Service interval/,
    /^Last serviced at/,
  ])
    await expect(page.getByLabel(label)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Equipment', exact: true }).click();
  await expect(
    page.getByText('Equipment has been successfully added.', { exact: true }),
  ).toBeVisible();
});

test('equipment list export and the two-step permanent delete', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Truck');
  await machineViaApi(page.request, {
    name,
    type: 'vehicle',
    unit: 'miles',
    currentUsage: 5000,
    serviceInterval: 1000,
    lastServiceUsage: 4000,
  });
  await page.goto('/equipment-list');
  await expect(
    page.getByTestId('equipment-row').filter({ hasText: name }).getByText('Time for Service'),
  ).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^equipment-list-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, first] = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(header).toBe(
    'Name,Type,Serial Number,Unit,Current Usage,Threshold,Fuel Type,Service Interval,Last Service Usage,Status,Scheduled Maintenance,Next Maintenance Date,Date Added,Maintenance Start Date,Maintenance Interval,Maintenance Interval Unit,Forecast Due Date,Days Until Due,Forecast By,Due At Usage,Usual Daily Usage,Usage Overdue,No Usage Forecast Because',
  );
  expect(first).toMatch(
    new RegExp(
      `^${name},vehicle,,miles,5000,,N/A,1000,4000,Time for Service,No,,\\d{4}-\\d{2}-\\d{2},,,,\\d{4}-\\d{2}-\\d{2},0,Usage forecast,5000,,,$`,
    ),
  );

  await rowAction(page, name, 'Remove');
  const dialog = page.getByRole('dialog', { name: 'Remove Equipment' });
  await dialog.getByRole('button', { name: 'Delete permanently without saving' }).click();
  await dialog.getByRole('button', { name: 'Back to Retire' }).click();
  await expect(dialog.getByRole('button', { name: 'Retire Equipment' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete permanently without saving' }).click();
  await dialog.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(page.getByText('Equipment Deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No equipment found')).toBeVisible();
  await page.goto('/retired-equipment');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('No Retired Equipment to Export', { exact: true })).toBeVisible();
});

test('the list shows one page at a time: pages, search, status filter, counts; export and reload keep the whole filtered list', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await subscribeViaApi(page, 'enterprise');
  for (let i = 1; i <= 28; i++)
    await machineViaApi(page.request, {
      name: `Pump ${String(i).padStart(2, '0')}`,
      currentUsage: 10,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });
  await machineViaApi(page.request, {
    name: 'Zeta Loader',
    serialNumber: 'ZL-9',
    currentUsage: 10,
    serviceInterval: 100,
    lastServiceUsage: 0,
  });
  await machineViaApi(page.request, {
    name: 'Crane X',
    type: 'vehicle',
    unit: 'miles',
    currentUsage: 130,
    serviceInterval: 100,
    lastServiceUsage: 0,
  });

  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/equipment')) requests.push(new URL(r.url()).pathname);
  });
  await page.goto('/equipment-list');
  const summary = page.getByTestId('equipment-summary');
  const rows = page.getByTestId('equipment-row');
  await expect(summary).toHaveText('Showing 1–25 of 30 machines');
  await expect(page.getByTestId('fleet-count')).toHaveText('30 machines in your fleet');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('Crane X');
  await expect(page.getByTestId('equipment-page')).toHaveText('Page 1 of 2');
  // The page never asks for the whole fleet.
  expect(requests).not.toContain('/api/equipment');

  // Next page with the keyboard: focus moves to the summary of the new page.
  await page.getByRole('button', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(summary).toHaveText('Showing 26–30 of 30 machines');
  await expect(summary).toBeFocused();
  await expect(rows).toHaveCount(5);
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(summary).toHaveText('Showing 1–25 of 30 machines');

  // Search by name or serial number (case-insensitive); the pager goes away with one page.
  await page.getByLabel('Search by name or serial number').fill('zl-');
  await expect(summary).toHaveText('Showing 1–1 of 1 machine');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Zeta Loader');
  await expect(page.getByRole('navigation', { name: 'Pages of the equipment list' })).toBeHidden();
  await page.getByLabel('Search by name or serial number').fill('no such machine');
  await expect(summary).toHaveText('No equipment matches your search or filters.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(summary).toHaveText('Showing 1–25 of 30 machines');
  await expect(page.getByLabel('Search by name or serial number')).toHaveValue('');

  // Status filter with counts; it stays in the address, so a reload keeps it.
  await pick(page, 'Service status', 'Overdue (1)');
  await expect(summary).toHaveText('Showing 1–1 of 1 machine');
  await expect(rows.first()).toContainText('Crane X');
  await page.reload();
  await expect(summary).toHaveText('Showing 1–1 of 1 machine');
  await expect(page.getByRole('combobox', { name: 'Service status' })).toHaveText('Overdue (1)');

  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

  // Export CSV takes every machine matching the filters, not just the page on screen.
  await pick(page, 'Service status', 'All statuses (30)');
  await expect(summary).toHaveText('Showing 1–25 of 30 machines');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = readFileSync((await (await downloadPromise).path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines).toHaveLength(31);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('shows cards, not the table, and the dialogs work', async ({ page }) => {
    await signupOwnerViaApi(page.request);
    const name = uniqueName('Drill');
    await machineViaApi(page.request, {
      name,
      type: 'tools',
      unit: 'hours',
      currentUsage: 12.5,
      serviceInterval: 10,
      lastServiceUsage: 0,
    });
    await page.goto('/equipment-list');
    const card = page.getByTestId('equipment-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await card.getByRole('button', { name: `Update Usage: ${name}` }).click();
    const usage = page.getByRole('dialog', { name: 'Update Equipment Usage' });
    await usage.getByLabel('Usage increase').fill('1');
    await usage.getByRole('button', { name: 'Update Usage' }).click();
    await expect(card.getByText('13.5 hours', { exact: true })).toBeVisible();
    await expect(page.getByTestId('equipment-summary')).toHaveText('Showing 1–1 of 1 machine');
    await expect(page.getByLabel('Search by name or serial number')).toBeVisible();
  });
});

test('Spanish', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await signupOwnerViaApi(page.request);
  await page.goto('/equipment-list');
  await expect(page.getByText('No se encontró equipo')).toBeVisible();
  await page.getByRole('link', { name: 'Agregue su primer equipo' }).click();
  await expect(page.getByRole('heading', { name: 'Agregar equipo nuevo' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar equipo', exact: true }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
});

test('edit from /add?edit={id}, the plan-limit alert, and no serious accessibility problems', async ({
  page,
}) => {
  // Four axe scans and fifteen machines added: more than the default minute on a busy machine.
  test.slow();
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Mower');
  const e = await machineViaApi(page.request, {
    name,
    type: 'other',
    unit: 'hours',
    currentUsage: 3,
    serviceInterval: 10,
  });
  await page.goto(`/add?edit=${e.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Equipment' })).toBeVisible();
  await expect(page.getByLabel('Equipment name')).toHaveValue(name);

  for (const url of ['/equipment-list', '/equipment/all', '/add-equipment', '/retired-equipment']) {
    await page.goto(url);
    await expect(page.locator('main h1')).toBeVisible();
    expect(await seriousViolations(page, { include: 'main' }), url).toEqual([]);
  }

  for (let i = 0; i < 14; i++) await machineViaApi(page.request, { name: `Fill ${i}` });
  await page.goto('/add-equipment');
  await expect(
    page.getByRole('alert').filter({ hasText: /reached your plan's limit of 15/ }),
  ).toBeVisible();
  await page.getByLabel('Equipment name').fill('One too many');
  await pick(page, 'Type', 'Tools');
  await pick(page, 'Usage unit', 'Hours');
  await page.getByRole('button', { name: 'Add Equipment', exact: true }).click();
  await expect(
    page.getByText(/Please upgrade your plan or remove equipment to add more\./).first(),
  ).toBeVisible();
});
