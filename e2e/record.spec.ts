import { expect, machineViaApi, signupOwnerViaApi, test, uniqueName, rowAction } from './fixtures';
import { unrelatedEditThenHistory } from './equipment-steps';

// Issue 12, "a maintenance record you can trust", as a manager sees it.

/** A date `days` before today (UTC; the new company's zone is the browser's, close enough for months). */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a service with parts and cost, then an unrelated edit: the machine stays Good and the history shows the service', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Excavator');
  // Due by usage (1200 - 1000 of 250 hours) and overdue by the calendar (monthly since 90 days ago).
  await machineViaApi(page.request, {
    name,
    currentUsage: 1200,
    serviceInterval: 250,
    lastServiceUsage: 1000,
    hasScheduledMaintenance: true,
    maintenanceStartDate: daysAgo(90),
    maintenanceInterval: 1,
    maintenanceIntervalUnit: 'months',
    serviceParts: [{ part: 'Oil filter', partNumber: 'OF-42', qty: 1 }],
  });
  await page.goto('/equipment-list');
  const row = page.getByTestId('equipment-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Good', { exact: true })).toHaveCount(0);

  await rowAction(page, name, 'Mark as Serviced');
  const service = page.getByRole('dialog', { name: 'Record Service' });
  await expect(service.getByLabel('Service date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(service.getByLabel('Usage at service (hours)')).toHaveValue('1200');
  await expect(service.getByRole('checkbox', { name: 'Used Oil filter' })).toBeChecked();

  // The date may be back-dated, not in the future (the company's today).
  await service.getByLabel('Service date').fill('2099-01-01');
  await service.getByRole('button', { name: 'Record Service' }).click();
  await expect(service.getByText('The service date cannot be in the future')).toBeVisible();
  await service.getByLabel('Service date').fill(daysAgo(3));
  await expect(service.getByText('The service date cannot be in the future')).toHaveCount(0);

  // The server's refusal is shown on its field, by its key, with its values filled in (it showed
  // "({{current}})" under the field while the toast said "(1,200)").
  await service.getByLabel('Usage at service (hours)').fill('1300');
  await service.getByRole('button', { name: 'Record Service' }).click();
  await expect(service.locator('#service-usage-error')).toHaveText(
    'Usage at service cannot be above the current usage (1,200)',
  );
  await service.getByLabel('Usage at service (hours)').fill('1200');

  await service.getByLabel('Quantity of part 1').fill('2');
  await service.getByRole('button', { name: 'Add Part' }).click();
  await service.getByLabel('Part 2', { exact: true }).fill('Air filter');
  await service.getByLabel('Cost (USD, optional)').fill('120.50');
  await service.getByLabel('Done by (optional)').fill('Valley Equipment');
  await service.getByLabel('Notes (optional)').fill('Greased the boom');
  await service.getByRole('button', { name: 'Record Service' }).click();
  await expect(page.getByText('Service recorded', { exact: true })).toBeVisible();
  await expect(service).toBeHidden();
  await expect(row.getByText('Good', { exact: true })).toBeVisible();

  // An unrelated edit (the description) used to send the next date back to start + interval.
  const notes = await unrelatedEditThenHistory(page, name, row);
  const details = notes.getByTestId('service-details');
  await expect(details).toHaveCount(1);
  await expect(details.getByText('Oil filter (OF-42) x2; Air filter x1')).toBeVisible();
  await expect(details.getByText('$120.50')).toBeVisible();
  await expect(details.getByText('Valley Equipment')).toBeVisible();
  await expect(notes.getByText('Greased the boom')).toBeVisible();
  await expect(notes.getByTestId('total-cost')).toHaveText('$120.50');

  // The service log of this machine downloads as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notes.getByRole('button', { name: 'Export Service Log' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^service-log-excavator-.*\.csv$/);
});

