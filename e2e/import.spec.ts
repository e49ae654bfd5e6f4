import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, seriousViolations, signupOwnerViaApi, test, WCAG } from './fixtures';

/** Screenshots for a human look (SCREENSHOTS=dir): both layouts are taken by the runs that set it. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const CSV = [
  'Asset,Type,Serial,Hours,Unit',
  'Excavator A,Machinery,SN-A,"1,234.5",Hours',
  'Truck B,Vehicle,SN-B,500,Miles',
  'Bad C,Spaceship,SN-C,-5,Hours',
].join('\r\n');

async function upload(page: Page, name: string, buffer: Buffer, mimeType: string) {
  await page.getByLabel(/Spreadsheet file|Archivo de hoja de cálculo/).setInputFiles({
    name,
    mimeType,
    buffer,
  });
}

test('upload good and bad rows, fix the mapping, import, the list shows them; export and re-import adds nothing', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/');
  // Import is under the header's More menu (issue 26: the owner's header keeps four links).
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'More', exact: true })
    .click();
  await page.getByRole('menuitem', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import from a spreadsheet' })).toBeVisible();

  await upload(page, 'fleet.csv', Buffer.from(CSV), 'text/csv');
  await expect(page.getByTestId('file-summary')).toHaveText('fleet.csv: 3 rows');
  // "Asset" is not a header we know: the name column must be chosen.
  await expect(page.getByRole('alert')).toHaveText(
    'Choose the column that holds the name (or the fleet number, make and model).',
  );
  await expect(page.getByRole('button', { name: 'Check the rows' })).toBeDisabled();
  await expect(page.getByLabel('Imported as (column Hours)')).toHaveValue('currentUsage');
  await page.getByLabel('Imported as (column Asset)').selectOption('name');
  await shot(page, 'import-mapping');
  await page.getByRole('button', { name: 'Check the rows' }).click();

  await expect(page.getByTestId('import-summary')).toHaveText(
    "To add: 2 · To update: 0 · Unchanged: 0 · With errors: 1 · Over your plan's limit: 0",
  );
  const rows = page.getByRole('table', { name: 'Rows of the file' });
  await expect(
    rows.getByText('Type: "Spaceship" is not a type: use vehicle, machinery, tools or other'),
  ).toBeVisible();
  await expect(rows.getByText('Current usage: Current usage must be 0 or more')).toBeVisible();
  await shot(page, 'import-preview');
  // The wizard with its preview shown has no serious accessibility violations.
  expect(await seriousViolations(page, { tags: [...WCAG, 'best-practice'] })).toEqual([]);
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Machines added: 2 · Updated: 0')).toBeVisible();
  await page.getByRole('link', { name: 'View the Equipment List' }).click();
  await expect(page.getByText('Excavator A').first()).toBeVisible();
  await expect(page.getByText('Truck B').first()).toBeVisible();
  await expect(page.getByText('Bad C')).toHaveCount(0);
  await expect(page.getByTestId('fleet-count')).toContainText('2');

  // Export CSV -> re-import: every row matches its machine, nothing is added.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = readFileSync((await (await downloadPromise).path())!);
  await page.goto('/import');
  await upload(page, 'equipment-list.csv', exported, 'text/csv');
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    "To add: 0 · To update: 0 · Unchanged: 2 · With errors: 0 · Over your plan's limit: 0",
  );
  await expect(page.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();
  const count = await page.request.get('/api/equipment/count');
  expect((await count.json()) as { count: number }).toMatchObject({ count: 2 });
});

test('the Spanish Excel template downloads, reads back and imports (numbers and dates the Spanish way)', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  await page.goto('/import');
  await expect(
    page.getByRole('heading', { name: 'Importar desde una hoja de cálculo' }),
  ).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Plantilla (Excel)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('plantilla-importar-equipos.xlsx');
  const xlsx = readFileSync((await download.path())!);
  await upload(
    page,
    'plantilla.xlsx',
    xlsx,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  await expect(page.getByTestId('file-summary')).toHaveText('plantilla.xlsx: 2 filas');
  await expect(page.getByLabel('Los números se escriben como')).toHaveValue(',');
  await shot(page, 'import-mapping-es');
  await page.getByRole('button', { name: 'Revisar las filas' }).click();
  await expect(page.getByTestId('import-summary')).toContainText('Para agregar: 2 ·');
  await shot(page, 'import-preview-es');
  await page.getByRole('button', { name: 'Importar 2 filas' }).click();
  await expect(page.getByText('Máquinas agregadas: 2 · Actualizadas: 0')).toBeVisible();
  const list = (await (await page.request.get('/api/equipment')).json()) as {
    name: string;
    currentUsage: number;
    maintenanceStartDate: string | null;
  }[];
  expect(list.map((e) => [e.name, e.currentUsage, e.maintenanceStartDate])).toEqual([
    ['Camioneta 2', 48210, null],
    ['Excavadora 1', 1234.5, '2026-01-15'],
  ]);
});

test('a Spanish user sees the problems of a row in Spanish', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  await page.goto('/import');
  await upload(
    page,
    'flota.csv',
    Buffer.from(
      'Nombre;Tipo;Unidad;Horas\r\nPala;Maquinaria;Horas;1.234,5\r\n;Maquinaria;Horas;x\r\n',
    ),
    'text/csv',
  );
  await page.getByRole('button', { name: 'Revisar las filas' }).click();
  const rows = page.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByText('Nombre: El nombre es obligatorio')).toBeVisible();
  await expect(page.getByTestId('import-summary')).toContainText('Para agregar: 1 ·');
});

test('an ordinary fleet sheet: no Type column, a blank meter, a blank line; rows by the sheet’s own line; the finish says what was skipped', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/import');
  await upload(
    page,
    'fleet.csv',
    Buffer.from(
      [
        'Unit #,Year,Make,Model,VIN / Serial,Hours,Notes',
        'T-12,2019,Deere,310L,1T0310,"1,250",',
        '',
        'T-13,2021,Cat,420,CAT420,mil doscientos,',
        'Shop vac,,,,,,Bay 2',
      ].join('\r\n'),
    ),
    'text/csv',
  );
  const mapping = page.getByRole('table').first();
  await expect(mapping.getByRole('combobox').first()).toHaveValue('fleetNumber');
  await page.getByRole('button', { name: 'Check the rows' }).click();
  const rows = page.getByRole('table', { name: 'Rows of the file' });
  const t13 = rows.getByRole('row', { name: /T-13/ });
  // Line 4 of the sheet: the header is line 1 and line 3 is blank.
  await expect(t13.getByRole('cell').first()).toHaveText('4');
  await expect(t13).toContainText('"mil doscientos" is not a number');
  await expect(rows.getByRole('row', { name: /T-12 2019 Deere 310L/ })).toContainText(
    'No type in the file: added as Other',
  );
  await expect(rows.getByRole('row', { name: /Shop vac/ })).toContainText(
    'No meter in the file: added without usage tracking (N/A)',
  );
  await page.getByRole('button', { name: /Import 2 rows/ }).click();
  await expect(page.getByTestId('import-skipped')).toContainText('1 row was not imported:');
  await expect(page.getByTestId('import-skipped')).toContainText('1 with errors');
  const list = (await (await page.request.get('/api/equipment')).json()) as {
    name: string;
    unit: string;
    type: string;
    currentUsage: number;
  }[];
  expect(list.map((e) => [e.name, e.type, e.unit, e.currentUsage])).toEqual([
    ['Shop vac', 'other', 'n/a', 0],
    ['T-12 2019 Deere 310L', 'other', 'hours', 1250],
  ]);
});

test('past readings and services: a rollback is refused in the preview, the rest lands in the history', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const res = await page.request.post('/api/equipment', {
    data: {
      name: 'Loader',
      serialNumber: 'LD-7',
      type: 'machinery',
      unit: 'hours',
      currentUsage: 100,
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const today = new Date();
  const us = (d: Date) =>
    `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  await page.goto('/import');
  await page.getByLabel('Past readings and services').check();
  const log = Buffer.from(
    [
      'Date,Machine,Reading,Fuel (gal),Cost,Note',
      `${us(today)},LD-7,110,12.5,,Morning check`,
      `${us(today)},Loader,50,,,Typo`,
      `${us(today)},ld-7,105,,"1,200.00",Oil change`,
    ].join('\r\n'),
  );
  await upload(page, 'log.csv', log, 'text/csv');
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    'Readings: 1 · Services: 1 · Already recorded: 0 · Held for review: 0 · With errors: 1',
  );
  await expect(
    page
      .getByRole('table', { name: 'Rows of the file' })
      .getByText('Reading: Lower than the previous reading (110): a meter cannot go back'),
  ).toBeVisible();
  await shot(page, 'import-history-preview');
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Readings recorded: 1 · Services recorded: 1')).toBeVisible();
  const machine = (await (await page.request.get(`/api/equipment/${id}`)).json()) as {
    currentUsage: number;
    totalFuelUsed: number;
    lastServiceUsage: number;
  };
  expect(machine).toMatchObject({ currentUsage: 110, totalFuelUsed: 12.5, lastServiceUsage: 105 });

  // The same file again (issue 25): the two rows already recorded are said so, and nothing is imported.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('Past readings and services').check();
  await upload(page, 'log.csv', log, 'text/csv');
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    'Readings: 0 · Services: 0 · Already recorded: 2 · Held for review: 0 · With errors: 1',
  );
  await shot(page, 'import-history-again');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  await page.getByLabel('Lecturas y servicios pasados').check();
  await upload(page, 'log.csv', log, 'text/csv');
  // The file writes numbers and dates the US way.
  await page.getByLabel('Los números se escriben como').selectOption('.');
  await page.getByLabel('Las fechas se escriben como').selectOption('mdy');
  await page.getByRole('button', { name: 'Revisar las filas' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    'Lecturas: 0 · Servicios: 0 · Ya registradas: 2 · Retenidas para revisión: 0 · Con errores: 1',
  );
  await shot(page, 'import-history-again-es');
  const again = (await (await page.request.get(`/api/equipment/${id}`)).json()) as {
    totalFuelUsed: number;
  };
  expect(again.totalFuelUsed).toBe(12.5);
});
