import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signupOwnerViaApi, test, uniqueName } from './fixtures';

/**
 * One machine, one cost (issue 43, defect 1): on the machine page of a CAT 320 with one service
 * ($185.40) and two completed work orders ($251.50 and $161), the "Maintenance cost" tile, the cost
 * chart's text alternative and the "Maintenance costs (12 months)" card all say $597.90, and the tile's
 * cost per hour is the card's.
 */
async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

async function cat320(request: APIRequestContext) {
  await signupOwnerViaApi(request);
  const name = uniqueName('CAT 320');
  const e = await ok(
    await request.post('/api/equipment', {
      data: { name, type: 'machinery', unit: 'hours', currentUsage: 1000, serviceInterval: 250 },
    }),
  );
  await ok(await request.patch(`/api/equipment/${e.id}/usage`, { data: { usageIncrease: 91.3 } }));
  await ok(await request.patch(`/api/equipment/${e.id}/reset-service`, { data: { cost: 185.4 } }));
  const part = await ok(
    await request.post('/api/parts', {
      data: { name: 'Hydraulic hose', unit: 'each', unitCost: 20.3, onHand: 10 },
    }),
  );
  const repair = await ok(
    await request.post('/api/work-orders', {
      data: { equipmentId: e.id, title: 'Hydraulic leak', kind: 'repair' },
    }),
  );
  await ok(
    await request.post(`/api/work-orders/${repair.id}/complete`, {
      data: { parts: [{ partId: part.id, quantity: 5 }], laborHours: 1.5, laborRate: 100 },
    }),
  );
  const service = await ok(
    await request.post('/api/work-orders', {
      data: { equipmentId: e.id, title: '250-hour service', kind: 'service' },
    }),
  );
  await ok(
    await request.post(`/api/work-orders/${service.id}/complete`, {
      data: { laborHours: 1, laborRate: 120, otherCost: 41 },
    }),
  );
  return { id: e.id, name };
}

const figure = (page: Page, label: string) =>
  page
    .getByTestId('figures')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });

test('the machine page: the cost tile, the cost chart and the costs card say the same', async ({
  page,
}) => {
  const m = await cat320(page.request);
  await page.goto(`/machines/${m.id}`);
  await expect(page.getByRole('heading', { level: 1, name: m.name })).toBeVisible();

  const tile = figure(page, 'Maintenance cost');
  await expect(tile.locator('dd').first()).toHaveText('$597.90');
  await expect(tile).toContainText('2 services · 2 work orders');
  const perHour = figure(page, 'Cost per hour');
  await expect(perHour.locator('dd').first()).toHaveText('$6.55');

  const chart = page.getByTestId('cost-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.getByRole('img')).toHaveAccessibleName(
    'Maintenance cost per month: 1 month, $597.90 in all.',
  );
  await expect(page.getByRole('table', { name: 'Maintenance cost per month' })).toContainText(
    '$597.90',
  );

  await page.getByRole('button', { name: 'Show parts and labour by month' }).click();
  await expect(page.getByTestId('machine-cost-total')).toHaveText(
    'Total: $597.90 · $6.55 per hour',
  );
});
