import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, operatorViaApi, pageAt, setupFieldTeam, SIZES, test } from './fixtures';

/**
 * Issue 43, "one machine, one truth", on the machine page: an operator's photos (a reported problem's,
 * a failed item's) in the timeline's "Photos" and in the printable inspection report, the voided
 * entries under "Voids", a reading held for review with Approve, the open work orders, work-order
 * entries as links with their cost, and "Record a reading" taking the meter's total and its time.
 * Screenshots at 1366x900 and 390x844 in English and Spanish go to MACHINE_SHOTS=<folder>.
 */
const dir = process.env.MACHINE_SHOTS;

/** A 24x24 PNG (a real image: the thumbnails are drawn). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGM4YaNBFcQwatCoQaMGjRo0atCoQQNvEAC6QaMfOyGMWwAAAABJRU5ErkJggg==';

type Seeded = { id: string; name: string; orderId: string; doneId: string };

/** A machine at 600 h with every kind of thing the page left out before issue 43. */
async function seed(page: Page, request: APIRequestContext): Promise<Seeded> {
  const team = await setupFieldTeam(page.request, { namePrefix: 'CAT 320', currentUsage: 600 });
  const id = team.equipmentId;
  const ok = async (res: Promise<import('@playwright/test').APIResponse>, status = 0) => {
    const r = await res;
    if (status) expect(r.status(), await r.text()).toBe(status);
    else expect(r.ok(), await r.text()).toBe(true);
    return r;
  };
  // The operator: a reported problem with its photo, a checklist with a failed item and its photo,
  // and a reading the meter cannot do since the last one (held for review).
  await operatorViaApi(request, team);
  const tpl = await ok(
    page.request.post('/api/inspection-templates', {
      data: {
        name: 'Daily check',
        equipmentTypes: ['machinery'],
        daily: true,
        items: [
          { id: 'tires', label: 'Tires, front', kind: 'passFail', required: true, critical: false },
        ],
      },
    }),
  );
  await ok(
    request.post('/api/problem-reports', {
      headers: { 'idempotency-key': `r-${id}` },
      data: { equipmentId: id, problem: 'Hydraulic hose leaking' },
    }),
    201,
  );
  await ok(
    request.post('/api/problem-reports/photo', { data: { reportKey: `r-${id}`, data: PNG } }),
  );
  await ok(
    request.post('/api/inspections', {
      headers: { 'idempotency-key': `i-${id}` },
      data: {
        equipmentId: id,
        templateId: ((await tpl.json()) as { id: string }).id,
        answers: [{ itemId: 'tires', result: 'fail', note: 'Cut in the tread' }],
      },
    }),
    201,
  );
  await ok(
    request.post('/api/inspections/photos', {
      data: { inspectionKey: `i-${id}`, itemId: 'tires', data: PNG },
    }),
  );
  await ok(
    request.post('/api/operator-updates', { data: { equipmentId: id, newUsage: 667.5 } }),
    201,
  );
  // The owner: a wrong increase voided; an open work order assigned to them; one done, for $161.
  await ok(page.request.patch(`/api/equipment/${id}/usage`, { data: { usageIncrease: 900 } }));
  const history = (await (await page.request.get(`/api/equipment/${id}/history`)).json()) as {
    id: string;
    usage: number | null;
  }[];
  const wrong = history.find((h) => h.usage === 1500);
  await ok(
    page.request.post(`/api/equipment/${id}/history/${wrong!.id}/void`, {
      data: { reason: 'Typed 1500 for 600' },
    }),
  );
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const order = await ok(
    page.request.post('/api/work-orders', {
      data: { equipmentId: id, title: 'Replace the hose', kind: 'repair', assigneeId: me.id },
    }),
  );
  const done = await ok(
    page.request.post('/api/work-orders', {
      data: { equipmentId: id, title: 'Fix the light', kind: 'repair', vendor: 'Shop A' },
    }),
  );
  const doneId = ((await done.json()) as { id: string }).id;
  await ok(page.request.post(`/api/work-orders/${doneId}/complete`, { data: { otherCost: 161 } }));
  return {
    id,
    name: team.equipmentName,
    orderId: ((await order.json()) as { id: string }).id,
    doneId,
  };
}

const entries = (p: Page) => p.getByTestId('timeline').getByTestId('history-entry');

async function expectDrawn(p: Page, img: import('@playwright/test').Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(24);
}

