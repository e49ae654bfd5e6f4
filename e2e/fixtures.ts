import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

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
