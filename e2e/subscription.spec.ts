import { E2E_ADMIN, expect, signupOwnerViaApi, test, uniqueName } from './fixtures';

test('trial -> local checkout -> active Professional -> pause 3 months -> reactivate -> cancel', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  await expect(page.getByText('14 days left in your free trial')).toBeVisible();
  await expect(page.getByText('0 of 15 pieces of equipment')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();

  // Struck-through and launch-special prices; yearly toggle.
  const pro = page
    .getByRole('region', { name: 'Professional' })
    .or(page.locator('[aria-label="Professional"]'));
  await expect(pro.getByText('Most Popular')).toBeVisible();
  await expect(pro.getByText('$54')).toBeVisible();
  await page.getByRole('button', { name: /Yearly/ }).click();
  await expect(pro.getByText('$46')).toBeVisible();
  await page.getByRole('button', { name: 'Monthly' }).click();

  await page.getByRole('button', { name: 'Choose Professional' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('$54 / month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $54' }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page.getByText('Professional plan')).toBeVisible();
  await expect(page.getByText('0 of 30 pieces of equipment')).toBeVisible();
  await expect(
    page
      .locator('#current-plan-title')
      .locator('..')
      .locator('..')
      .getByText('Active', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Pause subscription' }).click();
  const pauseDialog = page.getByRole('alertdialog');
  await expect(pauseDialog.getByText('Pause your subscription?')).toBeVisible();
  await pauseDialog.getByLabel('3 months').check();
  await pauseDialog.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Subscription paused', { exact: true })).toBeVisible();
  await expect(page.getByText(/Paused until/)).toBeVisible();

  await page.getByRole('button', { name: 'Reactivate subscription' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Reactivate', exact: true })
    .click();
  await expect(page.getByText(/^Renews /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause subscription' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancelDialog = page.getByRole('alertdialog');
  await expect(cancelDialog.getByText(/You keep full access until/)).toBeVisible();
  await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Subscription canceled', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Access until /)).toBeVisible();
});

test('canceling at checkout returns with the canceled notice and changes nothing', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('Checkout canceled')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('14 days left in your free trial')).toBeVisible();
});

test('the over-limit alert after a downgrade', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Choose Professional' }).click();
  await page.getByRole('button', { name: 'Pay $54' }).click();
  await expect(page.getByText('0 of 30 pieces of equipment')).toBeVisible();
  for (let i = 0; i < 16; i++) {
    const res = await page.request.post('/api/equipment', {
      data: { name: `Truck ${i}`, type: 'vehicle', unit: 'hours' },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  await page.reload();
  await expect(page.getByText('16 of 30 pieces of equipment')).toBeVisible();
  await page.getByRole('button', { name: 'Switch to Basic' }).click();
  await expect(page.getByRole('alertdialog').getByText(/more than this plan allows/)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch plan' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Equipment limit exceeded' }),
  ).toBeVisible();
  await expect(
    page.getByText(/You have 16 pieces of equipment but your Basic plan allows 15/),
  ).toBeVisible();
});

test('the admin accounts page as platform admin (search, never a password)', async ({ page }) => {
  const name = uniqueName('Searchable Haulers');
  await signupOwnerViaApi(page.request, { businessName: name });
  await page.request.post('/api/auth/logout');
  const login = await page.request.post('/api/auth/login', {
    data: { emailOrBusinessName: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin-accounts');
  await expect(page.getByRole('heading', { name: 'Admin Accounts' })).toBeVisible();
  await page.getByLabel('Search accounts').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Trial')).toBeVisible();
  await expect(row.getByText('Basic')).toBeVisible();
  await expect(page.getByText('1 account', { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/password/i);
  await page.getByLabel('Search accounts').fill('no such business at all');
  await expect(page.getByText('No accounts found')).toBeVisible();
});

test('a company user cannot use the admin accounts API', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  expect((await page.request.get('/api/admin/accounts')).status()).toBe(403);
});
