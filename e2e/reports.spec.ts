import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectFitsWindow, pageAt, screenshotsTo, test } from './fixtures';
import { costlyFleet, excavatorsFillingUp, usageFleet, type FillUp } from './fleets';

/** Clicks a report's Export CSV button; the downloaded file's lines. */
async function exportedLines(button: Locator): Promise<string[]> {
  const [download] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  return readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
}

/** Chooses a period the report tabs share, and waits until it is the chosen one. */
async function choosePeriod(page: Page, name: string) {
  await page.getByRole('radio', { name }).click();
  await expect(page.getByRole('radio', { name })).toHaveAttribute('aria-checked', 'true');
}

/**
 * Fleet reports, utilisation (issue 45), in English and Spanish at 1366 and 390 px: each machine's usage
 * per day against its type, sorted by a column, filtered by type, each row linking to its machine, and
 * the CSV holding the same figures; downtime in its own tab (linked as ?tab=downtime). REPORTS_SHOTS=<dir>
 * saves screenshots.
 */
const shot = screenshotsTo(process.env.REPORTS_SHOTS);

/**
 * Every report at phone width: it fits (a chart follows the new width once its resize observer has
 * run), then the machine's link in `row` opens that machine's page.
 */
async function onPhoneThenOpen(
  page: Page,
  shotName: string,
  row: Locator,
  machine: { id: string; name: string },
) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWindow(page, 'wider than a phone');
  await shot(page, shotName);
  await row.getByRole('link', { name: machine.name }).click();
  await expect(page).toHaveURL(new RegExp(`/machines/${machine.id}$`));
}

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    title: 'Fleet reports',
    perDay: 'Per day',
    machine: 'Machine',
    type: 'Type',
    vehicle: 'Vehicle',
    export: 'Export CSV',
    summary: /^3 machines · 0 idle/,
  },
  {
    locale: 'es-ES',
    tag: 'es',
    title: 'Informes de la flota',
    perDay: 'Por día',
    machine: 'Máquina',
    type: 'Tipo',
    vehicle: 'Vehículo',
    export: 'Exportar CSV',
    summary: /^3 máquinas · 0 paradas/,
  },
] as const;

