import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect,
  FIELD_PASSWORD,
  PASSWORD,
  phoneContext,
  screenshotsTo,
  signupOwnerViaApi,
  test,
  uniqueName,
} from './fixtures';

/**
 * A machine's sticker scanned signed out (issue 43, defect 10), in English and Spanish on a phone:
 * the operator sign-in names the machine; an operator, an owner and a technician each continue to that
 * machine after signing in (the operator screen, the machine page, the machine's open work orders); a
 * `next` to another site is refused. And the edit form's header on a phone says "Edit Equipment"
 * (defect 13). QR_SHOTS=<dir> saves screenshots.
 */

const shot = screenshotsTo(process.env.QR_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    forMachine: 'Sign in to update',
    ownerLink: 'Owner or manager? Sign in here',
    opUser: 'Operator username',
    opPassword: 'Password',
    opSignIn: 'Sign In',
    email: 'Email or Business Name',
    password: 'Password',
    signIn: 'Sign In',
    myOrders: 'My work orders',
    ordersOf: 'Work orders of',
    editTitle: 'Edit Equipment',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    forMachine: 'Inicie sesión para actualizar',
    ownerLink: '¿Propietario o gerente? Inicie sesión aquí',
    opUser: 'Usuario de operador',
    opPassword: 'Contraseña',
    opSignIn: 'Iniciar sesión',
    email: 'Correo o nombre de la empresa',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    myOrders: 'Mis órdenes de trabajo',
    ordersOf: 'Órdenes de trabajo de',
    editTitle: 'Editar equipo',
  },
] as const;

type Lang = (typeof languages)[number];

/** An owner, an operator, a technician, two machines and an open work order on each. */
async function setUp(request: APIRequestContext) {
  const owner = await signupOwnerViaApi(request);
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>, status = 201) => {
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as Record<string, unknown>;
  };
  await ok(
    await request.post('/api/company-settings', { data: { masterPassword: FIELD_PASSWORD } }),
    200,
  );
  const op = await ok(
    await request.post('/api/employees', { data: { firstName: 'Pedro', lastName: 'Sosa' } }),
  );
  const techEmail = `${uniqueName('tech').replace(/\W+/g, '.').toLowerCase()}@example.com`;
  await ok(
    await request.post('/api/technicians', {
      data: { firstName: 'Tomás', lastName: 'Vega', email: techEmail, password: PASSWORD },
    }),
  );
  const machine = async (prefix: string) => {
    const name = uniqueName(prefix);
    const m = await ok(
      await request.post('/api/equipment', {
        data: { name, type: 'machinery', unit: 'hours', currentUsage: 100 },
      }),
    );
    return { id: m.id as string, name };
  };
  const crane = await machine('Crane');
  const loader = await machine('Loader');
  for (const [m, title] of [
    [crane, 'Replace the crane hook'],
    [loader, 'Grease the loader'],
  ] as const)
    await ok(
      await request.post('/api/work-orders', {
        data: { equipmentId: m.id, title, kind: 'repair' },
      }),
    );
  return { owner, operator: op.operatorUsername as string, techEmail, crane, loader };
}

/** A signed-out phone scanning the sticker of `id`. */
async function scan(browser: Browser, L: Lang, id: string): Promise<Page> {
  const ctx = await phoneContext(browser, L.locale);
  const page = await ctx.newPage();
  await page.goto(`/m/${id}`);
  return page;
}

