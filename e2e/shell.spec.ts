import { expect, signupOwnerViaApi, test } from './fixtures';

test('an unknown path for a signed-in owner shows the 404 page', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the settings page shows its title only', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});