for (const L of languages)
  test(`${L.tag}: utilisation per machine against its type, sorted, filtered, linked and exported`, async ({
    browser,
  }) => {
    const { ctx, page } = await pageAt(browser, L.locale);
    const f = await usageFleet(page.request);
    await page.goto('/reports?tab=utilization');
    await expect(page.getByRole('heading', { name: L.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('utilization-summary')).toHaveText(L.summary);
    const table = page.getByRole('table');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // Most used per day first: the busy excavator, 2 hours a day; its type's median is 1.05.
    await expect(rows.nth(0)).toContainText(f.busy.name);
    await expect(rows.nth(0)).toContainText('2 ');
    await expect(rows.nth(0)).toContainText('1.05');
    await shot(page, `reports-${L.tag}-1366`);

    // By name, A to Z.
    await table.getByRole('button', { name: new RegExp(L.machine) }).click();
    await expect(rows.nth(0)).toContainText(f.busy.name);
    await expect(rows.nth(2)).toContainText(f.truck.name);
    await expect(table.getByRole('columnheader', { name: new RegExp(L.machine) })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // The CSV holds the same figures, in the page's order.
    const lines = await exportedLines(page.getByRole('button', { name: L.export }));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain(L.perDay);
    expect(lines[1]).toContain(f.busy.name);
    expect(lines[1]).toContain(',60,2,1.05,');

    // Only vehicles.
    await page.getByRole('combobox', { name: L.type, exact: true }).selectOption('vehicle');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(L.vehicle);

    // Each row opens its machine.
    await onPhoneThenOpen(page, `reports-${L.tag}-390`, rows.nth(0), f.truck);
    await ctx.close();
  });

const downtimeLanguages = [
  {
    locale: 'en-US',
    tag: 'en',
    utilization: 'Utilization',
    downtime: 'Downtime',
    heading: 'Downtime and reliability',
    summary: /^Fleet availability [\d.]+% · 0 defects · 2 times out of service · /,
    outNow: 'Out of service',
    availability: 'Availability',
    days90: '90 days',
    type: 'Type',
    vehicle: 'Vehicle',
    export: 'Export CSV',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    utilization: 'Utilización',
    downtime: 'Fuera de servicio',
    heading: 'Disponibilidad y fiabilidad',
    summary: /^Disponibilidad de la flota [\d.,]+\s?% · 0 defectos · 2 veces fuera de servicio · /,
    outNow: 'Fuera de servicio',
    availability: 'Disponibilidad',
    days90: '90 días',
    type: 'Tipo',
    vehicle: 'Vehículo',
    export: 'Exportar CSV',
  },
] as const;

for (const L of downtimeLanguages)
  test(`${L.tag}: downtime per machine and per type, in its own tab, linked, filtered and exported`, async ({
    browser,
  }) => {
    const { ctx, page } = await pageAt(browser, L.locale);
    const f = await usageFleet(page.request);
    // The busy excavator out of service and back; the quiet one still out.
    for (const [m, path] of [
      [f.busy, 'out-of-service'],
      [f.busy, 'return-to-service'],
      [f.quiet, 'out-of-service'],
    ] as const) {
      const res = await page.request.post(`/api/equipment/${m.id}/${path}`, {
        data: path === 'out-of-service' ? { reason: 'Hydraulic leak' } : {},
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.goto('/reports?tab=downtime');
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: L.downtime })).toHaveAttribute(
      'aria-selected',
      'true',
      { timeout: 30_000 },
    );
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: L.heading, level: 2 })).toBeVisible();
    await expect(page.getByTestId('downtime-summary')).toHaveText(L.summary);
    const table = panel.getByRole('table').first();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(table.locator('tbody tr', { hasText: f.quiet.name })).toContainText(L.outNow);
    // Per type: the two excavators together, the truck alone.
    await expect(panel.getByRole('table').nth(1).locator('tbody tr')).toHaveCount(2);
    await shot(page, `reports-downtime-${L.tag}-1366`);

    // The tab is in the address: Utilization names it, Downtime puts its own back.
    await tabs.getByRole('tab', { name: L.utilization }).click();
    await expect(page).toHaveURL(/\/reports\?tab=utilization$/);
    await expect(page.getByTestId('utilization-summary')).toBeVisible();
    await tabs.getByRole('tab', { name: L.downtime }).click();
    await expect(page).toHaveURL(/\/reports\?tab=downtime$/);

    // The period the tabs share.
    await choosePeriod(page, L.days90);
    await expect(page.getByTestId('downtime-summary')).toHaveText(L.summary);

    // The CSV: availability, hours out, defects, failures, mean time to repair, usage between failures.
    // (The machines were added seconds ago: availability counts from then, so it is not asserted.)
    const lines = await exportedLines(panel.getByRole('button', { name: L.export }));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain(L.availability);
    const busy = lines.find((l) => l.includes(f.busy.name))!;
    expect(busy).toMatch(/,0,1,0,60,hours,\w+$/);
    const quiet = lines.find((l) => l.includes(f.quiet.name))!;
    expect(quiet).toMatch(/,0,1,,3,hours,\w+$/);

    await page.getByRole('combobox', { name: L.type, exact: true }).selectOption('vehicle');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(L.vehicle);
    await page.getByRole('combobox', { name: L.type, exact: true }).selectOption('');
    await expect(rows).toHaveCount(3);

    await onPhoneThenOpen(page, `reports-downtime-${L.tag}-390`, rows, f.quiet);
    await ctx.close();
  });

const costsLanguages = [
  {
    locale: 'en-US',
    tag: 'en',
    costs: 'Costs',
    total: 'Total',
    days90: '90 days',
    summary: /^\$150 in total \(\$50 maintenance, \$100 fuel\) for 2 machines/,
    perHour: '$15 per hour',
    export: 'Export CSV',
    header: 'Total (USD)',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    costs: 'Costos',
    total: 'Total',
    days90: '90 días',
    summary: /en total .* de 2 máquinas/,
    perHour: 'por hora',
    export: 'Exportar CSV',
    header: 'Total (USD)',
  },
] as const;

