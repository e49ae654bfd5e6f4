import QRCode from 'qrcode';
import {
  expect,
  operatorViaApi,
  pageAt,
  phoneContext,
  screenshotsTo,
  setupFieldTeam,
  test,
} from './fixtures';

/**
 * "Report a problem" from the operator's phone (issue 27), in English and Spanish at 390x844: the
 * operator says what is wrong and adds a photo; the manager sees the defect with the photo and turns it
 * into a work order, which carries the operator's words and the photo over (sending the same report
 * twice is covered by the API test). PROBLEM_SHOTS=<dir> saves screenshots.
 */

const shot = screenshotsTo(process.env.PROBLEM_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    button: 'Report a problem',
    machine: 'Machine',
    whatIsWrong: 'What is wrong?',
    required: 'Say what is wrong.',
    photo: 'Add a photo (optional)',
    preview: 'Photo to send with the update',
    submit: 'Send to my manager',
    sent: 'Problem reported',
    problem: 'Hydraulic hose leaking on the left arm',
    reported: 'Reported from the phone by Pedro Sosa',
    createWorkOrder: 'Create work order',
    title: 'Title',
    create: 'Create work order',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    button: 'Reportar un problema',
    machine: 'Máquina',
    whatIsWrong: '¿Qué está mal?',
    required: 'Diga qué está mal.',
    photo: 'Agregar una foto (opcional)',
    preview: 'Foto que se enviará con la actualización',
    submit: 'Enviar a mi encargado',
    sent: 'Problema reportado',
    problem: 'La manguera hidráulica del brazo izquierdo pierde aceite',
    reported: 'Reportado desde el teléfono por Pedro Sosa',
    createWorkOrder: 'Crear orden de trabajo',
    title: 'Título',
    create: 'Crear orden de trabajo',
  },
] as const;

for (const L of languages) {
  test(`${L.tag}: an operator reports a problem with a photo on a phone; the manager turns it into a work order`, async ({
    browser,
  }) => {
    test.slow();
    const { ctx: desk, page } = await pageAt(browser, L.locale);
    const team = await setupFieldTeam(page.request, { namePrefix: 'Excavator', currentUsage: 500 });

    // The operator, on a phone in the language, signed in.
    const ctx = await phoneContext(browser, L.locale);
    const op = await ctx.newPage();
    await operatorViaApi(op.request, team);
    await op.goto('/');
    const open = op.getByRole('button', { name: L.button });
    await expect(open).toBeVisible();
    // Big enough for gloves.
    expect((await open.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
    await open.click();
    const form = op.getByRole('form', { name: L.button });

    await expect(op.getByRole('heading', { name: L.button })).toBeVisible();
    // Nothing said: refused on the phone with the message in the language.
    await form.getByLabel(L.machine).selectOption(team.equipmentId);
    await form.getByRole('button', { name: L.submit }).click();
    await expect(form.getByText(L.required)).toBeVisible();
    await form.getByLabel(L.whatIsWrong).fill(L.problem);
    const png = await QRCode.toBuffer('leak', { width: 600, margin: 1 });
    await form
      .getByLabel(L.photo)
      .setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByRole('img', { name: L.preview })).toBeVisible();
    const send = form.getByRole('button', { name: L.submit });
    expect((await send.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
    // No sideways scroll on the phone.
    expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(op, `problem-report-form-${L.tag}-390`);
    await op.setViewportSize({ width: 1366, height: 900 });
    await shot(op, `problem-report-form-${L.tag}-1366`);
    await op.setViewportSize({ width: 390, height: 844 });
    await send.click();
    await expect(op.getByText(L.sent, { exact: true }).first()).toBeVisible();
    // Back on the screen, the form closed.
    await expect(op.getByRole('button', { name: L.button })).toBeVisible();

    // The manager sees the defect, the operator's words and the photo.
    await page.goto('/inspections');
    const defect = page.getByTestId('defect');
    await expect(defect).toHaveCount(1);
    await expect(defect).toContainText(L.problem);
    await expect(defect).toContainText(team.equipmentName);
    await expect(defect).toContainText(L.reported);
    const img = defect.getByRole('img');
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, `problem-report-manager-${L.tag}-1366`);

    const defects = (await (await page.request.get('/api/defects')).json()) as { id: string }[];
    expect(defects).toHaveLength(1);

    // The manager turns it into a work order: the operator's words and the photo carry over.
    await defect.getByRole('link', { name: L.createWorkOrder }).click();
    await page.getByLabel(L.title, { exact: true }).fill('Replace the hose');
    await page.getByRole('button', { name: L.create, exact: true }).click();
    await expect(page.getByLabel(L.title, { exact: true })).toBeHidden();
    const orders = (await (await page.request.get('/api/work-orders?view=all')).json()) as {
      defectId: string | null;
      notes: string | null;
      photos: unknown[];
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ defectId: defects[0]!.id, notes: L.problem });
    expect(orders[0]!.photos).toHaveLength(1);
    await desk.close();
    await ctx.close();
  });
}
