import { expect, loginAsOwner, PASSWORD, signupOwnerViaApi, test, uniqueName } from './fixtures';
import type { Page } from '@playwright/test';

const mainNav = (page: Page) => page.getByRole('navigation', { name: /main navigation/i }).first();

async function chooseQuestion(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test('signup -> security questions -> home', async ({ page }) => {
  const businessName = uniqueName('Signup Co');
  await page.goto('/signup');
  await expect(
    page.getByText('14-day free trial, no credit card required', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Business name must be at least 2 characters', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Business Name').fill(businessName);
  await page
    .getByLabel('Email')
    .fill(`${businessName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('Something-Else-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/security-questions$/);
  await expect(page.getByRole('heading', { name: 'Set Up Security Questions' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Please fill in all security questions and answers.', { exact: true }),
  ).toBeVisible();
  await chooseQuestion(page, 'Security Question 1', 'What was the name of your first pet?');
  await page.getByLabel('Answer 1').fill('Rex');
  await chooseQuestion(page, 'Security Question 2', 'What was the name of your first pet?');
  await page.getByLabel('Answer 2').fill('Springfield');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Please choose different security questions.', { exact: true }),
  ).toBeVisible();
  await chooseQuestion(page, 'Security Question 2', 'In what city were you born?');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByText('Security Questions Saved', { exact: true })).toBeVisible();
});

test('Skip for Now goes home', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/security-questions');
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('logout -> login by business name with remember me -> reload stays signed in', async ({
  page,
  context,
}) => {
  const owner = await signupOwnerViaApi(page.request);
  await page.goto('/');
  await expect(mainNav(page)).toBeVisible();
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(mainNav(page)).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(
    page.getByText('Please enter your email or business name', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await page.getByLabel(/email or business name/i).fill(owner.businessName.toUpperCase());
  await page.getByLabel(/^password$/i).fill('not-the-password');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Invalid email/business name or password.', { exact: true }),
  ).toBeVisible();

  await page.getByLabel(/^password$/i).fill(owner.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel(/^password$/i)).toHaveAttribute('type', 'text');
  await page.getByLabel(/remember me/i).check();
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const sid = (await context.cookies()).find((c) => c.name === 'ems_sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  await page.reload();
  await expect(mainNav(page)).toBeVisible();
});

test('the login page links to forgot password, signup and operator login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Operator Login' })).toHaveAttribute(
    'href',
    '/employee-login',
  );
});

test('forgot password: questions, Back clears the answers, wrong answers, reset, sign in', async ({
  page,
}) => {
  const owner = await signupOwnerViaApi(page.request);
  const setup = await page.request.post('/api/auth/setup-security-questions', {
    data: {
      securityQuestion1: 'first_pet',
      securityAnswer1: 'Rex',
      securityQuestion2: 'birth_city',
      securityAnswer2: 'Springfield',
    },
  });
  expect(setup.status()).toBe(200);
  await page.request.post('/api/auth/logout');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email or Business Name').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  // An unknown address is answered like a known one (two questions), so nobody can probe for accounts.
  await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  await page.getByLabel('Email or Business Name').fill(owner.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('What was the name of your first pet?')).toBeVisible();
  await page.getByLabel('What was the name of your first pet?').fill('Rex');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('What was the name of your first pet?')).toHaveValue('');

  await page.getByLabel('What was the name of your first pet?').fill('rex');
  await page.getByLabel('In what city were you born?').fill('Shelbyville');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Password must be at least 8 characters.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Fresh-Start-2026');
  await page.getByLabel('Confirm New Password').fill('Fresh-Start-2027');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Fresh-Start-2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Security answers are incorrect. Please try again.', { exact: true }),
  ).toBeVisible();

  await page.getByLabel('In what city were you born?').fill('  SPRINGFIELD ');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password Reset Successful', { exact: true })).toBeVisible();
  await loginAsOwner(page, { ...owner, password: 'Fresh-Start-2026' });
});

test('Spanish chosen -> reload -> still Spanish', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Owner/Manager Sign In' })).toBeVisible();
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { name: 'Acceso de Propietario/Gerente' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acceso de Propietario/Gerente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByText('Ingrese su correo o el nombre de su empresa', { exact: true }),
  ).toBeVisible();
});

test('header links per role: owner sees every link, a visitor sees no header', async ({ page }) => {
  await page.goto('/');
  await expect(mainNav(page)).toBeHidden();
  await signupOwnerViaApi(page.request);
  await page.goto('/');
  const links = mainNav(page).getByRole('link');
  // The daily links in the header; the rest under "More"; profile, settings and Logout (labelled) in
  // the account menu.
  await expect(links).toHaveText([
    'Dashboard',
    'Add Equipment',
    'Equipment List',
    'Inspections',
    'Work Orders',
  ]);
  await mainNav(page).getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Programs',
    'Parts',
    'Costs',
    'Reports',
    'Import',
    'Operators',
    'Subscription',
    'Instructions',
    'Contact Support',
    'Retired Equipment',
  ]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Logout']);
});

test('mobile menu at 390x844 shows the page title and the role under Profile', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signupOwnerViaApi(page.request);
  await page.goto('/equipment-list');
  await expect(mainNav(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('heading', { name: 'Equipment List' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Profile\s*Owner/ })).toBeVisible();
  await menu.getByRole('link', { name: 'Instructions' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/instructions$/);
});

test('the 404 page', async ({ page }) => {
  await signupOwnerViaApi(page.request);
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('profile: edit personal details and company name, change password', async ({ page }) => {
  const owner = await signupOwnerViaApi(page.request);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit: Personal Details' }).click();
  await page.getByLabel('First Name').fill('Ana');
  await page.getByLabel('Last Name').fill('García');
  await page.getByLabel('Secondary Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText('Please enter a valid secondary email address.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Secondary Email').fill('backup@example.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
  await expect(page.getByText('backup@example.com', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit: Company Details' }).click();
  await page.getByLabel('Company Name').fill('   ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company name cannot be empty.', { exact: true })).toBeVisible();
  const renamed = `${owner.businessName} Renamed`;
  await page.getByLabel('Company Name').fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company Updated', { exact: true })).toBeVisible();
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();

  await page.getByLabel('Current Password').fill(owner.password);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('New password must be at least 8 characters long.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Another-Good-One-5');
  await page.getByLabel('Confirm New Password').fill('Another-Good-One-6');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('New password and confirmation password must match.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Another-Good-One-5');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
});
