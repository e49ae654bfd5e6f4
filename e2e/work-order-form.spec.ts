import type { Page } from '@playwright/test';
import {
  expect,
  operatorViaApi,
  pageAt,
  phoneContext,
  PNG_1PX,
  screenshotsTo,
  setupFieldTeam,
  test,
} from './fixtures';

/**
 * The New work order form (issue 43, defect 5), in English and Spanish: opened for a machine (Due
 * soon, the machine's costs card) its Machine field shows that machine; opened from a hydraulic-leak
 * defect it is titled after the defect, its task is the defect's item (not the machine's service
 * parts), the notes are the operator's words and the photo shows, then shows on the order; completing
 * an order with tasks not ticked asks first. WORK_ORDER_FORM_SHOTS=<dir> saves screenshots.
 */

const shot = screenshotsTo(process.env.WORK_ORDER_FORM_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    machine: 'Machine',
    title: 'Title',
    tasks: 'Tasks (one per line)',
    notes: 'Notes',
    create: 'Create work order',
    problem: 'Hydraulic leak at the boom',
    titled: 'Repair: Hydraulic leak at the boom',
    fromDefect: 'From the defect: Hydraulic leak at the boom',
    complete: 'Complete',
    unticked: '1 of 2 tasks is not ticked',
    back: 'Go back to the tasks',
    anyway: 'Complete anyway',
    open: 'Open',
    done: 'Done',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    machine: 'Máquina',
    title: 'Título',
    tasks: 'Tareas (una por línea)',
    notes: 'Notas',
    create: 'Crear orden de trabajo',
    problem: 'Fuga hidráulica en la pluma',
    titled: 'Reparación: Fuga hidráulica en la pluma',
    fromDefect: 'Del defecto: Fuga hidráulica en la pluma',
    complete: 'Completar',
    unticked: '1 de 2 tareas no está marcada',
    back: 'Volver a las tareas',
    anyway: 'Completar de todos modos',
    open: 'Abierta',
    done: 'Terminada',
  },
] as const;

/** The Machine field shows the machine (its option selected), not "Choose a machine". */
async function expectMachineShown(page: Page, label: string, id: string, name: string) {
  const select = page.getByLabel(label, { exact: true });
  await expect(select).toHaveValue(id);
  await expect
    .poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text))
    .toBe(name);
}

for (const L of languages) {
  test(`${L.tag}: the new work order form shows its machine, carries a defect over, and asks before completing with tasks not ticked`, async ({
    browser,
  }) => {
    test.slow();
    const { ctx: desk, page } = await pageAt(browser, L.locale);
    // A machine past its service, with a service part (which a defect's order must not propose).
    const team = await setupFieldTeam(page.request, {
      namePrefix: 'CAT 320',
      currentUsage: 507.5,
      serviceInterval: 250,
      lastServiceUsage: 250,
      serviceParts: [{ part: 'Engine oil filter', qty: 1 }],
    });
    const { equipmentId: id, equipmentName: name } = team;

    // 1. From Due soon: the Machine field shows the machine.
    await page.goto('/due-soon');
    await page
      .getByTestId('due-item')
      .filter({ hasText: name })
      .getByRole('link', { name: L.create })
      .click();
    await expectMachineShown(page, L.machine, id, name);
    await expect(page.getByLabel(L.title, { exact: true })).toHaveValue(new RegExp(name));
    await expect(page.getByLabel(L.tasks)).toHaveValue('Engine oil filter × 1');

    // 2. From a defect: the operator reports a hydraulic leak with a photo.
    const phone = await phoneContext(browser, L.locale);
    await operatorViaApi(phone.request, team);
    const reported = await phone.request.post('/api/problem-reports', {
      headers: { 'idempotency-key': `leak-${L.tag}` },
      data: { equipmentId: id, problem: L.problem },
    });
    expect(reported.status(), await reported.text()).toBeLessThan(300);
    const photo = await phone.request.post('/api/problem-reports/photo', {
      data: { reportKey: `leak-${L.tag}`, data: PNG_1PX.toString('base64') },
    });
    expect(photo.status(), await photo.text()).toBeLessThan(300);
    await phone.close();

    await page.goto('/inspections');
    await page
      .getByTestId('defect')
      .filter({ hasText: L.problem })
      .getByRole('link', { name: L.create })
      .click();
    await expectMachineShown(page, L.machine, id, name);
    const title = page.getByLabel(L.title, { exact: true });
    await expect(title).toHaveValue(`${L.titled} (${name})`);
    await expect(page.getByLabel(L.tasks)).toHaveValue(L.problem);
    await expect(page.getByLabel(L.notes, { exact: true })).toHaveValue(L.problem);
    const from = page.getByTestId('from-defect');
    await expect(from).toContainText(L.fromDefect);
    const img = from.getByRole('img');
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, `work-order-from-defect-${L.tag}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(title).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, `work-order-from-defect-${L.tag}-390`);
    await page.setViewportSize({ width: 1366, height: 900 });
    // Two tasks: the defect's and one more.
    await page.getByLabel(L.tasks).fill(`${L.problem}\nTest the boom`);
    await page.getByRole('button', { name: L.create, exact: true }).click();
    await expect(page).toHaveURL(/\/work-orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(L.titled);
    // The defect's photo shows on the order.
    const woImg = page.locator('img[src*="/photos/"]');
    await expect(woImg).toHaveCount(1);
    await expect
      .poll(() => woImg.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // 3. One task ticked of two: Complete asks first; going back completes nothing.
    const task = page.getByRole('checkbox').first();
    await task.click();
    await expect(task).toBeChecked();
    await page.getByRole('button', { name: L.complete, exact: true }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText(L.unticked);
    await expect(ask.getByTestId('unticked-tasks')).toHaveText('Test the boom');
    await shot(page, `work-order-unticked-${L.tag}-1366`);
    await ask.getByRole('button', { name: L.back }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('wo-status')).toHaveText(L.open);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: L.complete, exact: true }).click();
    await expect(ask).toBeVisible();
    await shot(page, `work-order-unticked-${L.tag}-390`);
    await ask.getByRole('button', { name: L.anyway }).click();
    await expect(page.getByTestId('wo-status')).toHaveText(L.done);
    await desk.close();
  });
}
