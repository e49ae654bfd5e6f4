import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectFitsWindow, signupOwnerViaApi, SIZES, test, uniqueName } from './fixtures';

/**
 * The maintenance schedule (issue 40), at 1366x900 and 390x844, in English and Spanish: a program
 * created from a starter on the Programs page, applied to three machines from the Equipment List with
 * a last done; on a machine's page, one task marked done resets that task only. Screenshots of every
 * screen go to SCHEDULE_SHOTS=<folder> (none are taken otherwise):
 *   SCHEDULE_SHOTS=/tmp/shots E2E_PORT=5183 npx playwright test e2e/schedule.spec.ts
 */
const dir = process.env.SCHEDULE_SHOTS;

const LANGS = [
  {
    lng: 'en',
    programs: 'Programs',
    copy: 'Copy Excavators (hours)',
    program: 'Excavators (hours)',
    save: 'Save program',
    select: (n: string) => `Select ${n}`,
    apply: 'Apply program (3)',
    applyProgram: 'Apply program',
    chooseLabel: 'Program',
    lastUsage: 'Last done at (usage, optional)',
    lastDate: 'Last done on (optional)',
    applied: '15 tasks added.',
    card: 'Maintenance schedule',
    fuel: 'Fuel filters',
    markDone: 'Mark done: Fuel filters',
    tasksDone: 'Tasks done',
    record: 'Record Service',
    addTask: 'Add task',
    cancel: 'Cancel',
    primary: 'Service',
    removeProgram: 'Remove program',
    editGrease: 'Edit: Grease',
  },
  {
    lng: 'es',
    programs: 'Programas',
    copy: 'Copiar Excavadoras (horas)',
    program: 'Excavadoras (horas)',
    save: 'Guardar programa',
    select: (n: string) => `Seleccionar ${n}`,
    apply: 'Aplicar programa (3)',
    applyProgram: 'Aplicar programa',
    chooseLabel: 'Programa',
    lastUsage: 'Hecha por última vez a (uso, opcional)',
    lastDate: 'Hecha por última vez el (opcional)',
    applied: '15 tareas añadidas.',
    card: 'Programa de mantenimiento',
    fuel: 'Filtros de combustible',
    markDone: 'Marcar hecha: Filtros de combustible',
    tasksDone: 'Tareas hechas',
    record: 'Registrar servicio',
    addTask: 'Añadir tarea',
    cancel: 'Cancelar',
    primary: 'Servicio',
    removeProgram: 'Quitar programa',
    editGrease: 'Editar: Grease',
  },
] as const;

async function snap(page: Page, name: string) {
  await expectFitsWindow(page, `${name}: wider than the window`);
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** One element alone (a card, a dialog), to look at on a phone. */
async function snapOf(locator: Locator, name: string) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await locator.screenshot({ path: `${dir}/${name}.png` });
}

type Task = {
  id: string;
  name: string;
  primary: boolean;
  lastDone: { usage: number | null; date: string | null };
};

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

