import type { Page } from '@playwright/test';
import {
  expect,
  PASSWORD,
  seriousViolations,
  signupOwnerViaApi,
  test,
  uniqueName,
  WCAG,
} from './fixtures';

/**
 * Accessibility: axe-core on every page, in English and Spanish, signed out, as owner and as operator.
 * No serious or critical violation is allowed. Plus keyboard-only checks.
 */
const LANGUAGES = ['en', 'es'] as const;
// What a page shows (the offline, field and pages specs keep the service worker): without one installing
// in each test's new context, fetching and storing the whole app meanwhile.
test.use({ serviceWorkers: 'block' });
const SIGNED_OUT = ['/', '/login', '/signup', '/forgot-password', '/employee-login'];
const OWNER = [
  '/',
  '/equipment-list',
  '/import',
  '/equipment/all',
  '/add-equipment',
  '/employees',
  '/subscription',
  '/retired-equipment',
  '/instructions',
  '/contact',
  '/profile',
  '/settings',
  '/no-such-page',
];
const OPERATOR = ['/', '/profile'];

async function useLanguage(page: Page, lng: string) {
  await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lng);
}

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('[data-page-spinner]')).toHaveCount(0); // page spinners gone
  const serious = await seriousViolations(page, { tags: [...WCAG, 'best-practice'] });
  expect(serious, `axe violations on ${path}`).toEqual([]);
}

for (const lng of LANGUAGES) {
  test.describe(`accessibility (${lng})`, () => {
    // Each test scans several pages with axe (seconds of CPU each): room for a busy machine.
    // (Up to 2.3 minutes for the owner's pages on the slow kind of CI machine.)
    test.describe.configure({ timeout: 360_000 });
    test(`signed out pages have no serious violations (${lng})`, async ({ page }) => {
      await useLanguage(page, lng);
      for (const path of SIGNED_OUT) await expectNoSeriousViolations(page, path);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSeriousViolations(page, '/');
      await page.setViewportSize({ width: 1280, height: 800 });
      // The install instructions dialog too.
      await page.goto('/');
      await page
        .getByRole('button', { name: lng === 'en' ? 'Install the App' : 'Instalar la aplicación' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    });

    test(`owner pages have no serious violations (${lng})`, async ({ page }) => {
      // Fourteen pages and three phone pages, each scanned by axe: the describe's 180 s.
      await useLanguage(page, lng);
      await signupOwnerViaApi(page.request);
      for (const path of OWNER) await expectNoSeriousViolations(page, path);
      // Phone width: the mobile header and menu button.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const path of ['/', '/contact', '/instructions'])
        await expectNoSeriousViolations(page, path);
    });

    test(`operator pages have no serious violations (${lng})`, async ({ page, browser }) => {
      const owner = await signupOwnerViaApi(page.request);
      const created = await page.request.post('/api/employees', {
        data: { firstName: 'Maria', lastName: 'Lopez' },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { operatorUsername } = (await created.json()) as { operatorUsername: string };
      const settings = await page.request.post('/api/company-settings', {
        data: { masterPassword: 'Shared-Crew-Pass-9' },
      });
      expect(settings.ok(), await settings.text()).toBe(true);
      const ctx = await browser.newContext();
      const op = await ctx.newPage();
      await useLanguage(op, lng);
      const login = await op.request.post('/api/employee/login', {
        data: { operatorName: operatorUsername, password: 'Shared-Crew-Pass-9' },
      });
      expect(login.ok(), await login.text()).toBe(true);
      for (const path of OPERATOR) await expectNoSeriousViolations(op, path);
      await ctx.close();
      void owner;
    });
  });
}

/** Presses Tab until the focused element matches, failing after `max` presses. */
async function tabTo(page: Page, matches: (el: Element) => boolean, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const handle = await page.evaluateHandle(() => document.activeElement);
    const ok = await handle.evaluate(matches);
    if (ok) return;
  }
  throw new Error('focus never reached the expected element');
}

test('keyboard only: from the landing page to the owner sign-in and into the dashboard', async ({
  page,
}) => {
  const owner = { businessName: uniqueName('Keys'), password: PASSWORD };
  const email = `${owner.businessName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  await page.request.post('/api/auth/signup', { data: { ...owner, email } });
  await page.request.post('/api/auth/logout');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The skip link comes first and is visible when focused.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await tabTo(page, (el) => el.textContent?.trim() === 'Owner/Manager Sign In');
  // Focus is visible (an outline is drawn).
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  const emailField = page.getByLabel(/email or business name/i);
  await expect(emailField).toBeVisible();
  await tabTo(
    page,
    (el) => el.matches('input') && /email|business/i.test(el.getAttribute('name') ?? el.id ?? ''),
  );
  await page.keyboard.type(email);
  await tabTo(page, (el) => el.matches('input[type="password"]'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: /main navigation/i }).first()).toBeVisible();
});

test('keyboard only: the contact form and the billing toggle on the landing page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, (el) => el.textContent?.trim().startsWith('Yearly') ?? false, 60);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Yearly/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await tabTo(page, (el) => el.textContent?.trim() === 'Send Message', 60);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please fill out all fields before sending.')).toBeVisible();
});

test('keyboard only: an operator signs in and submits a reading', async ({ page, browser }) => {
  await signupOwnerViaApi(page.request);
  const shared = 'Keyboard-Crew-Pass-4';
  expect(
    (await page.request.post('/api/company-settings', { data: { masterPassword: shared } })).ok(),
  ).toBe(true);
  const added = await page.request.post('/api/employees', {
    data: { firstName: 'Keya', lastName: 'Board' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { operatorUsername } = (await added.json()) as { operatorUsername: string };
  const eqName = uniqueName('Keyboard Loader');
  const created = await page.request.post('/api/equipment', {
    data: { name: eqName, type: 'machinery', unit: 'hours', currentUsage: 50 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const op = await ctx.newPage();
  await op.goto('/employee-login');
  await expect(op.getByLabel('Operator username')).toBeVisible();
  await tabTo(
    op,
    (el) =>
      el.id !== '' &&
      el.matches('input') &&
      el.getAttribute('type') !== 'password' &&
      el.getAttribute('type') !== 'checkbox',
  );
  await op.keyboard.type(operatorUsername);
  await tabTo(op, (el) => el.matches('input[type="password"]'));
  await op.keyboard.type(shared);
  await op.keyboard.press('Enter');
  await expect(op.getByRole('heading', { name: `Welcome, ${operatorUsername}` })).toBeVisible();

  await tabTo(op, (el) => el.id === 'equipmentSelect');
  await op.keyboard.press('ArrowDown'); // the first machine
  await expect(op.getByLabel('Equipment', { exact: true })).not.toHaveValue('');
  await tabTo(op, (el) => el.id === 'newUsage');
  await op.keyboard.type('52.5');
  await op.keyboard.press('Enter');
  await expect(op.getByText('Update Submitted', { exact: true })).toBeVisible();
  await ctx.close();

  const list = (await (await page.request.get('/api/equipment')).json()) as Array<{
    name: string;
    currentUsage: number;
  }>;
  expect(list.find((e) => e.name === eqName)?.currentUsage).toBe(52.5);
});
