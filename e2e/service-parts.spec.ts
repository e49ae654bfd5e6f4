import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signupOwnerViaApi, test, uniqueName } from './fixtures';

/**
 * Mark as Serviced with the parts catalogue, and a service voided (issue 43, defects 4 and 11): on the
 * machine page, the machine's written part numbers are matched against the parts list (or said to be
 * unmatched); the dialog starts with the matched part chosen, another is picked from the list, and both
 * leave stock with the service; voiding it from the timeline puts the stock back and takes its cost out.
 */
async function created(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

async function seed(request: APIRequestContext) {
  await signupOwnerViaApi(request);
  const filter = await created(
    await request.post('/api/parts', {
      data: { name: 'Oil filter', partNumber: 'OF-0', unit: 'each', unitCost: 9.5, onHand: 12 },
    }),
  );
  const grease = await created(
    await request.post('/api/parts', {
      data: { name: 'Grease', partNumber: 'GR-1', unit: 'tube', unitCost: 4, onHand: 5 },
    }),
  );
  const name = uniqueName('Excavator');
  const e = await created(
    await request.post('/api/equipment', {
      data: {
        name,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 500,
        serviceInterval: 250,
        lastServiceUsage: 300,
        // Written by hand: "of-0" is the list's OF-0; BX-9 is in no list.
        serviceParts: [
          { part: 'Oil filter', partNumber: 'of-0', qty: 1 },
          { part: 'V-belt', partNumber: 'BX-9', qty: 1 },
        ],
      },
    }),
  );
  return { id: e.id, name, filter: filter.id, grease: grease.id };
}

const onHand = async (page: Page, id: string) =>
  ((await (await page.request.get('/api/parts')).json()) as { id: string; onHand: number }[]).find(
    (p) => p.id === id,
  )!.onHand;

test('Mark as Serviced picks parts from the catalogue and draws them; voiding the service returns them', async ({
  page,
}) => {
  const m = await seed(page.request);
  await page.goto(`/machines/${m.id}`);
  await expect(page.getByRole('heading', { level: 1, name: m.name })).toBeVisible();
  const parts = page.getByTestId('service-parts').getByTestId('service-part');
  await expect(parts.nth(0)).toContainText('12 each in stock');
  await expect(parts.nth(1)).toContainText('Not in the parts list');

  await page.getByRole('button', { name: 'Mark as Serviced' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Record Service' });
  await expect(dialog.getByLabel('From the parts list').nth(0)).toHaveValue(m.filter);
  await expect(dialog.getByLabel('From the parts list').nth(1)).toHaveValue('');
  await expect(dialog.getByText(/leave stock with this service/)).toBeVisible();
  // Another part, picked from the list: its name and number fill in.
  await dialog.getByRole('button', { name: 'Add Part' }).click();
  await dialog.getByLabel('From the parts list').nth(2).selectOption(m.grease);
  await expect(dialog.getByLabel('Part 3', { exact: true })).toHaveValue('Grease');
  await expect(dialog.getByLabel('Part number of part 3')).toHaveValue('GR-1');
  await dialog.getByLabel('Quantity of part 3').fill('2');
  await dialog.getByLabel('Cost (USD, optional)').fill('80');
  await dialog.getByRole('button', { name: 'Record Service' }).click();
  await expect(page.getByText('Service recorded', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(parts.nth(0)).toContainText('11 each in stock');
  expect(await onHand(page, m.grease)).toBe(3);
  // The machine page's maintenance cost figure.
  const cost = page
    .getByTestId('figures')
    .locator('div')
    .filter({ hasText: 'Maintenance cost' })
    .locator('dd')
    .first();
  await expect(cost).toHaveText('$80');

  // Voided from the timeline, with a reason: stock back, cost out, the entry struck through.
  const entry = page
    .getByTestId('timeline')
    .getByTestId('history-entry')
    .filter({ hasText: 'Grease' });
  await entry.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void Service' });
  await expect(voiding.getByText(/go back in stock/)).toBeVisible();
  await voiding.getByLabel('Why is it wrong?').fill('Recorded on the wrong machine');
  await voiding.getByRole('button', { name: 'Void Service' }).click();
  await expect(page.getByText('Service Voided', { exact: true })).toBeVisible();
  await expect(entry.getByTestId('voided')).toContainText('Recorded on the wrong machine');
  await expect(entry.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await expect(parts.nth(0)).toContainText('12 each in stock');
  expect(await onHand(page, m.grease)).toBe(5);
  await expect(cost).toHaveText('$0');
});
