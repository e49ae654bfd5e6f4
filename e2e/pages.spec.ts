import { test as base } from '@playwright/test';
import { expect, signupOwnerViaApi, test } from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/** Captures mailto: link clicks instead of leaving the page (the headless browser has no mail client). */
async function captureMailto(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      (e) => {
        const a = (e.target as Element | null)?.closest?.(
          'a[href^="mailto:"]',
        ) as HTMLAnchorElement | null;
        if (a) {
          e.preventDefault();
          (window as unknown as { __mailto: string }).__mailto = a.href;
        }
      },
      true,
    );
  });
}

test.describe('landing page', () => {
  test('shows sign-in buttons, hero, features, plans with a monthly/yearly toggle and the trial length', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Owner/Manager Sign In' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'Operator Login' }).first()).toHaveAttribute(
      'href',
      '/employee-login',
    );
    await expect(page.getByRole('link', { name: 'Get Started as Owner/Manager' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(
      page.getByText('14-day free trial. No credit card required.').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For owners and managers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For operators' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Download App' })).toBeVisible();
    await expect(
      page.getByText('Install the Equipment Management Suite directly on your device'),
    ).toBeVisible();
    await expect(page.getByText('Launch special: 20% off all plans')).toBeVisible();

    const basic = page.getByRole('article', { name: 'Basic' });
    const pro = page.getByRole('article', { name: 'Professional' });
    const ent = page.getByRole('article', { name: 'Enterprise' });
    await expect(basic).toContainText('$32');
    await expect(basic.locator('del')).toContainText('$40');
    await expect(pro).toContainText('Most Popular');
    await expect(pro).toContainText('$54');
    await expect(ent).toContainText('$100');
    await expect(ent.locator('del')).toContainText('$125');
    await expect(basic).toContainText('Up to 15 pieces of equipment');

    await page.getByRole('button', { name: /Yearly/ }).click();
    await expect(page.getByRole('button', { name: /Yearly/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(basic).toContainText('$27');
    await expect(basic.locator('del')).toContainText('$34');
    await expect(basic).toContainText('$326.40 charged for 12 months up front');
    await expect(pro).toContainText('$46');
    await expect(ent).toContainText('$85');
    await expect(ent.locator('del')).toContainText('$106');

    await expect(
      page.getByRole('link', { name: 'Start free trial of the Professional plan' }),
    ).toHaveAttribute('href', '/signup');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Install the App without a browser prompt shows manual instructions per device', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Install the App' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to install the app' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('iPhone or iPad (Safari)');
    await expect(dialog).toContainText('Android (Chrome)');
    await expect(dialog).toContainText('Computer (Chrome or Edge)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Install the App uses the stored beforeinstallprompt event', async ({ page }) => {
    await page.addInitScript(() => {
      // Fired before the app code runs, like a real browser that offers installation at page load.
      const ev = new Event('beforeinstallprompt') as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<unknown>;
      };
      ev.prompt = async () => {
        (window as unknown as { __prompted: boolean }).__prompted = true;
      };
      ev.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
      document.addEventListener('DOMContentLoaded', () =>
        setTimeout(() => window.dispatchEvent(ev), 0),
      );
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Install the App' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted === true),
      )
      .toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the contact form requires every field and opens the mail client with the message', async ({
    page,
  }) => {
    await captureMailto(page);
    await page.goto('/');
    const form = page.locator('#contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please fill out all fields before sending.')).toBeVisible();
    await form.getByLabel('Name').fill('Ana Ruiz');
    await form.getByLabel('Email').fill('ana@example.com');
    await form.getByLabel('Subject').fill('Pricing question');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please fill out all fields before sending.')).toBeVisible();
    await form.getByLabel('Message').fill('How many machines?\nThanks');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please fill out all fields before sending.')).toBeHidden();
    const href = await page.evaluate(
      () => (window as unknown as { __mailto?: string }).__mailto ?? '',
    );
    expect(href.startsWith('mailto:support@example.com?')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Pricing question');
    expect(url.searchParams.get('body')).toBe(
      'Name: Ana Ruiz\r\nEmail: ana@example.com\r\n\r\nHow many machines?\r\nThanks',
    );
  });

  test('the landing page in Spanish, chosen with the language selector', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('link', { name: 'Acceso de operadores' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Descargar la aplicación' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Instalar la aplicación' })).toBeVisible();
    await expect(
      page.getByText('Prueba gratuita de 14 días. No se requiere tarjeta de crédito.').first(),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Planes sencillos para cada flota' }),
    ).toBeVisible();
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lng of ['en', 'es']) {
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    }
  });
});

