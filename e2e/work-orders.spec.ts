import {
  expect,
  ownerPageAt,
  PASSWORD,
  phoneContext,
  PNG_1PX,
  screenshotsTo,
  test,
  uniqueName,
} from './fixtures';

/**
 * Work orders and parts (issue 27): a manager creates a work order from an overdue machine on Due soon;
 * a technician on a phone starts it, ticks a task, adds a part and a photo and completes it; the machine
 * is good again, the stock went down and the cost shows on the machine page. In English and Spanish.
 */

const shot = screenshotsTo(process.env.WORK_ORDER_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    create: 'Create work order',
    assignee: 'Assigned to',
    myTitle: 'My work orders',
    start: 'Start work',
    part: 'Part',
    quantity: 'Quantity',
    addPart: 'Add part',
    addPhoto: 'Add a photo',
    hours: 'Labour hours',
    rate: 'Labour rate ($ per hour)',
    complete: 'Complete',
    done: 'Done',
    inProgress: 'In progress',
    costsTitle: 'Maintenance costs (12 months)',
    showCosts: 'Show parts and labour by month',
    timelineShow: 'Show',
    workOrders: 'Work orders',
    workOrderBadge: 'Work order',
    good: /good|Good/,
  },
  {
    locale: 'es-ES',
    tag: 'es',
    create: 'Crear orden de trabajo',
    assignee: 'Asignada a',
    myTitle: 'Mis órdenes de trabajo',
    start: 'Empezar el trabajo',
    part: 'Repuesto',
    quantity: 'Cantidad',
    addPart: 'Agregar repuesto',
    addPhoto: 'Agregar una foto',
    hours: 'Horas de mano de obra',
    rate: 'Tarifa de mano de obra ($ por hora)',
    complete: 'Completar',
    done: 'Terminada',
    inProgress: 'En curso',
    costsTitle: 'Costos de mantenimiento (12 meses)',
    showCosts: 'Mostrar repuestos y mano de obra por mes',
    timelineShow: 'Mostrar',
    workOrders: 'Órdenes de trabajo',
    workOrderBadge: 'Orden de trabajo',
    good: /bien|Bien|buen|Buen/,
  },
] as const;

