import { expect, signupOwnerViaApi, test } from './fixtures';

test('an unknown path for a signed-in owner shows the 404 page', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the settings page leads to where each setting lives', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('link', { name: /Company and operators/ }).click();
  await expect(page).toHaveURL(/\/employees$/);
});
