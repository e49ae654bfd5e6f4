import { webhookEvents } from '@domain/integrations';
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

  // The API's schema through zodResolver: a key needs a name, said under the field; nothing is sent.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('Key name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#apiKeyName-error')).toHaveText('Please name the key.');
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

  await page.getByLabel('Address (https)').fill('not an address');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByLabel('Address (https)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#webhookUrl-error')).toHaveText('Enter an http or https URL.');
  // A well-formed address reaches the server, which refuses a loopback one.
  await page.getByLabel('Address (https)').fill('http://127.0.0.1:9/hooks');
  await expect(page.getByLabel('Address (https)')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/private, loopback or link-local/).first()).toBeVisible();
});

test('the API reference page renders the OpenAPI document (Swagger UI from our own files, its own CSP, every webhook)', async ({
  page,
}) => {
  // Nothing from another origin (no CDN): every request the page makes stays on this server.
  const requested: URL[] = [];
  page.on('request', (req) => requested.push(new URL(req.url())));
  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI lays out the whole document (a few hundred operations) before the first heading: on
  // a loaded 2-core CI machine that took longer than the default 10 s.
  await expect(
    page.getByRole('heading', { name: /Equipment Management Suite API/ }).first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#operations-tag-Readings')).toBeVisible();
  const batch = page.locator('.opblock-summary').filter({ hasText: '/api/readings/batch' });
  await batch.first().click();
  await expect(page.getByText('idempotency-key').first()).toBeVisible();
  await expect(page.getByText('Request body').first()).toBeVisible();
  // Every event type is a webhook, with its body's schema (issue 41).
  for (const type of webhookEvents)
    await expect(page.locator('.opblock-summary').filter({ hasText: type }).first()).toBeVisible();
  await page.locator('.opblock-summary').filter({ hasText: 'reading.held' }).first().click();
  const held = page.locator('.opblock').filter({ hasText: 'reading.held' }).first();
  await expect(held.getByText(/fuelType/).first()).toBeVisible();
  await expect(held.getByText(/Webhook-Event/).first()).toBeVisible();
  const here = new URL(page.url()).origin;
  expect(requested.length).toBeGreaterThan(2);
  expect(
    requested.filter((u) => u.protocol.startsWith('http') && u.origin !== here).map(String),
  ).toEqual([]);
});
