import type { Page } from '@playwright/test';
import {
  expect,
  phoneContext,
  setupFieldTeam,
  signInOperator,
  signupOwnerViaApi,
  test,
  uniqueName,
} from './fixtures';

const SHARED = 'Tractor-Blue-77';
/** Set OPS_SHOTS=/some/dir to save screenshots of the operator screens while the test runs. */
const shotsDir = process.env.OPS_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
};

type Eq = {
  id: string;
  name: string;
  currentUsage: number;
  totalDieselUsed: number;
  totalFuelUsed: number;
};

test('owner runs a field team: shared password, operator, access cards, a Spanish operator on a phone', async ({
  page,
  browser,
}) => {
  await signupOwnerViaApi(page.request);
  const eqName = uniqueName('Excavator');
  const created = await page.request.post('/api/equipment', {
    data: { name: eqName, type: 'machinery', unit: 'hours', currentUsage: 100, fuelType: 'diesel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const equipment = (await created.json()) as Eq;

  // The owner sets the shared operator password.
  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
  await expect(page.getByText('Not set')).toBeVisible();
  await page.getByRole('button', { name: 'Company Settings' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('No Changes', { exact: true })).toBeVisible();
  // A password too short is refused under its field by the API's schema; nothing is sent.
  const sharedField = page.getByLabel('Shared operator password');
  await sharedField.fill('short');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Settings' }).click();
  await expect(sharedField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#settingsPassword-error')).toHaveText(
    'Password must be at least 8 characters',
  );
  await expect(page.getByText('Settings Updated', { exact: true })).toHaveCount(0);
  await sharedField.fill(SHARED);
  await page.getByRole('dialog').getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show operator password' }).click();
  await expect(page.getByTestId('operator-password')).toHaveText(SHARED);

  // ... adds an operator; the toast names the generated username.
  await page.getByRole('button', { name: 'Add Operator' }).click();
  const dialog = page.getByRole('dialog');
  // A missing name: the spec's notice, and the field says it (the API's schema through zodResolver).
  await dialog.getByLabel('First name').fill('Lucía');
  await dialog.getByRole('button', { name: 'Add Operator' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Last name').fill('Fernández');
  await dialog.getByRole('button', { name: 'Add Operator' }).click();
  await expect(page.getByText('Operator Added Successfully', { exact: true })).toBeVisible();
  const usernameCell = page.getByRole('row', { name: /Lucía Fernández/ }).locator('code');
  await expect(usernameCell).toHaveText(/^Lucia\d*$/);
  const username = (await usernameCell.textContent())!.trim();
  await expect(
    page.getByText(new RegExp(`username ${username} and the company operator password`)).first(),
  ).toBeVisible();
  await shot(page, 'employees-en-1280');

  // ... prints access cards (a PDF of the print view holds the username).
  await page.getByRole('button', { name: 'Print Access Cards' }).click();
  await expect(page.getByRole('heading', { name: 'Operator Access Cards' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lucía Fernández' })).toContainText(username);
  await shot(page, 'access-cards-1280');
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.length).toBeGreaterThan(1000);
  expect(pdf.toString('latin1')).toContain(`employee-login?u=${username}`);
  await page.getByRole('toolbar').getByRole('button', { name: 'Close' }).click();

  // The operator signs in on a phone, in Spanish.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    isMobile: true,
    hasTouch: true,
  });
  const op = await phone.newPage();
  const errors: string[] = [];
  op.on('pageerror', (e) => errors.push(e.message));
  // The picker searches the machine list kept on the phone (GET /api/field/machines, bounded): a
  // fleet within it never asks the server for a search, nor for the full records.
  const equipmentCalls: string[] = [];
  op.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/equipment') || path === '/api/field/machines')
      equipmentCalls.push(path);
  });
  op.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  await op.goto('/employee-login');
  await expect(op.getByRole('heading', { name: 'Acceso de operadores' })).toBeVisible();
  const signIn = op.getByRole('button', { name: 'Iniciar sesión' });
  await expect(signIn).toBeDisabled();
  await expect(op.getByText(/Contraseña|contraseña/).first()).toBeVisible();
  await expect(op.locator('body')).not.toContainText(SHARED);
  await shot(op, 'operator-login-es-390');
  await op.getByLabel('Usuario de operador').fill(username.toLowerCase());
  await op.getByLabel('Contraseña', { exact: true }).fill(SHARED.toLowerCase());
  await signIn.click();
  await expect(op.getByText('Error de inicio de sesión', { exact: true })).toBeVisible();
  await op.getByLabel('Contraseña', { exact: true }).fill(SHARED);
  await op.getByLabel('Recordarme').check();
  await signIn.click();
  await expect(op.getByRole('heading', { name: `Bienvenido, ${username}` })).toBeVisible();
  await expect(op).toHaveURL(/\/simple-operator$/);
  await expect(op.getByText('Sesión iniciada como operador')).toBeVisible();
  expect(await op.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(SHARED);

  // Opened again: the page announces the current user and the machine list (rel=preload) and the
  // screen takes those answers: each call goes out once.
  const opCalls: string[] = [];
  op.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) opCalls.push(url.pathname + url.search);
  });
  await op.reload();
  await expect(op.getByText('Sesión iniciada como operador')).toBeVisible();
  await expect(
    op.getByLabel('Equipo', { exact: true }).locator('option', { hasText: eqName }),
  ).toHaveCount(1);
  for (const url of ['/api/auth/user', '/api/field/machines'])
    expect(
      opCalls.filter((c) => c === url),
      url,
    ).toHaveLength(1);

  // Search with no match, then pick the machine: diesel is preselected.
  await op.getByLabel('Buscar equipo').fill('zzz-nothing');
  await expect(
    op.getByText('No se encontró equipo. Pruebe con otro término de búsqueda.'),
  ).toBeVisible();
  await op.getByLabel('Buscar equipo').fill('maquinaria');
  await op.getByLabel('Equipo', { exact: true }).selectOption({ label: `${eqName} (Maquinaria)` });
  await expect(op.getByTestId('current-reading')).toContainText('100');
  await expect(op.getByLabel('Diésel')).toBeChecked();
  await op.getByRole('button', { name: 'Enviar actualización' }).click();
  await expect(op.getByText('No se proporcionó información', { exact: true })).toBeVisible();
  await op.getByLabel('Uso actual (horas)').fill('110.5');
  await op.getByLabel('Combustible agregado (gal) - opcional').fill('20');
  await op.getByLabel('Notas de mantenimiento - opcional').fill('Cambio de filtro');
  await shot(op, 'operator-screen-es-390');
  await op.getByRole('button', { name: 'Enviar actualización' }).click();
  await expect(op.getByText('Actualización enviada', { exact: true })).toBeVisible();

  // A reading below the current usage is refused, and the refusal is in the operator's language.
  await op.getByLabel('Uso actual (horas)').fill('50');
  await op.getByRole('button', { name: 'Enviar actualización' }).click();
  await expect(
    op
      .getByText(
        'La lectura 50 horas es menor que el uso actual de 110.5 horas. Las lecturas del medidor no pueden retroceder; pida a su gerente que corrija el uso si está mal.',
      )
      // The toast and the screen reader's announcement of it carry the same text: the visible one.
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(op.getByText(/Meter readings cannot go backwards/)).toHaveCount(0);

  // An implausible reading (800 hours in a day) is held for review.
  await op.getByLabel('Uso actual (horas)').fill('900');
  await op.getByRole('button', { name: 'Enviar actualización' }).click();
  await expect(op.getByText('Enviada para revisión', { exact: true })).toBeVisible();
  if (shotsDir) {
    await op.getByRole('button', { name: 'en', exact: true }).click();
    await expect(op.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();
    await shot(op, 'operator-screen-en-390');
  }
  expect(errors).toEqual([]);
  expect(equipmentCalls.length).toBeGreaterThan(0);
  // (The chosen machine's manuals and documents, issue 42, are their own call, not a search.)
  expect(
    equipmentCalls.filter(
      (p) => p !== '/api/field/machines' && !/^\/api\/equipment\/[^/]+\/documents$/.test(p),
    ),
  ).toEqual([]);
  await phone.close();

  // The owner sees the new usage, fuel and history; the implausible reading is pending.
  const list = (await (await page.request.get('/api/equipment')).json()) as Eq[];
  const after = list.find((e) => e.id === equipment.id)!;
  expect(after).toMatchObject({ currentUsage: 110.5, totalDieselUsed: 20, totalFuelUsed: 20 });
  const history = (await (
    await page.request.get('/api/equipment-history/export')
  ).json()) as Array<{
    equipmentName: string;
    operatorName: string;
    usage: number;
    content: string;
  }>;
  expect(history).toContainEqual(
    expect.objectContaining({
      equipmentName: eqName,
      // The person who sent it, by name (the username is only how they sign in).
      operatorName: 'Lucía Fernández',
      usage: 110.5,
      // The entry told in the reader's language, the operator's note inside.
      content: 'Reading: 110.5 hours · fuel 20 gal diesel · Cambio de filtro',
    }),
  );
  const updates = (await (await page.request.get('/api/operator-updates')).json()) as Array<{
    status: string;
    newUsage: number;
  }>;
  expect(updates[0]).toMatchObject({ status: 'pending', newUsage: 900 });
  expect(updates[1]).toMatchObject({ status: 'applied', newUsage: 110.5 });

  if (shotsDir) {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/employees');
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();
    await shot(page, 'employees-es-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'employees-es-390');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
    await shot(page, 'employees-en-390');
  }
});

test('operator login: Sign In waits for both fields and no credentials are printed', async ({
  page,
}) => {
  await page.goto('/employee-login');
  await expect(page.getByRole('heading', { name: 'Operator Login' })).toBeVisible();
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Operator username').fill('Somebody');
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('x');
  await expect(signIn).toBeEnabled();
  await expect(
    page.getByText(
      "Don't have the operator password? Contact your manager for the shared operator password.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await shot(page, 'operator-login-en-1280');
});

test('company settings: the time zone starts as the browser’s and is changed from a searchable list', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'America/Chicago', locale: 'es-MX' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Signed up on the sign-up screen: the company takes the browser's time zone.
  const name = uniqueName('Zona');
  await page.goto('/signup');
  await page.getByLabel('Nombre de la empresa').fill(name);
  await page
    .getByLabel('Correo electrónico')
    .fill(`${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`);
  await page.getByLabel('Contraseña', { exact: true }).fill('Harvest-Moon-42');
  await page.getByLabel('Confirmar contraseña').fill('Harvest-Moon-42');
  await page.getByRole('button', { name: /Crear cuenta/ }).click();
  await expect(page).toHaveURL(/\/security-questions$/);
  await page.goto('/employees');
  await expect(page.getByTestId('company-time-zone')).toHaveText('America/Chicago');

  await page.getByRole('button', { name: 'Configuración de la empresa' }).click();
  const dialog = page.getByRole('dialog');
  const zone = dialog.getByLabel('Zona horaria');
  await expect(zone).toHaveValue('America/Chicago');
  await zone.fill('Marte/Base');
  await dialog.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(
    dialog.getByText(
      'No hay una zona horaria para «Marte/Base». Escriba una ciudad (por ejemplo Chicago) y elíjala de la lista.',
    ),
  ).toBeVisible();
  await expect(zone).toHaveAttribute('aria-invalid', 'true');
  await expect(zone).toHaveAttribute('aria-describedby', 'settingsTimeZone-error');
  await expect(zone).toHaveValue('Marte/Base');
  // Typing a city lists the platform's zones that match, each with its time now; one is picked.
  await zone.fill('Mexico');
  const option = dialog.getByRole('option', { name: /America\/Mexico_City/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(zone).toHaveValue('America/Mexico_City');
  await shot(page, 'company-settings-es-1280');
  await dialog.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByTestId('company-time-zone')).toHaveText('America/Mexico_City');
  expect(errors).toEqual([]);
  await context.close();
});

test("the owner adds a manager: the API's rules under each field, the spec's notice for an empty form", async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Add Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Manager' });
  await dialog.getByRole('button', { name: 'Add Manager' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

  const email = `${uniqueName('mgr').replace(/\W+/g, '.')}@example.com`.toLowerCase();
  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Díaz');
  await dialog.getByLabel('Email').fill('rosa-at-example');
  await dialog.getByLabel('Initial password').fill('Harvest-Moon-42');
  await dialog.getByRole('button', { name: 'Add Manager' }).click();
  await expect(dialog.locator('#mgr-email-error')).toHaveText('Please enter a valid email address');
  await expect(dialog.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Add Manager' }).click();
  await expect(page.getByText('Manager Added', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('listitem').filter({ hasText: email }),
  ).toContainText('Rosa Díaz');
});

/**
 * Issue 43, defect 8: the first submission after sign-in left the phone about 4 s after the tap,
 * because the sign-in's toast lay over Submit Update at the bottom of a 390 px screen for its 5 s and
 * took the tap. The test asserts the two causes, not a duration (a time bound flaked on a loaded CI
 * machine; speed targets live in the benchmarks):
 * - nothing lies over the button: the element at its centre is the button itself, and no toast is
 *   shown after sign-in;
 * - the submission waits for no timer: the page's clock is paused (Playwright's clock) from the
 *   moment the form is ready, so a toast that would go away after its 5 s, a debounce or a retry delay
 *   can never fire, and the request still leaves. Only the outbox's local work (IndexedDB, Web Lock)
 *   and the network lie between the click and the request.
 * The time from the tap to the request is still printed for whoever reads the run.
 */
for (const lang of [
  {
    locale: 'en-US',
    signIn: { user: 'Operator username', password: 'Password', submit: 'Sign In' },
    machine: 'Equipment',
    usage: 'Current usage (hours)',
    submit: 'Submit Update',
  },
  {
    locale: 'es-MX',
    signIn: { user: 'Usuario de operador', password: 'Contraseña', submit: 'Iniciar sesión' },
    machine: 'Equipo',
    usage: 'Uso actual (horas)',
    submit: 'Enviar actualización',
  },
] as const) {
  test(`the first submission after sign-in leaves the phone at once (${lang.locale})`, async ({
    page,
    browser,
  }) => {
    const team = await setupFieldTeam(page.request, { namePrefix: 'First', currentUsage: 100 });
    const ctx = await phoneContext(browser, lang.locale);
    const op = await ctx.newPage();
    // Fake timers from the first page on (time still flows until it is paused below).
    await op.clock.install();
    await op.goto('/employee-login');
    await signInOperator(op, team, lang.signIn);
    await expect(op).toHaveURL(/\/simple-operator$/);
    await op.getByLabel(lang.machine, { exact: true }).selectOption(team.equipmentId);
    await op.getByLabel(lang.usage).fill('106.5');
    // From here on no timer of the page fires.
    await op.clock.pauseAt((await op.evaluate(() => Date.now())) + 1000);
    await expect(op.locator('li[data-swipe-direction]')).toHaveCount(0);
    const button = op.getByRole('button', { name: lang.submit });
    await button.scrollIntoViewIfNeeded();
    const covered = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top && (top === el || el.contains(top))
        ? null
        : (top?.outerHTML.slice(0, 120) ?? 'nothing');
    });
    expect(covered, 'what lies over Submit Update').toBeNull();
    const sent = op.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/operator-updates',
    );
    const tapped = Date.now();
    // A covered button would make the click wait for the cover to go, which never happens with the
    // clock paused: the click then fails at its timeout instead of passing late.
    await button.click({ timeout: 10_000 });
    const request = await sent;
    await request.response();
    const fromTap = Math.round(request.timing().startTime - tapped);
    console.log(
      `first submission after sign-in (${lang.locale}): request ${fromTap} ms after the tap`,
    );
    await expect(op.getByLabel(lang.usage)).toHaveValue('');
    await ctx.close();
  });
}
