import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  machineViaApi,
  pageAt,
  screenshotsTo,
  signupOwnerViaApi,
  test,
  uniqueName,
} from './fixtures';

/**
 * Due soon per service task (issue 40), in English and Spanish: one card per machine with a row per task
 * due, the category filter, and the machine's row moving to its next task once one is marked done.
 * DUE_SHOTS=<dir> saves screenshots at 1366 and 390 px.
 */
const shot = screenshotsTo(process.env.DUE_SHOTS);

/** YYYY-MM-DD of today + n days in UTC (the company's zone when signed up through the API). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const languages = [
  { locale: 'en-US', tag: 'en', service: 'Service', renewal: 'Renewal', category: 'Category' },
  { locale: 'es-ES', tag: 'es', service: 'Servicio', renewal: 'Renovación', category: 'Categoría' },
] as const;

async function fleet(request: APIRequestContext) {
  await signupOwnerViaApi(request);
  const add = (body: Record<string, unknown>) =>
    machineViaApi(request, { type: 'machinery', unit: 'hours', ...body });
  const names = { excavator: uniqueName('Excavator'), pickup: uniqueName('Pickup') };
  // Service every 250 h, last at 740 of 1,000 h: 104 %, due now.
  const excavator = await add({
    name: names.excavator,
    currentUsage: 1000,
    serviceInterval: 250,
    lastServiceUsage: 740,
  });
  const task = async (body: Record<string, unknown>) => {
    const res = await request.post(`/api/equipment/${excavator.id}/tasks`, { data: body });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  // 120 %: overdue, listed first.
  const filters = await task({ name: 'Fuel filters', everyUsage: 500, lastDone: { usage: 400 } });
  // Due in 20 days: a renewal, inside its own 30-day window.
  await task({
    name: 'Registration',
    category: 'renewal',
    everyTime: { count: 1, unit: 'years' },
    lastDone: { date: day(-345) },
  });
  // 90 % with no usage rate: approaching, no forecast date: not listed.
  await task({ name: 'Hydraulic filter', everyUsage: 1000, lastDone: { usage: 100 } });
  await add({
    name: names.pickup,
    unit: 'miles',
    type: 'vehicle',
    currentUsage: 5000,
    serviceInterval: 5000,
    lastServiceUsage: 0,
  });
  return { names, excavatorId: excavator.id, filtersId: filters.id };
}

for (const L of languages)
  test(`${L.tag}: Due soon lists each machine's tasks due, filters by category, and moves to the next task once one is done`, async ({
    browser,
  }) => {
    const { ctx, page } = await pageAt(browser, L.locale);
    const f = await fleet(page.request);
    await page.goto('/due-soon');
    const excavator = page.getByTestId('due-item').filter({ hasText: f.names.excavator });
    const rows = excavator.getByTestId('due-task');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Fuel filters');
    await expect(rows.nth(1)).toContainText(L.service);
    await expect(rows.nth(2)).toContainText('Registration');
    await expect(rows.nth(2)).toContainText(L.renewal);
    await expect(excavator).not.toContainText('Hydraulic filter');
    // The machine's name once, its tasks under it.
    await expect(excavator.getByRole('heading', { name: f.names.excavator })).toHaveCount(1);
    const pickup = page.getByTestId('due-item').filter({ hasText: f.names.pickup });
    await expect(pickup.getByTestId('due-task')).toHaveCount(1);
    await shot(page, `due-soon-tasks-${L.tag}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `due-soon-tasks-${L.tag}-390`);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Renewals only.
    await page.getByLabel(L.category).selectOption('renewal');
    await expect(page.getByTestId('due-task')).toHaveCount(1);
    await expect(page.getByTestId('due-task')).toContainText('Registration');
    await expect(pickup).toHaveCount(0);
    await page.getByLabel(L.category).selectOption('');
    await expect(rows).toHaveCount(3);

    // The fuel filters done today: the machine's first row is now its next task.
    const done = await page.request.patch(`/api/equipment/${f.excavatorId}/tasks/${f.filtersId}`, {
      data: { lastDone: { usage: 1000, date: day(0) } },
    });
    expect(done.status(), await done.text()).toBe(200);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(L.service);
    await expect(excavator).not.toContainText('Fuel filters');
    await ctx.close();
  });
