import { expect, signupOwnerViaApi, test } from './fixtures';

/** Issue 29: the owner's API keys and webhooks screen, and the API reference page. */
test('the owner creates a key (shown once), uses it, revokes it; a private webhook address is refused', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/settings');
  await page.getByRole('link', { name: /API keys and webhooks/ }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(
    page.getByRole('heading', { name: 'API keys and webhooks', level: 1 }),
  ).toBeVisible();

  await page.getByLabel('Key name').fill('GPS sync');
  await page.getByRole('checkbox', { name: /Readings/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'will not be shown again' });
  await expect(shown).toBeVisible();
  const token = (await shown.locator('code').textContent())?.trim() ?? '';
  expect(token).toMatch(/^ems_/);

  const withKey = { headers: { authorization: `Bearer ${token}` } };
  expect((await page.request.get('/api/equipment', withKey)).status()).toBe(200);

  await page.getByRole('button', { name: 'Done, I saved it' }).click();
  await expect(shown).toBeHidden();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Revoke GPS sync' }).click();
  await expect(page.getByText('Revoked', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/equipment', withKey)).status()).toBe(401);

  await page.getByLabel('Address (https)').fill('http://127.0.0.1:9/hooks');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/private, loopback or link-local/).first()).toBeVisible();
});

test('the API reference page renders the OpenAPI document', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(
    page.getByRole('heading', { name: /Equipment Management Suite API 1\.0\.0/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Readings', level: 2 })).toBeVisible();
  await expect(page.getByText('/api/readings/batch').first()).toBeVisible();
});
