/**
 * Issue 40, on a phone: the operator who chooses a machine sees its next task due (the task due soonest
 * of its schedule, not only the primary one), in English and in Spanish, and after a service of that
 * task the line moves to the next one. Screenshots at 390 px go to OPERATOR_SHOTS when it is set.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, OPERATOR_LOGIN_ES, operatorPhone, setupFieldTeam, test } from './fixtures';

const dir = process.env.OPERATOR_SHOTS;
async function snap(page: Page, name: string) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const L of [
  {
    locale: 'en-US',
    labels: { user: 'Operator username', password: 'Password', submit: 'Sign In' },
    machine: 'Equipment',
    next: /^Next service: Hydraulic filter, at 1,050 hours/,
    then: /^Next service: Service, at 1,150 hours/,
  },
  {
    locale: 'es-MX',
    labels: OPERATOR_LOGIN_ES,
    machine: 'Equipo',
    next: /^Próximo servicio: Hydraulic filter, al llegar a 1,050 horas/,
    then: /^Próximo servicio: Servicio, al llegar a 1,150 horas/,
  },
] as const) {
  test(`${L.locale}: the operator sees the chosen machine's next task, and the next one once it is done`, async ({
    page,
    browser,
  }) => {
    const team = await setupFieldTeam(page.request, {
      namePrefix: 'Next task',
      currentUsage: 1000,
      serviceInterval: 250,
      lastServiceUsage: 900,
    });
    // A task of its own due before the primary one (at 1,050 h against 1,150 h).
    const created = await page.request.post(`/api/equipment/${team.equipmentId}/tasks`, {
      data: {
        name: 'Hydraulic filter',
        category: 'service',
        everyUsage: 100,
        lastDone: { usage: 950 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const task = (await created.json()) as { id: string };

    const { ctx, op } = await operatorPhone(browser, team, {
      locale: L.locale,
      labels: L.labels,
    });
    await expect(op).toHaveURL(/\/simple-operator$/);
    await op.getByLabel(L.machine, { exact: true }).selectOption(team.equipmentId);
    const line = op.getByTestId('next-task');
    await expect(line).toHaveText(L.next);
    await snap(op, `operator-next-task-${L.locale}-390`);

    // The filter done (by the manager): the phone shows the primary task next.
    const done = await page.request.patch(`/api/equipment/${team.equipmentId}/reset-service`, {
      data: { taskIds: [task.id] },
    });
    expect(done.status(), await done.text()).toBe(200);
    await op.reload();
    await op.getByLabel(L.machine, { exact: true }).selectOption(team.equipmentId);
    await expect(line).toHaveText(L.then);
    await ctx.close();
  });
}
