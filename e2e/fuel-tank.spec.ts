import {
  expect,
  expectFitsWindow,
  machineryViaApi,
  ownerPageAt,
  screenshotsTo,
  test,
} from './fixtures';

/**
 * A fill-up more than the tank holds (issue 45), in English and Spanish at 1366 and 390 px: the tank
 * capacity typed in the edit form; a fill-up of 130 gal into a 100 gal tank carries the warning badge on
 * the machine page's timeline and on the dashboard's list of updates, and the Fuel report counts it; the
 * 50 gal one does not. TANK_SHOTS=<dir> saves screenshots.
 */
const shot = screenshotsTo(process.env.TANK_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    tank: 'Tank capacity (gal, optional)',
    save: 'Save Changes',
    saved: 'Equipment has been successfully updated.',
    over: 'More than the tank holds',
    column: 'Fill-ups over the tank',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    tank: 'Capacidad del tanque (gal, opcional)',
    save: 'Guardar cambios',
    saved: 'Equipo actualizado',
    over: 'Más de lo que cabe en el tanque',
    column: 'Cargas mayores que el tanque',
  },
] as const;

for (const L of languages)
  test(`${L.tag}: a fill-up over the tank capacity is flagged on its entry`, async ({
    browser,
  }) => {
    const { ctx, page } = await ownerPageAt(browser, L.locale);
    const loader = await machineryViaApi(page.request, 'Loader', {
      currentUsage: 100,
      fuelType: 'diesel',
    });

    // The capacity, typed in the form in the company's unit.
    await page.goto(`/add-equipment?edit=${loader.id}`);
    await page.getByLabel(L.tank).fill('100');
    await shot(page, `tank-form-${L.tag}-1366`);
    await page.getByRole('button', { name: L.save }).click();
    await expect(page.getByText(L.saved, { exact: true }).first()).toBeVisible();
    const stored = await page.request.get(`/api/equipment/${loader.id}`);
    expect(((await stored.json()) as { tankCapacity: number }).tankCapacity).toBe(100);

    for (const [newUsage, fuelAdded] of [
      [110, 50],
      [120, 130],
    ] as const) {
      const res = await page.request.post('/api/operator-updates', {
        data: { equipmentId: loader.id, newUsage, fuelAdded, fuelType: 'diesel' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/machines/${loader.id}`);
    const badge = page.getByTestId('history-entry').getByTestId('over-tank');
    await expect(badge).toHaveText(L.over);
    await expect(badge).toHaveCount(1);
    await badge.scrollIntoViewIfNeeded();
    await shot(page, `tank-timeline-${L.tag}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWindow(page);
    await badge.scrollIntoViewIfNeeded();
    await expect(badge).toBeVisible();
    await shot(page, `tank-timeline-${L.tag}-390`);

    // The dashboard's list of updates: the 130 gal fill-up carries it, the 50 gal one not.
    await page.goto('/');
    const updates = page.getByTestId('over-tank');
    await expect(updates).toHaveText(L.over);
    await expect(updates).toHaveCount(1);
    await updates.scrollIntoViewIfNeeded();
    await shot(page, `tank-updates-${L.tag}-390`);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, `tank-updates-${L.tag}-1366`);

    // The Fuel report counts it in the machine's row.
    await page.goto('/reports?tab=fuel');
    await expect(page.getByRole('columnheader', { name: L.column })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: loader.name });
    await expect(row.getByRole('cell').last()).toHaveText('1');
    await shot(page, `tank-report-${L.tag}-1366`);
    await ctx.close();
  });