for (const L of languages) {
  test(`${L.tag}: a manager creates a work order from an overdue machine; a technician completes it on a phone`, async ({
    browser,
  }) => {
    test.slow();
    // The owner and the data, through the API, in a desktop context in the language.
    const { ctx: desk, page } = await ownerPageAt(browser, L.locale);
    const machineName = uniqueName('Loader');
    const m = await page.request.post('/api/equipment', {
      data: {
        name: machineName,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 400,
        serviceInterval: 250,
        lastServiceUsage: 100,
        serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 1 }],
      },
    });
    expect(m.status(), await m.text()).toBe(201);
    const machine = (await m.json()) as { id: string };
    const part = await page.request.post('/api/parts', {
      data: {
        name: 'Oil filter',
        partNumber: 'OF-1',
        unit: 'each',
        unitCost: 12.5,
        onHand: 3,
        reorderPoint: 1,
      },
    });
    expect(part.status(), await part.text()).toBe(201);
    const techEmail = `${uniqueName('tech').replace(/\W+/g, '.').toLowerCase()}@example.com`;
    const tech = await page.request.post('/api/technicians', {
      data: { firstName: 'Tomás', lastName: 'Vega', email: techEmail, password: PASSWORD },
    });
    expect(tech.status(), await tech.text()).toBe(201);

    // The manager: Due soon -> Create work order (the machine's service parts as its tasks).
    await page.goto('/due-soon');
    const item = page.getByTestId('due-item').filter({ hasText: machineName });
    await item.getByRole('link', { name: L.create }).click();
    await expect(page).toHaveURL(/\/work-orders\?equipmentId=/);
    const form = page.getByRole('form', { name: /.+/ }).first();
    // Its title and tasks come from the machine (its service parts).
    await expect(page.locator('#wo-title')).not.toHaveValue('');
    await expect(page.locator('#wo-tasks')).toHaveValue(/Oil filter/);
    await page.getByLabel(L.assignee, { exact: true }).selectOption({ label: 'Tomás Vega' });
    await shot(page, `work-order-new-${L.tag}-1366`);
    await form.getByRole('button', { name: L.create }).click();
    await expect(page).toHaveURL(/\/work-orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('#1');

    // The technician, on a phone: My work orders -> the order.
    const phone = await phoneContext(browser, L.locale);
    const login = await phone.request.post('/api/auth/login', {
      data: { emailOrBusinessName: techEmail, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    const tp = await phone.newPage();
    await tp.goto('/');
    await expect(tp.getByRole('heading', { name: L.myTitle, level: 1 })).toBeVisible();
    await shot(tp, `work-orders-mine-${L.tag}-390`);
    await tp.getByTestId('work-order-row').getByRole('link').first().click();
    await tp.getByRole('button', { name: L.start }).click();
    await expect(tp.getByTestId('wo-status')).toHaveText(L.inProgress);
    const task = tp.getByRole('checkbox').first();
    await task.click();
    await expect(task).toBeChecked();
    await tp.getByLabel(L.part, { exact: true }).selectOption({ index: 1 });
    await tp.getByLabel(L.quantity).fill('1');
    await tp.getByRole('button', { name: L.addPart }).click();
    await expect(
      tp.getByRole('list', { name: /.+/ }).filter({ hasText: 'Oil filter' }),
    ).toBeVisible();
    await tp
      .getByLabel(L.addPhoto)
      .setInputFiles({ name: 'filter.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(tp.getByRole('img')).toHaveCount(1);
    await tp.getByLabel(L.hours).fill('1');
    await tp.getByLabel(L.rate).fill('40');
    await shot(tp, `work-order-${L.tag}-390`);
    await tp.getByRole('button', { name: L.complete, exact: true }).click();
    await expect(tp.getByTestId('wo-status')).toHaveText(L.done);
    await expect(tp.getByTestId('wo-total')).toContainText(/52[.,]50/);
    await shot(tp, `work-order-done-${L.tag}-390`);
    await phone.close();

    // The manager: the machine is good again, its cost shows, and the stock went down.
    const after = await page.request.get(`/api/equipment/${machine.id}`);
    expect(
      ((await after.json()) as { status: { serviceStatus: string } }).status.serviceStatus,
    ).toBe('good');
    await page.goto(`/machines/${machine.id}`);
    await expect(page.getByRole('heading', { name: L.costsTitle })).toBeVisible();
    // The costs card asks for its data when opened (the page opens with two requests, issue 24).
    await page.getByRole('button', { name: L.showCosts }).click();
    await expect(page.getByTestId('machine-cost-total')).toContainText(/52[.,]50/);
    await shot(page, `machine-costs-${L.tag}-1366`);
    // The timeline shows the order's status changes with their own badge, and filters on them.
    await page.getByLabel(L.timelineShow, { exact: true }).selectOption({ label: L.workOrders });
    const entries = page.getByTestId('timeline').getByTestId('history-entry');
    await expect(entries.first()).toBeVisible();
    await expect(entries.first().getByText(L.workOrderBadge, { exact: true })).toBeVisible();
    expect(await entries.count()).toBeGreaterThanOrEqual(3); // opened, in progress, done
    for (const text of await entries.allInnerTexts()) expect(text).toContain(L.workOrderBadge);
    await page.goto('/parts');
    await expect(
      page.getByTestId('part-row').filter({ hasText: 'Oil filter' }).getByTestId('on-hand'),
    ).toContainText('2');
    await page.goto('/costs');
    await expect(page.getByTestId('costs-total')).toContainText(/52[.,]50/);
    // The chart (recharts, loaded on first use) draws the month's bar.
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await shot(page, `costs-${L.tag}-1366`);
    await desk.close();
  });
}
