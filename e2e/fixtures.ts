import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export { expect };

/**
 * The full browser, for what the headless shell the tests run in (playwright.config.ts) does not do: a
 * camera's permission, and a PDF opened in the browser's own viewer (the shell downloads it instead).
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const E2E_ADMIN = {
  email: 'platform-admin@e2e.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-1',
};
export const PASSWORD = 'Harvest-Moon-42';

let n = 0;
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${(n++).toString(36)}`;

export type Owner = { businessName: string; email: string; password: string };

/** Creates an owner through the API in the page's own cookie jar (the page is then signed in). */
export async function signupOwnerViaApi(
  request: APIRequestContext,
  overrides: Partial<Owner> = {},
): Promise<Owner> {
  const businessName = overrides.businessName ?? uniqueName('Acme');
  const owner = {
    businessName,
    email:
      overrides.email ?? `${businessName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    password: overrides.password ?? PASSWORD,
  };
  const res = await request.post('/api/auth/signup', { data: owner });
  expect(res.status(), await res.text()).toBe(201);
  return owner;
}

/** A paid plan through the built-in local billing provider (Enterprise: 65 machines). */
export async function subscribeViaApi(page: Page, tier: 'professional' | 'enterprise') {
  const start = await page.request.post('/api/create-checkout-session', {
    data: { tier, billingInterval: 'month' },
  });
  expect(start.status(), await start.text()).toBe(200);
  const sessionId = ((await start.json()) as { url: string }).url
    .split('/')
    .filter(Boolean)
    .pop()!
    .split('?')[0]!;
  const pay = await page.request.post(`/api/checkout/${sessionId}/pay`, { data: {} });
  expect(pay.status(), await pay.text()).toBe(200);
}

/** Signs in through the owner login screen. */
export async function loginAsOwner(page: Page, owner: Owner, opts: { remember?: boolean } = {}) {
  await page.goto('/login');
  await page.getByLabel(/email or business name/i).fill(owner.email);
  await page.getByLabel(/^password$/i).fill(owner.password);
  if (opts.remember) await page.getByLabel(/remember me/i).check();
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByRole('navigation', { name: /main navigation/i }).first()).toBeVisible();
}

/** The company-wide operator password of the field teams below. */
export const FIELD_PASSWORD = 'Tractor-Blue-77';

export type FieldTeam = { username: string; equipmentId: string; equipmentName: string };

/**
 * An owner (signed in on `request`), the operator password, one operator (Pedro Sosa) and one
 * machine (hours; `machine` adds or changes its fields).
 */
export async function setupFieldTeam(
  request: APIRequestContext,
  machine: { namePrefix: string } & Record<string, unknown>,
): Promise<FieldTeam> {
  await signupOwnerViaApi(request);
  const settings = await request.post('/api/company-settings', {
    data: { masterPassword: FIELD_PASSWORD },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const op = await request.post('/api/employees', {
    data: { firstName: 'Pedro', lastName: 'Sosa' },
  });
  expect(op.status(), await op.text()).toBe(201);
  const { operatorUsername } = (await op.json()) as { operatorUsername: string };
  const { namePrefix, ...fields } = machine;
  const { id, name } = await machineryViaApi(request, namePrefix, fields);
  return { username: operatorUsername, equipmentId: id, equipmentName: name };
}

/** A phone-sized touch browser context (390x844). */
export function phoneContext(
  browser: Browser,
  locale = 'en-US',
  more: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    locale,
    isMobile: true,
    hasTouch: true,
    ...more,
  });
}

/** The two screens the journeys are checked at: a laptop (1366x900) and a phone (390x844, touch). */
export const SIZES = [
  { name: '1366', width: 1366, height: 900, phone: false },
  { name: '390', width: 390, height: 844, phone: true },
] as const;

/**
 * A page in a new browser context in this language, `width` px wide: 390 is a phone (844 high, touch),
 * any other width 900 high. `more`: more of the context's options (a signed-in `storageState`).
 */
export async function pageAt(
  browser: Browser,
  locale: string,
  width = 1366,
  more: BrowserContextOptions = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const phone = width === 390;
  const ctx = await browser.newContext({
    locale,
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    ...more,
  });
  return { ctx, page: await ctx.newPage() };
}

/** `pageAt` with a new owner signed up through the API in its context (the page is signed in). */
export async function ownerPageAt(
  browser: Browser,
  locale: string,
  width = 1366,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const at = await pageAt(browser, locale, width);
  await signupOwnerViaApi(at.page.request);
  return at;
}

/** Waits until the service worker controls the page (the app shell and the field API calls are cached). */
export async function controlledBySw(op: Page) {
  await op.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await op.reload();
  await expect
    .poll(() => op.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/**
 * A machine added through the API in the request's company (201 checked), machinery counted in hours
 * unless `body` says otherwise: its id and name.
 */
export async function machineViaApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  const res = await request.post('/api/equipment', {
    data: { type: 'machinery', unit: 'hours', ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** `machineViaApi` named `prefix` made unique (`fields`: the machine's other fields). */
export const machineryViaApi = (
  request: APIRequestContext,
  prefix: string,
  fields: Record<string, unknown> = {},
) => machineViaApi(request, { name: uniqueName(prefix), ...fields });

/**
 * A fleet larger than the operator picker's first page (Enterprise plan): `pumps` pumps, then 'Zeta
 * Grader' at 500 h, last by name and so beyond the first 50. Its id.
 */
export async function fleetBeyondFirstPage(page: Page, pumps: number): Promise<string> {
  await subscribeViaApi(page, 'enterprise');
  for (let i = 1; i <= pumps; i++)
    await machineViaApi(page.request, {
      name: `Pump ${String(i).padStart(2, '0')}`,
      type: 'machinery',
      unit: 'hours',
    });
  const far = await machineViaApi(page.request, {
    name: 'Zeta Grader',
    type: 'machinery',
    unit: 'hours',
    currentUsage: 500,
  });
  return far.id;
}

/** The operator login's labels in Spanish (`signInOperator`'s default is the English ones). */
export const OPERATOR_LOGIN_ES = {
  user: 'Usuario de operador',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
};

/** Signs the team's operator in on the operator login the page shows (the current address is kept). */
export async function signInOperator(
  page: Page,
  team: FieldTeam,
  labels = { user: 'Operator username', password: 'Password', submit: 'Sign In' },
) {
  await page.getByLabel(labels.user).fill(team.username);
  await page.getByLabel(labels.password, { exact: true }).fill(FIELD_PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
}

/** Signs the team's operator in through the API on `request` (200 checked). */
export async function operatorViaApi(request: APIRequestContext, team: FieldTeam) {
  const login = await request.post('/api/employee/login', {
    data: { operatorName: team.username, password: FIELD_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * A phone signed in as the team's operator: a new phone context (`locale`, `more` options), `at` opened
 * (a sticker's `/m/<id>`, or the operator login) and the sign-in filled in with `labels`.
 */
export async function operatorPhone(
  browser: Browser,
  team: FieldTeam,
  opts: {
    at?: string;
    locale?: string;
    more?: BrowserContextOptions;
    labels?: Parameters<typeof signInOperator>[2];
  } = {},
): Promise<{ ctx: BrowserContext; op: Page }> {
  const ctx = await phoneContext(browser, opts.locale, opts.more);
  const op = await ctx.newPage();
  await op.goto(opts.at ?? '/employee-login');
  await signInOperator(op, team, opts.labels);
  return { ctx, op };
}

/** A full-page screenshot into the directory an environment variable names, when it is set. */
export const screenshotsTo =
  (dir: string | undefined) =>
  async (page: Page, name: string): Promise<void> => {
    if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  };

/** Every test fails when the page logs console.error or throws. */
export const test = base.extend<{ failOnConsoleError: void }>({
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') {
          const text = msg.text();
          // Expected 4xx responses of API calls the test provokes are logged by Chromium as resource errors.
          if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text))
            return;
          errors.push(text);
        }
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** `test.use(inFullChromium)`: the spec's tests run in the full browser (FULL_CHROMIUM). */
export const inFullChromium: Parameters<typeof test.use>[0] = {
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, executablePath: FULL_CHROMIUM }),
    { scope: 'worker' },
  ],
};

/**
 * `team` (setupFieldTeam on the page's request, before the test): a company with its owner signed in on
 * `page`, the operator and one machine, `fieldMachine`: a loader at 100 h unless the spec sets it
 * (`test.use({ fieldMachine: {...} })`).
 */
export const fieldTest = test.extend<{
  fieldMachine: Parameters<typeof setupFieldTeam>[1];
  team: FieldTeam;
}>({
  fieldMachine: [{ namePrefix: 'Loader', currentUsage: 100 }, { option: true }],
  team: async ({ page, fieldMachine }, use) =>
    use(await setupFieldTeam(page.request, fieldMachine)),
});

/**
 * One action of a machine's row (Equipment List, dashboard, status pages): Update Usage is on the
 * row; the others are in its More menu (issue 24). `action` is the menu item's English name.
 */
export async function rowAction(page: Page, name: string, action: string) {
  if (action === 'Update Usage') {
    await page.getByRole('button', { name: `Update Usage: ${name}` }).click();
    return;
  }
  await page.getByRole('button', { name: `More actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The smallest PDF a browser opens: one empty 200x200 page (documents, issue 42). */
export const tinyPdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n'),
  Buffer.from(
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
]);

/** A 1x1 PNG (the server sniffs the type from the bytes). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The page fits its window: no sideways scrolling (polled, so a layout still settling may finish). The
 * message names the screen in a failure.
 */
export async function expectFitsWindow(page: Page, message = 'wider than the window') {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message },
    )
    .toBeLessThanOrEqual(0);
}

/** The WCAG 2.1 A and AA rules, which the page-wide scans run. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's serious and critical violations on the page (within `include` when given; only the rules of
 * `tags` when given), each as "rule (impact): help -> the elements". axe computes its violations only:
 * no test reads its passes, and leaving them out makes a scan about a sixth faster (issue 44).
 */
export async function seriousViolations(
  page: Page,
  { include, tags }: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (tags) builder = builder.withTags(tags);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