test('the machine page shows photos, voids, a held reading and work orders, and records a reading (issue 43)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const m = await seed(page, request);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`/machines/${m.id}`);
  await expect(page.getByRole('heading', { level: 1, name: m.name })).toBeVisible();

  // Defect 11: the held 667.5 h reading, the open work order with its status and assignee.
  const held = page.getByTestId('pending-readings');
  await expect(held).toContainText('A reading is waiting for review');
  await expect(held).toContainText('667.5 hours');
  const orders = page.getByTestId('open-work-orders');
  await expect(orders.getByRole('link', { name: /#1 Replace the hose/ })).toHaveAttribute(
    'href',
    `/work-orders/${m.orderId}`,
  );
  await expect(orders).toContainText('Open');
  await expect(orders).toContainText('Assigned to');
  await expect(orders).not.toContainText('Fix the light');

  // Defect 2: "Photos" lists the reported problem's and the failed item's photos, drawn, opening them.
  await page.locator('#timeline-kind').selectOption('photo');
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).first()).toContainText('Tires, front');
  await expect(entries(page).nth(1)).toContainText('Hydraulic hose leaking');
  for (const i of [0, 1]) {
    const img = entries(page).nth(i).getByRole('img');
    await expectDrawn(page, img);
    await expect(entries(page).nth(i).getByRole('link')).toHaveAttribute(
      'href',
      /^\/api\/defects\/[0-9a-f-]+\/photo$/,
    );
  }
  // Defect 3: "Voids" lists the voided reading, struck through, with its reason.
  await page.locator('#timeline-kind').selectOption('void');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).getByTestId('voided')).toContainText('Typed 1500 for 600');
  // Defect 11: work-order entries link to their order, with its cost.
  await page.locator('#timeline-kind').selectOption('work_order');
  const doneLink = entries(page).first().getByRole('link', { name: 'Work order #2 · $161' });
  await expect(doneLink).toHaveAttribute('href', `/work-orders/${m.doneId}`);
  await doneLink.click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${m.doneId}$`));
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: m.name })).toBeVisible();

  // Defect 9: "Record a reading" takes the meter's total and its date and time.
  await page.getByRole('button', { name: 'Record a reading' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a reading' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Update Equipment Usage')).toHaveCount(0);
  await expect(dialog.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dialog.getByLabel('Time')).toHaveValue(/^\d{2}:\d{2}$/);
  const total = dialog.getByLabel('Meter reading (total)');
  await total.fill('590');
  await dialog.getByRole('button', { name: 'Record reading' }).click();
  // The open dialog is modal: what was on the page when it opened (the toast region, once a toast has
  // been shown) is aria-hidden until it closes. The toast is still shown, and announced by its own live
  // region; the locator counts hidden elements so it finds the region either way.
  const toasts = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await expect(
    toasts.getByText('The reading 590 hours is below the current usage of 600 hours.', {
      exact: false,
    }),
  ).toBeVisible();
  await total.fill('612.5');
  await dialog.getByRole('button', { name: 'Record reading' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts.getByText('is now at 612.5 hours.', { exact: false })).toBeVisible();
  await page.locator('#timeline-kind').selectOption('reading');
  await expect(entries(page).first()).toContainText('Reading: 612.5 hours');

  // The held reading approved from the page: applied, and the notice leaves.
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(held).toBeHidden();
  await expect(entries(page).first()).toContainText('667.5 hours');

  // Defect 2: the printable inspection report carries the failed item's and the problem's photos.
  await page.goto(`/inspections/report/${m.id}`);
  for (const item of ['Tires, front', 'Hydraulic hose leaking'])
    await expectDrawn(page, page.getByRole('img', { name: `Photo of ${item}` }));
  expect(errors).toEqual([]);
});

const LANGS = [
  {
    lng: 'en',
    locale: 'en-US',
    held: 'A reading is waiting for review',
    orders: 'Open work orders',
  },
  {
    lng: 'es',
    locale: 'es-ES',
    held: 'Una lectura espera revisión',
    orders: 'Órdenes de trabajo abiertas',
  },
] as const;

test('the machine page with everything on it, in English and Spanish, desktop and phone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const m = await seed(page, request);
  const owner = await page.context().storageState();
  if (dir) mkdirSync(dir, { recursive: true });
  for (const size of SIZES)
    for (const lang of LANGS) {
      const { ctx, page: p } = await pageAt(browser, lang.locale, size.width, {
        storageState: owner,
      });
      await p.goto(`/machines/${m.id}`);
      await expect(p.getByTestId('pending-readings')).toContainText(lang.held);
      await expect(p.getByRole('heading', { name: lang.orders })).toBeVisible();
      await p.locator('#timeline-kind').selectOption('photo');
      await expect(entries(p)).toHaveCount(2);
      await expectDrawn(p, entries(p).first().getByRole('img'));
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${lang.lng} ${size.name}: wider than the window`).toBeLessThanOrEqual(0);
      if (dir)
        await p.screenshot({
          path: `${dir}/machine-43-${lang.lng}-${size.name}.png`,
          fullPage: true,
        });
      await p
        .getByRole('button', {
          name: lang.lng === 'es' ? 'Registrar una lectura' : 'Record a reading',
        })
        .click();
      await expect(p.getByRole('dialog')).toBeVisible();
      if (dir) await p.screenshot({ path: `${dir}/reading-43-${lang.lng}-${size.name}.png` });
      await ctx.close();
    }
});