for (const size of SIZES)
  for (const lang of LANGS)
    test(`a program from a starter, applied to three machines, one task marked done: ${lang.lng} ${size.name}`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const tag = `${lang.lng}-${size.name}`;
      const ctx = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: size.phone,
        hasTouch: size.phone,
      });
      await ctx.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang.lng);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await signupOwnerViaApi(page.request);
      const machines: { id: string; name: string }[] = [];
      for (const i of [1, 2, 3]) {
        const name = uniqueName(`Excavator ${i}`);
        const res = await page.request.post('/api/equipment', {
          data: {
            name,
            type: 'machinery',
            unit: 'hours',
            currentUsage: 600 + i,
            serviceInterval: 250,
            lastServiceUsage: 500,
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        machines.push({ id: ((await res.json()) as { id: string }).id, name });
      }

      // Programs: copy the excavator starter, save it as the company's own program.
      await page.goto('/programs');
      await expect(page.getByRole('heading', { level: 1, name: lang.programs })).toBeVisible();
      await snap(page, `programs-empty-${tag}`);
      await page.getByRole('button', { name: lang.copy }).click();
      const form = page.getByRole('dialog');
      await expect(form.getByTestId('program-task')).toHaveCount(5);
      await snap(page, `program-form-${tag}`);
      await snapOf(form, `program-form-dialog-${tag}`);
      await form.getByRole('button', { name: lang.save }).click();
      await expect(form).toBeHidden();
      const card = page.getByTestId('program').filter({ hasText: lang.program });
      await expect(card).toBeVisible();
      // Its tasks: a table (a header and five rows), on a phone a list.
      if (size.phone) await expect(card.getByRole('listitem')).toHaveCount(5);
      else await expect(card.getByRole('row')).toHaveCount(6);
      await snap(page, `programs-${tag}`);

      // The Equipment List: tick the three machines, apply the program with a last done.
      await page.goto('/equipment-list');
      for (const m of machines)
        await page.getByRole('checkbox', { name: lang.select(m.name) }).check();
      await page.getByRole('button', { name: lang.apply }).click();
      const apply = page.getByRole('dialog');
      await apply
        .getByLabel(lang.chooseLabel, { exact: true })
        .selectOption({ label: lang.program });
      await apply.getByLabel(lang.lastUsage).fill('400');
      await apply.getByLabel(lang.lastDate).fill(daysAgo(60));
      await snap(page, `apply-${tag}`);
      await apply.getByRole('button', { name: lang.applyProgram }).click();
      await expect(page.getByText(lang.applied).first()).toBeVisible();
      await expect(apply).toBeHidden();
      for (const m of machines) {
        const tasks = (await (
          await page.request.get(`/api/equipment/${m.id}/tasks`)
        ).json()) as Task[];
        expect(tasks.length, m.name).toBe(6);
      }

      // The machine page: the schedule card, then Mark done on one task resets that task only.
      const m = machines[0]!;
      await page.goto(`/machines/${m.id}`);
      const schedule = page.getByRole('region', { name: lang.card });
      await expect(schedule.getByTestId('schedule-task')).toHaveCount(6);
      await expect(schedule.getByTestId('schedule-task').first()).toContainText(lang.primary);
      await schedule.scrollIntoViewIfNeeded();
      await snap(page, `machine-${tag}`);
      await snapOf(schedule, `card-${tag}`);
      await schedule.getByRole('button', { name: lang.addTask }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await snap(page, `task-form-${tag}`);
      await snapOf(page.getByRole('dialog'), `task-form-dialog-${tag}`);
      await page.getByRole('dialog').getByRole('button', { name: lang.cancel }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      const before = (await (
        await page.request.get(`/api/equipment/${m.id}/tasks`)
      ).json()) as Task[];
      await schedule.getByRole('button', { name: lang.markDone }).click();
      const service = page.getByRole('dialog');
      const checklist = service.getByTestId('service-tasks');
      await expect(checklist).toContainText(lang.tasksDone);
      await expect(checklist.getByRole('checkbox', { checked: true })).toHaveCount(1);
      await expect(checklist.getByRole('checkbox', { name: lang.fuel })).toBeChecked();
      await snap(page, `mark-done-${tag}`);
      await snapOf(service, `mark-done-dialog-${tag}`);
      // Nothing ticked: the dialog asks for a task before anything is sent.
      await checklist.getByRole('checkbox', { name: lang.fuel }).uncheck();
      await service.getByRole('button', { name: lang.record }).click();
      await expect(service.locator('#service-tasks-error')).toBeVisible();
      await checklist.getByRole('checkbox', { name: lang.fuel }).check();
      await expect(service.locator('#service-tasks-error')).toBeHidden();
      // The service names the task done (PATCH /api/equipment/:id/reset-service { taskIds }).
      const fuelId = before.find((x) => x.name === lang.fuel)!.id;
      const sent = page.waitForRequest(
        (r) => r.url().endsWith(`/api/equipment/${m.id}/reset-service`) && r.method() === 'PATCH',
      );
      await service.getByRole('button', { name: lang.record }).click();
      expect(((await sent).postDataJSON() as { taskIds?: string[] }).taskIds).toEqual([fuelId]);
      await expect(service).toBeHidden();
      // Only that task starts again, at the service's usage; the others keep their last done.
      await expect
        .poll(async () => {
          const now = (await (
            await page.request.get(`/api/equipment/${m.id}/tasks`)
          ).json()) as Task[];
          return now.find((x) => x.id === fuelId)?.lastDone.usage;
        })
        .toBe(601);
      const after = (await (
        await page.request.get(`/api/equipment/${m.id}/tasks`)
      ).json()) as Task[];
      for (const x of before.filter((y) => y.id !== fuelId))
        expect(after.find((y) => y.id === x.id)?.lastDone, x.name).toEqual(x.lastDone);
      await snap(page, `machine-after-${tag}`);

      // Add Equipment offers the program.
      await page.goto('/add-equipment');
      await expect(page.locator('#equipment-program')).toBeVisible();
      await snap(page, `add-equipment-${tag}`);
      expect(errors).toEqual([]);
      await ctx.close();
    });

for (const lang of LANGS)
  test(`a task's server error is shown under its field, Add Equipment applies a program, the program comes off a machine: ${lang.lng}`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await ctx.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang.lng);
    const page = await ctx.newPage();
    await signupOwnerViaApi(page.request);
    const res = await page.request.post('/api/equipment', {
      data: { name: uniqueName('Loader'), type: 'machinery', unit: 'hours', currentUsage: 120 },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const program = await page.request.post('/api/programs', {
      data: { name: 'Loaders', tasks: [{ name: 'Grease', everyUsage: 50 }] },
    });
    expect(program.status(), await program.text()).toBe(201);

    // A last done above the machine's current usage: the server's 400, under the field, in the language.
    await page.goto(`/machines/${id}`);
    await page.getByRole('button', { name: lang.addTask }).click();
    const form = page.getByRole('dialog');
    await form.locator('#task-name').fill('Grease');
    await form.locator('#task-every-usage').fill('50');
    await form.locator('#task-last-usage').fill('500');
    await form.locator('button[type=submit]').click();
    await expect(form.locator('#task-last-usage-error')).toHaveText(
      lang.lng === 'en'
        ? "The last done usage cannot be above the machine's current usage (120)."
        : 'El uso de la última vez no puede ser mayor que el uso actual de la máquina (120).',
    );
    await expect(form.locator('#task-last-usage')).toHaveAttribute('aria-invalid', 'true');
    // No interval at all: the shared schema's rule, before anything is sent.
    await form.locator('#task-every-usage').fill('');
    await form.locator('button[type=submit]').click();
    await expect(form.locator('#task-every-usage-error')).toHaveText(
      lang.lng === 'en' ? 'Give the task an interval by usage, by time, or both.' : /intervalo/,
    );
    await snapOf(form, `task-form-errors-${lang.lng}`);
    await form.locator('#task-every-usage').fill('50');
    await form.locator('#task-last-usage').fill('100');
    await form.locator('button[type=submit]').click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('schedule-task').filter({ hasText: 'Grease' })).toBeVisible();

    // Add Equipment with the program: the new machine gets its task.
    await page.goto('/add-equipment');
    const name = uniqueName('Loader');
    await page.locator('#name').fill(name);
    await page.locator('#equipment-program').selectOption({ label: 'Loaders' });
    for (const select of ['#type', '#unit']) {
      await page.locator(select).click();
      await page.getByRole('option').first().click();
    }
    await page.locator('main form button[type=submit]').click();
    await expect(page).toHaveURL(/\/$/);
    const list = (await (await page.request.get('/api/equipment')).json()) as {
      id: string;
      name: string;
    }[];
    const added = list.find((e) => e.name === name);
    expect(added).toBeTruthy();
    await expect
      .poll(async () =>
        (
          (await (await page.request.get(`/api/equipment/${added!.id}/tasks`)).json()) as Task[]
        ).map((x) => x.name),
      )
      .toEqual(['Grease']);

    // Its page: take the program off, removing its tasks.
    await page.goto(`/machines/${added!.id}`);
    await expect(page.getByTestId('schedule-task')).toHaveCount(1);
    // Moving its last done is not a change of the program's template: it still follows the program.
    await page.getByRole('button', { name: lang.editGrease }).click();
    const edit = page.getByRole('dialog');
    await edit.locator('#task-last-date').fill(daysAgo(3));
    await edit.locator('button[type=submit]').click();
    await expect(edit).toBeHidden();
    await expect
      .poll(async () => {
        const [x] = (await (
          await page.request.get(`/api/equipment/${added!.id}/tasks`)
        ).json()) as (Task & { changedFromProgram: boolean })[];
        return [x?.lastDone.date, x?.changedFromProgram];
      })
      .toEqual([daysAgo(3), false]);
    await page.getByRole('button', { name: lang.removeProgram }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('#remove-program')).toHaveValue(/.+/);
    await dialog.locator('#remove-program-remove').check();
    await snapOf(dialog, `remove-program-${lang.lng}`);
    await dialog.locator('button[type=submit]').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('schedule-task')).toHaveCount(0);
    expect(await (await page.request.get(`/api/equipment/${added!.id}/tasks`)).json()).toEqual([]);
    await ctx.close();
  });