for (const L of costsLanguages)
  test(`${L.tag}: costs of ownership first, per machine, exported and linked`, async ({
    browser,
  }) => {
    const { ctx, page } = await pageAt(browser, L.locale);
    const f = await costlyFleet(page.request);
    await page.goto('/reports');
    await expect(page.getByRole('tab', { name: L.costs })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('costs-summary')).toHaveText(L.summary);
    const table = page.getByRole('table', { name: /machine|máquina/i });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(f.loader.name);
    await expect(rows.nth(0)).toContainText('$150');
    await expect(rows.nth(0)).toContainText(L.perHour);
    // The chart (its own chunk) has drawn.
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await shot(page, `reports-costs-${L.tag}-1366`);

    // Another period: the same figures (all within the last 90 days).
    await choosePeriod(page, L.days90);
    await expect(page.getByTestId('costs-summary')).toHaveText(L.summary);

    // The CSV holds the same figures, in the page's order (dearest first).
    const lines = await exportedLines(page.getByRole('button', { name: L.export }));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(L.header);
    expect(lines[1]).toContain(f.loader.name);
    expect(lines[1]).toContain(',50,100,150,hours,10,15,0');
    expect(lines[2]).toContain(f.quiet.name);

    // Each row opens its machine, whose cost of ownership is the report's.
    await onPhoneThenOpen(page, `reports-costs-${L.tag}-390`, rows.nth(0), f.loader);
    await expect(page.getByTestId('figures')).toContainText('$150');
    await ctx.close();
  });

const fuelLanguages = [
  {
    locale: 'en-US',
    tag: 'en',
    fuel: 'Fuel',
    months12: '12 months',
    flaggedLine: 'uses 40% more fuel per hour',
    summary: /^2 machines · 1 flagged · 196 gal added/,
    export: 'Export CSV',
    header: 'Fuel rate',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    fuel: 'Combustible',
    months12: '12 meses',
    flaggedLine: 'usa un 40% más de combustible por hora',
    summary: /^2 máquinas · señaladas: 1 · 196 gal cargados/,
    export: 'Exportar CSV',
    header: 'Consumo',
  },
] as const;

/**
 * Two excavators filling up three times with a reading each (110, 120, 130 h): the sound one 50, 20 and
 * 20 gal (2 gal/h), the leaking one 50, 28 and 28 gal (2.8 gal/h, 40 % more).
 */
const FILL_UPS: FillUp[] = [
  [110, 50, 50],
  [120, 20, 28],
  [130, 20, 28],
];

for (const L of fuelLanguages)
  test(`${L.tag}: fuel rate against peers, the leak flagged, exported and linked`, async ({
    browser,
  }) => {
    const { ctx, page } = await pageAt(browser, L.locale);
    const f = await excavatorsFillingUp(page.request, FILL_UPS, { fuelType: 'diesel' });
    await page.goto('/reports');
    await page.getByRole('tab', { name: L.fuel, exact: true }).click();
    await expect(page).toHaveURL(/\/reports\?tab=fuel$/);
    await expect(page.getByTestId('fuel-summary')).toHaveText(L.summary);
    await expect(page.getByTestId('fuel-flagged')).toContainText(f.leak.name);
    await expect(page.getByTestId('fuel-flagged')).toContainText(L.flaggedLine);
    await expect(page.getByTestId('fuel-flagged')).not.toContainText(f.sound.name);
    const table = page.getByRole('table', { name: /machine|máquina/i });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    // Most above its peers first.
    await expect(rows.nth(0)).toContainText(f.leak.name);
    await expect(rows.nth(0)).toContainText('2.8 gal/h');
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await shot(page, `reports-fuel-${L.tag}-1366`);

    await page.getByRole('radio', { name: L.months12 }).click();
    await expect(page.getByTestId('fuel-summary')).toHaveText(L.summary);

    const lines = await exportedLines(page.getByRole('button', { name: L.export }));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(L.header);
    expect(lines[1]).toContain(f.leak.name);
    expect(lines[1]).toContain(',106,2.8,gal/h,2,40,Yes,');
    expect(lines[2]).toContain(',90,2,gal/h,2.8,-28.57,No,');

    await onPhoneThenOpen(page, `reports-fuel-${L.tag}-390`, rows.nth(0), f.leak);
    await ctx.close();
  });