test('retire keeps the history; the Retired Equipment page opens it read only, says what Delete Forever deletes, and restores', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Tractor');
  const e = await machineViaApi(page.request, { name, currentUsage: 40, serviceInterval: 100 });
  expect(
    (
      await page.request.post(`/api/equipment/${e.id}/notes`, { data: { content: 'New tires' } })
    ).status(),
  ).toBe(201);

  await page.goto('/equipment-list');
  await rowAction(page, name, 'Remove');
  const remove = page.getByRole('dialog', { name: 'Remove Equipment' });
  await expect(remove.getByText(/keeps this equipment's whole history/)).toBeVisible();
  await remove.getByLabel('Retirement notes (optional)').fill('Sold at auction');
  await remove.getByRole('button', { name: 'Retire Equipment' }).click();
  await expect(page.getByText('Equipment Retired', { exact: true })).toBeVisible();
  await expect(page.getByTestId('equipment-row').filter({ hasText: name })).toHaveCount(0);

  await page.goto('/retired-equipment');
  await expect(page.getByTestId('retired-count')).toHaveText('1');
  await page.getByRole('button', { name: `Notes & History: ${name}` }).click();
  const history = page.getByRole('dialog', { name: 'Equipment Notes & History' });
  await expect(history.getByText('New tires')).toBeVisible();
  await expect(history.getByText(/Sold at auction/)).toBeVisible();
  await expect(history.getByLabel('Add a note')).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await history.getByRole('button', { name: 'Close' }).click();

  // Delete Forever says plainly what goes; cancelled here.
  await page.getByRole('button', { name: `Delete Forever: ${name}` }).click();
  const del = page.getByRole('dialog', { name: 'Delete Forever' });
  await expect(
    del.getByText(/every note, reading, fuel entry and service recorded for it, forever/),
  ).toBeVisible();
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(del).toBeHidden();

  await page.getByRole('button', { name: `Restore: ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Equipment Restored', { exact: true })).toBeVisible();
  await expect(page.getByTestId('retired-count')).toHaveText('0');
  await page.goto('/equipment-list');
  await expect(page.getByTestId('equipment-row').filter({ hasText: name })).toBeVisible();
  await rowAction(page, name, 'Notes & History');
  const back = page.getByRole('dialog', { name: 'Equipment Notes & History' });
  await expect(back.getByText('New tires')).toBeVisible();
});

test('restore at the plan limit is refused in the user’s language', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  const retired = await machineViaApi(page.request, { name: uniqueName('Old Mower') });
  expect(
    (
      await page.request.post(`/api/equipment/${retired.id}/retire`, {
        data: { retirementNotes: null },
      })
    ).status(),
  ).toBe(200);
  for (let i = 0; i < 15; i++) await machineViaApi(page.request, { name: `Fill ${i}` });

  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  await page.goto('/retired-equipment');
  await page.getByRole('button', { name: `Restaurar: ${retired.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText('No se pudo restaurar', { exact: true })).toBeVisible();
  await expect(
    page
      .getByText(
        'Su plan permite 15 equipos. Mejore su plan o retire otros equipos para restaurar este.',
      )
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('retired-count')).toHaveText('1');
});

test('a wrong reading is voided from the history: usage goes back, the entry stays struck through with the reason', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Loader');
  const e = await machineViaApi(page.request, { name, currentUsage: 100, serviceInterval: 250 });
  const inc = await page.request.patch(`/api/equipment/${e.id}/usage`, {
    data: { usageIncrease: 900 },
  });
  expect(inc.status()).toBe(200);
  await page.goto('/equipment-list');
  const row = page.getByTestId('equipment-row').filter({ hasText: name });
  await expect(row.getByText('1,000 hours', { exact: true })).toBeVisible();
  await rowAction(page, name, 'Notes & History');
  const notes = page.getByRole('dialog', { name: 'Equipment Notes & History' });
  const entry = notes.getByTestId('history-entry').filter({ hasText: 'Usage increased by 900' });
  await entry.getByRole('button', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void Reading' });
  await dialog.getByRole('button', { name: 'Void Reading' }).click();
  await expect(dialog.getByText('Please say why this reading is wrong')).toBeVisible();
  await dialog.getByLabel('Why is it wrong?').fill('Typed 900 for 90');
  await dialog.getByRole('button', { name: 'Void Reading' }).click();
  await expect(page.getByText('Reading Voided', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry.getByTestId('voided')).toContainText(/Voided by .* Typed 900 for 90/);
  await expect(entry.getByText('Usage increased by 900')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await expect(entry.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await notes.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('100 hours', { exact: true })).toBeVisible();
});

test('a wrong operator update is voided from the dashboard: struck through with who and why, usage and fuel recalculated', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = uniqueName('Dozer');
  const e = await machineViaApi(page.request, {
    name,
    fuelType: 'diesel',
    currentUsage: 50,
    serviceInterval: 500,
  });
  const res = await page.request.post('/api/operator-updates', {
    data: { equipmentId: e.id, newUsage: 70, fuelAdded: 12, fuelType: 'diesel' },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/');
  const item = page
    .getByRole('list', { name: 'Recent Operator Updates' })
    .getByRole('listitem', { name });
  await expect(item.getByText('Applied', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: `Void the update of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Void Reading' });
  await dialog.getByLabel('Why is it wrong?').fill('Meter of the other dozer');
  await dialog.getByRole('button', { name: 'Void Reading' }).click();
  await expect(page.getByText('Update Voided', { exact: true })).toBeVisible();
  await expect(item.getByText('Voided', { exact: true })).toBeVisible();
  await expect(item.getByText(/Voided by .*: Meter of the other dozer/)).toBeVisible();
  await expect(item.getByRole('button', { name: `Void the update of ${name}` })).toHaveCount(0);

  const machine = (await (await page.request.get(`/api/equipment/${e.id}`)).json()) as {
    currentUsage: number;
    totalFuelUsed: number;
  };
  expect(machine.currentUsage).toBe(50);
  expect(machine.totalFuelUsed).toBe(0);
});