for (const L of languages) {
  test(`${L.tag}: a sticker scanned signed out names the machine and each user continues to it after signing in`, async ({
    browser,
  }) => {
    test.slow();
    const desk = await browser.newContext({ locale: L.locale });
    const s = await setUp(desk.request);
    const { crane } = s;

    // The operator: the sign-in names the machine, then the operator screen has it.
    const op = await scan(browser, L, crane.id);
    await expect(op.getByTestId('sticker-machine')).toHaveText(`${L.forMachine} ${crane.name}`);
    await shot(op, `qr-operator-sign-in-${L.tag}-390`);
    await op.setViewportSize({ width: 1366, height: 900 });
    await shot(op, `qr-operator-sign-in-${L.tag}-1366`);
    await op.setViewportSize({ width: 390, height: 844 });
    await op.getByLabel(L.opUser).fill(s.operator);
    await op.getByLabel(L.opPassword, { exact: true }).fill(FIELD_PASSWORD);
    await op.getByRole('button', { name: L.opSignIn, exact: true }).click();
    await expect(op).toHaveURL(new RegExp(`/m/${crane.id}$`));
    // The operator screen opens on that machine (chosen in its machine picker).
    await expect(op.locator(`select:has(option[value="${crane.id}"])`).first()).toHaveValue(
      crane.id,
    );
    await op.context().close();

    // The owner: "Owner or manager? Sign in here" keeps the machine, and lands on its page.
    const owner = await scan(browser, L, crane.id);
    await owner.getByRole('link', { name: L.ownerLink }).click();
    await expect(owner).toHaveURL(/\/login\?next=%2Fm%2F/);
    await owner.getByLabel(L.email).fill(s.owner.email);
    await owner.getByLabel(L.password, { exact: true }).fill(s.owner.password);
    await owner.getByRole('button', { name: L.signIn, exact: true }).click();
    await expect(owner).toHaveURL(new RegExp(`/m/${crane.id}$`));
    await expect(owner.getByRole('heading', { level: 1 })).toContainText(crane.name);
    await owner.context().close();

    // The technician: the machine's open work orders, not their own list.
    const tech = await scan(browser, L, crane.id);
    await tech.getByRole('link', { name: L.ownerLink }).click();
    await tech.getByLabel(L.email).fill(s.techEmail);
    await tech.getByLabel(L.password, { exact: true }).fill(PASSWORD);
    await tech.getByRole('button', { name: L.signIn, exact: true }).click();
    await expect(tech).toHaveURL(new RegExp(`/m/${crane.id}$`));
    await expect(tech.getByRole('heading', { name: L.myOrders, level: 1 })).toBeVisible();
    await expect(tech.getByTestId('machine-orders')).toHaveText(`${L.ordersOf} ${crane.name}`);
    const rows = tech.getByTestId('work-order-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Replace the crane hook');
    await shot(tech, `qr-technician-${L.tag}-390`);
    await tech.setViewportSize({ width: 1366, height: 900 });
    await shot(tech, `qr-technician-${L.tag}-1366`);
    await tech.context().close();
    await desk.close();
  });
}

test('a next address on another site is refused: signing in goes to the dashboard', async ({
  browser,
}) => {
  const desk = await browser.newContext();
  const owner = await signupOwnerViaApi(desk.request);
  await desk.close();
  for (const next of ['https://evil.example/m/1', '//evil.example/m/1', '/\\evil.example']) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email or Business Name').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    expect(new URL(page.url()).pathname).toBe('/');
    await ctx.close();
  }
});

for (const L of languages)
  test(`${L.tag}: the edit form's header on a phone says Edit Equipment (from the machine's menu)`, async ({
    browser,
  }) => {
    const ctx = await phoneContext(browser, L.locale);
    const page = await ctx.newPage();
    await signupOwnerViaApi(page.request);
    const m = await page.request.post('/api/equipment', {
      data: { name: uniqueName('Dozer'), type: 'machinery', unit: 'hours', currentUsage: 10 },
    });
    expect(m.status()).toBe(201);
    const { id } = (await m.json()) as { id: string };
    await page.goto(`/add-equipment?edit=${id}`);
    const title = page.locator('header .truncate.border-l');
    await expect(title).toHaveText(L.editTitle);
    await shot(page, `edit-equipment-header-${L.tag}-390`);
    await ctx.close();
  });
