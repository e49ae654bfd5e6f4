import type { APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import {
  expect,
  FIELD_PASSWORD,
  phoneContext,
  screenshotsTo,
  setupFieldTeam,
  signInOperator,
  test,
} from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * Pre-use inspections (issue 16), phone size: an operator completes a checklist with one failed item
 * and a photo; the manager sees the defect, takes the machine out of service; the operator sees it when
 * picking the machine; the manager resolves it with a service entry; the machine is back in service.
 * INSPECTION_SHOTS=<dir> also saves screenshots of the new screens.
 */

const shot = screenshotsTo(process.env.INSPECTION_SHOTS);
const setupTeam = (request: APIRequestContext) =>
  setupFieldTeam(request, { namePrefix: 'Excavator', currentUsage: 500 });

test('an operator inspection with a failed item reaches the manager, who takes the machine out of service and resolves it with a service entry', async ({
  page,
  browser,
}) => {
  const team = await setupTeam(page.request);

  // The manager copies the ready-made machinery checklist.
  await page.goto('/inspections');
  await expect(page.getByText('No open defects.')).toBeVisible();
  await page.getByRole('button', { name: 'Machinery' }).click();
  await expect(page.getByRole('heading', { name: 'Machine daily inspection' })).toBeVisible();

  // The operator picks the machine (its sticker link) and runs the checklist.
  const ctx = await phoneContext(browser);
  const op = await ctx.newPage();
  await op.goto(`/m/${team.equipmentId}`);
  await signInOperator(op, team);
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  await expect(op.getByText('Inspect before use')).toBeVisible();
  await shot(op, 'inspection-operator-picked-en-390');
  await op.getByRole('button', { name: 'Start inspection: Machine daily inspection' }).click();

  const item = (name: string) => op.getByRole('group', { name, exact: false });
  for (const name of [
    'Guards and shields in place',
    'Hydraulic hoses and cylinders',
    'Engine oil level',
    'Coolant level',
    'Backup alarm and horn',
    'Emergency stop works',
  ])
    await item(name).getByRole('button', { name: 'Pass' }).click();
  const tracks = item('Tracks or tires');
  await tracks.getByRole('button', { name: 'Fail' }).click();
  await expect(tracks.getByRole('button', { name: 'Fail' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Tap targets are large on the phone.
  const box = await tracks.getByRole('button', { name: 'Fail' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
  await tracks.getByLabel('What is wrong?').fill('Left track loose');
  const png = await QRCode.toBuffer('track', { width: 600, margin: 1 });
  await tracks.getByLabel('Add a photo (optional)').setInputFiles({
    name: 'track.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(tracks.getByRole('img', { name: 'Photo to send with the update' })).toBeVisible();
  await op.getByLabel('Current reading (hours)').fill('504');
  await shot(op, 'inspection-operator-form-en-390');
  await op.getByRole('button', { name: 'Submit inspection' }).click();
  await expect(op.getByText('Inspection submitted', { exact: true }).first()).toBeVisible();
  await expect(op.getByText('Inspected today')).toBeVisible();
  await expect(op.getByTestId('current-reading')).toContainText('504');

  // The manager sees the defect with the machine and the photo, and takes the machine out of service.
  await page.goto('/inspections');
  const defect = page.getByTestId('defect');
  await expect(defect).toHaveCount(1);
  await expect(defect).toContainText('Tracks or tires');
  await expect(defect).toContainText(team.equipmentName);
  await expect(defect).toContainText('Left track loose');
  const img = defect.getByRole('img', { name: 'Photo of Tracks or tires' });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'inspection-manager-defect-en-1280');
  await defect.getByRole('button', { name: 'Take out of service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take out of service' });
  await expect(dialog.getByLabel('Reason')).toHaveValue('Tracks or tires: Left track loose');
  // The API's schema through zodResolver: a reason is required, said under the field.
  await dialog.getByLabel('Reason').fill('   ');
  await dialog.getByRole('button', { name: 'Take out of service' }).click();
  await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('#oos-reason-error')).toHaveText(
    'Give a reason for taking the machine out of service.',
  );
  await dialog.getByLabel('Reason').fill('Tracks or tires: Left track loose');
  await dialog.getByRole('button', { name: 'Take out of service' }).click();
  await expect(defect.getByText('Out of service', { exact: true })).toBeVisible();

  // The operator sees it when picking the machine.
  await op.reload();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  const alert = op.getByRole('alert').filter({ hasText: 'Out of service' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Tracks or tires: Left track loose');
  await shot(op, 'inspection-operator-out-of-service-en-390');

  // The manager resolves it with a service entry: back in service.
  await defect.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve defect' });
  await expect(resolve.getByLabel('With a service entry (repair, parts, cost)')).toBeChecked();
  // A cost below 0 and, with a note, nothing written: each rule under its field, nothing sent.
  await resolve.getByLabel('Cost (optional)').fill('-5');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve.getByLabel('Cost (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(resolve.locator('#resolve-cost-error')).toHaveText('Cost must be 0 or more');
  await resolve.getByLabel('With a note').check();
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve.getByLabel('What was done')).toHaveAttribute('aria-invalid', 'true');
  await expect(resolve.locator('#resolve-note-error')).toHaveText(
    'Describe how the defect was resolved, or record a service entry.',
  );
  await resolve.getByLabel('With a service entry (repair, parts, cost)').check();
  await resolve.getByLabel('Cost (optional)').fill('85');
  await resolve.getByLabel('What was done').fill('Track tensioned');
  await expect(resolve.getByLabel('Return the machine to service')).toBeChecked();
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('No open defects.')).toBeVisible();
  await expect(page.getByText('Every machine is in service.')).toBeVisible();

  const machine = await page.request.get(`/api/equipment/${team.equipmentId}`);
  expect(((await machine.json()) as { outOfService: unknown }).outOfService).toBeNull();
  const services = await page.request.get(`/api/equipment/${team.equipmentId}/services`);
  const log = (await services.json()) as { entries: { cost: number | null; notes: string }[] };
  expect(log.entries[0]).toMatchObject({ cost: 85, notes: 'Track tensioned' });

  await op.reload();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  await expect(op.getByText('Inspected today')).toBeVisible();
  await expect(op.getByRole('alert').filter({ hasText: 'Out of service' })).toHaveCount(0);

  // The printable report lists the inspection and the resolved defect.
  await page.goto(`/inspections/report/${team.equipmentId}`);
  await expect(
    page.getByRole('heading', { name: `Inspection report: ${team.equipmentName}` }),
  ).toBeVisible();
  await expect(page.getByText('Track tensioned')).toBeVisible();
  await shot(page, 'inspection-report-en-1280');
  await ctx.close();
});

test('the screens in Spanish at phone and desktop size (screenshots when INSPECTION_SHOTS is set)', async ({
  page: ownerPage,
  browser,
}) => {
  let page = ownerPage;
  const team = await setupTeam(page.request);
  // Copied in English by the owner: a Spanish operator reads it in Spanish (issue 26 item 5).
  const copied = await page.request.post('/api/inspection-templates/starters', {
    data: { starter: 'machinery', language: 'en' },
  });
  expect(copied.status()).toBe(201);
  const ctx = await phoneContext(browser, 'es-ES');
  const op = await ctx.newPage();
  await op.goto(`/m/${team.equipmentId}`);
  await op.getByLabel('Usuario de operador').fill(team.username);
  await op.getByLabel('Contraseña', { exact: true }).fill(FIELD_PASSWORD);
  await op.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(op.getByText('Inspeccione antes de usar')).toBeVisible();
  await op
    .getByRole('button', { name: 'Iniciar inspección: Inspección diaria de maquinaria' })
    .click();
  await op
    .getByRole('group', { name: 'Orugas o neumáticos' })
    .getByRole('button', { name: 'Falla' })
    .click();
  await op
    .getByRole('group', { name: 'Protecciones y resguardos en su lugar' })
    .getByRole('button', { name: 'Falla' })
    .click();
  await shot(op, 'inspection-operator-form-es-390');
  for (const name of [
    'Mangueras y cilindros hidráulicos',
    'Nivel de aceite del motor',
    'Nivel de refrigerante',
    'Alarma de retroceso y bocina',
    'La parada de emergencia funciona',
  ])
    await op.getByRole('group', { name }).getByRole('button', { name: 'Pasa' }).click();
  await op.getByRole('button', { name: 'Enviar inspección' }).click();
  await expect(op.getByText('Inspección enviada', { exact: true }).first()).toBeVisible();
  // A failed critical item: out of service at once.
  await expect(op.getByRole('alert').filter({ hasText: 'Fuera de servicio' })).toBeVisible();
  await shot(op, 'inspection-operator-out-of-service-es-390');

  // The manager's screens in Spanish: a desktop context with the Spanish locale, signed in as the owner.
  const desk = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    storageState: await page.context().storageState(),
  });
  page = await desk.newPage();
  await page.goto('/inspections');
  await expect(page.getByRole('heading', { name: 'Defectos abiertos' })).toBeVisible();
  await expect(page.getByTestId('defect')).toHaveCount(2);
  // The checklist copied in English reads in Spanish here too while nobody edited it, and its
  // critical items are counted with the singular or plural form (issue 43, defect 7).
  await expect(
    page.getByRole('heading', { name: 'Inspección diaria de maquinaria', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('9 puntos, 4 críticos')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Machine daily inspection');
  await expect(page.locator('main')).not.toContainText('Engine oil level');
  // What the Spanish operator recorded from it reads in English for an English reader.
  const english = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    storageState: await ownerPage.context().storageState(),
  });
  const en = await english.newPage();
  await en.goto('/inspections');
  await expect(en.getByTestId('defect')).toHaveCount(2);
  await expect(
    en.getByTestId('defect').getByRole('heading', { name: 'Tracks or tires' }),
  ).toBeVisible();
  await expect(en.locator('main')).not.toContainText('Orugas o neumáticos');
  await expect(en.locator('main')).not.toContainText('Inspección diaria de maquinaria');
  await english.close();
  await shot(page, 'inspection-manager-es-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'inspection-manager-es-390');
  await page.getByRole('button', { name: 'Editar lista' }).click();
  await shot(page, 'inspection-template-editor-es-390');
  // The editor checks with the API's schema (zodResolver): each rule under its field, nothing sent.
  const editor = page.getByRole('dialog');
  const listName = editor.getByLabel('Nombre de la lista');
  const firstLabel = editor.getByLabel('Nombre', { exact: true }).first();
  const [keptName, keptLabel] = [await listName.inputValue(), await firstLabel.inputValue()];
  await listName.fill('');
  await firstLabel.fill('  ');
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(listName).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.locator('#template-name-error')).toHaveText(
    'Escriba un nombre para la lista de verificación.',
  );
  await expect(firstLabel).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText('Cada punto necesita un nombre.')).toHaveCount(1);
  await listName.fill(keptName);
  await firstLabel.fill(keptLabel);
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Lista guardada', { exact: true })).toBeVisible();
  await expect(editor).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Inspecciones antes del uso' })).toBeVisible();
  await shot(page, 'inspection-dashboard-card-es-1280');
  await page.goto(`/inspections/report/${team.equipmentId}`);
  await expect(page.getByText('Informe de inspecciones:', { exact: false }).first()).toBeVisible();
  await shot(page, 'inspection-report-es-1280');
  await desk.close();
  await ctx.close();
});

test('an inspection made with no signal waits on the phone and is recorded once when the signal returns', async ({
  page,
  browser,
}) => {
  const team = await setupTeam(page.request);
  const copied = await page.request.post('/api/inspection-templates/starters', {
    data: { starter: 'machinery', language: 'en' },
  });
  expect(copied.status()).toBe(201);
  const ctx = await phoneContext(browser);
  const op = await ctx.newPage();
  await op.goto(`/m/${team.equipmentId}`);
  await signInOperator(op, team);
  await op.getByRole('button', { name: 'Start inspection: Machine daily inspection' }).click();
  await ctx.setOffline(true);
  for (const name of [
    'Guards and shields in place',
    'Hydraulic hoses and cylinders',
    'Engine oil level',
    'Coolant level',
    'Tracks or tires',
    'Backup alarm and horn',
  ])
    await op.getByRole('group', { name }).getByRole('button', { name: 'Pass' }).click();
  const stop = op.getByRole('group', { name: 'Emergency stop works' });
  await stop.getByRole('button', { name: 'Fail' }).click();
  await stop.getByLabel('What is wrong?').fill('Button stuck');
  await op.getByRole('button', { name: 'Submit inspection' }).click();
  await expect(op.getByText('Saved on this phone', { exact: true }).first()).toBeVisible();
  const list = op.getByRole('list', { name: 'Updates waiting to send' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Inspection: Machine daily inspection');
  const inspections = async () => {
    const res = await page.request.get(`/api/inspections?equipmentId=${team.equipmentId}`);
    return ((await res.json()) as unknown[]).length;
  };
  expect(await inspections()).toBe(0);

  await ctx.setOffline(false);
  await op.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect.poll(inspections).toBe(1);
  // A critical item failed: the machine is out of service, and the operator sees it.
  await op.reload();
  await expect(op.getByRole('alert').filter({ hasText: 'Out of service' })).toContainText(
    'Emergency stop works',
  );
  // Opening the screen again sends nothing more.
  expect(await inspections()).toBe(1);
  await ctx.close();
});