test.describe('contact and instructions (signed in)', () => {
  test('contact page: response time, topics, link to the instructions, mailto with subject and body', async ({
    page,
  }) => {
    await captureMailto(page);
    await signupOwnerViaApi(page.request);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
    await expect(
      page.getByText('We reply within 1-2 business hours, Monday to Friday.'),
    ).toBeVisible();
    await expect(page.getByText('Subscription and billing')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fill out all fields before sending.')).toBeVisible();
    await page.getByLabel('Name').fill('Bo');
    await page.getByLabel('Email', { exact: true }).fill('bo@example.com');
    await page.getByLabel('Subject').fill('Help & more');
    await page.getByLabel('Message').fill('Hi');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const href = await page.evaluate(
      () => (window as unknown as { __mailto?: string }).__mailto ?? '',
    );
    expect(new URL(href).searchParams.get('subject')).toBe('Help & more');
    await page.getByRole('link', { name: 'Read the instructions' }).click();
    await expect(page).toHaveURL(/\/instructions$/);
    for (const name of [
      'Getting started',
      'Equipment',
      'Operators',
      'Plans and billing',
      'Security',
      'Compliance tips',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Your free trial lasts 14 days')).toBeVisible();
  });
});

test.describe('first screen loading', () => {
  test('the page announces the chunks of the first screen, and a visitor makes no current-user call', async ({
    page,
    request,
  }) => {
    const preloads = async (url: string, headers: Record<string, string> = {}) =>
      [
        ...(await (await request.get(url, { headers })).text()).matchAll(
          /rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)"/g,
        ),
      ].map((m) => m[1] ?? '');
    expect((await preloads('/')).some((href) => /\/assets\/landing-[\w-]+\.js$/.test(href))).toBe(
      true,
    );
    expect(
      (await preloads('/login')).some((href) => /\/assets\/login-[\w-]+\.js$/.test(href)),
    ).toBe(true);
    // The stylesheet comes before every script: the first paint needs only it and the HTML.
    const head = (await (await request.get('/login')).text()).split('</head>')[0] ?? '';
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('modulepreload'));
    expect(head).not.toMatch(/rel="modulepreload" (?!fetchpriority="low")/);
    const owner = await preloads('/', { cookie: 'ems_signed_in=owner' });
    expect(owner.some((href) => /\/assets\/dashboard-[\w-]+\.js$/.test(href))).toBe(true);
    expect(owner.some((href) => /\/assets\/landing-/.test(href))).toBe(false);

    // Signed out: no GET /api/auth/user (no 401 logged), and every announced file is one the page uses.
    const calls: string[] = [];
    page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /^sign in$/i })).toBeVisible();
    expect(calls).not.toContain('/api/auth/user');
    const announced = await preloads('/login');
    for (const href of announced) expect(calls).toContain(href);
  });
});

test.describe('installable app', () => {
  test('serves the manifest with icons and /sw.js without caching', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const m = (await manifest.json()) as {
      name: string;
      short_name: string;
      icons: { src: string; sizes: string; purpose?: string }[];
      theme_color: string;
    };
    expect(m.name).toBe('Equipment Management Suite');
    expect(m.short_name).toBeTruthy();
    expect(m.theme_color).toBe('#1d4ed8');
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of [
      ...m.icons.map((i) => i.src),
      '/icons/apple-touch-icon-180.png',
      '/favicon.ico',
    ]) {
      const res = await request.get(icon);
      expect(res.ok(), icon).toBe(true);
      expect(res.headers()['content-type']).toMatch(/image\//);
    }
    const sw = await request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
  });
});

// Offline: the network errors of this test are expected, so it uses the plain Playwright test.
base(
  'the app opens without a network once the service worker has installed',
  async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.active?.state;
    });
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install the App' })).toBeVisible();
    await page.goto('/some/deep/link');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  },
);

test('the landing page loads at most 170 KB of JavaScript (gzip)', async ({ page }) => {
  const { gzipSync } = await import('node:zlib');
  const sizes: Promise<number>[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.js'))
      sizes.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Download App' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  expect(total / 1024, 'landing page JavaScript, KB gzip').toBeLessThanOrEqual(170);
});

test('signed-in pages fit the screen in Spanish (header included), from phone to desktop', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  await signupOwnerViaApi(page.request);
  // Machines, so the dashboard shows everything and its lowest sections start far below the screen
  // (they are laid out lazily, with a reserved height: they must not widen the page meanwhile).
  for (let i = 1; i <= 12; i++) {
    const machine = await page.request.post('/api/equipment', {
      data: {
        name: `Tractor ${i}`,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 10,
        serviceInterval: 100,
      },
    });
    expect(machine.status(), await machine.text()).toBe(201);
  }
  for (const width of [390, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/contact', '/instructions']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/')
        await expect(
          page.getByRole('button', { name: 'Restablecer contraseña de usuario' }),
        ).toBeAttached();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width}px`,
      ).toBeLessThanOrEqual(width);
    }
  }
});
