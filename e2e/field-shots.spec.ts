import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, expectFitsWindow, signupOwnerViaApi, test, uniqueName } from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * The field app (issue 13) at 1280x800 and 390x844 in English and Spanish: the labels page, the owner's
 * landing of a sticker, and the operator screen (picker and preview, the queue with a refusal, the
 * camera message). Each screen fails the run when the page is wider than the window (sideways
 * scrolling) or shows a tap target of the operator screen smaller than 48 px (gloves). The screenshots
 * go to FIELD_SHOTS=<folder> to look at (none are taken otherwise):
 *   FIELD_SHOTS=/tmp/shots E2E_PORT=5181 npx playwright test e2e/field-shots.spec.ts
 */
const dir = process.env.FIELD_SHOTS;

const SHARED = 'Tractor-Blue-77';
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const;
const LANGS = [
  { lng: 'en', locale: 'en-US' },
  { lng: 'es', locale: 'es-ES' },
] as const;

async function snap(page: Page, name: string, fullPage = true) {
  await expectFitsWindow(page, `${name}: wider than the window`);
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** Buttons, inputs and selects of the operator screen under 48 px high (a gloved finger). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button, main input, main select, main label:has(input)')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'file'))
          return false; // inside a 48 px label, or hidden behind its button
        return box.height < 48;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.id}"`,
      ),
  );
}

async function context(browser: Browser, size: (typeof SIZES)[number], locale: string) {
  const phone = size.width < 500;
  return browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale,
    isMobile: phone,
    hasTouch: phone,
  });
}

test('field app screenshots', async ({ page, browser }) => {
  test.setTimeout(480_000); // 2.9 minutes on the slow kind of CI machine
  await signupOwnerViaApi(page.request);
  expect(
    (
      await page.request.post('/api/company-settings', { data: { masterPassword: SHARED } })
    ).status(),
  ).toBe(200);
  const op = await page.request.post('/api/employees', {
    data: { firstName: 'Pedro', lastName: 'Sosa' },
  });
  const { operatorUsername } = (await op.json()) as { operatorUsername: string };
  const ids: string[] = [];
  for (const [name, usage] of [
    [uniqueName('Caterpillar 320 Excavator with a long name'), 1200],
    ['John Deere 5075E', 310.5],
    ['Kubota SVL75', 88],
  ] as const) {
    const res = await page.request.post('/api/equipment', {
      data: { name, type: 'machinery', unit: 'hours', currentUsage: usage, fuelType: 'diesel' },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const [first] = ids as [string];
  const owner = await page.context().storageState();

  for (const size of SIZES)
    for (const { lng, locale } of LANGS) {
      const tag = `${lng}-${size.name}`;
      // Owner: the labels page and a sticker's landing.
      const oc = await browser.newContext({
        storageState: owner,
        viewport: { width: size.width, height: size.height },
        locale,
      });
      const o = await oc.newPage();
      await o.goto(`/labels?ids=${ids.join(',')}`);
      await expect(o.getByRole('article')).toHaveCount(3);
      await snap(o, `labels-${tag}`);
      // A sticker opened by an owner: the machine's page (issue 24).
      await o.goto(`/m/${first}`);
      await expect(o.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(o, `owner-link-${tag}`);
      await oc.close();

      // Operator: the machine chosen from its sticker, a reading typed (preview).
      const ctx = await context(browser, size, locale);
      const p = await ctx.newPage();
      await p.goto(`/m/${first}`);
      await p.locator('#operatorName').fill(operatorUsername);
      await p.locator('input[type="password"]').fill(SHARED);
      await p.locator('button[type="submit"]').click();
      await expect(p.locator('#equipmentSelect')).toHaveValue(first);
      const now = (await (await page.request.get(`/api/equipment/${first}`)).json()) as {
        currentUsage: number;
      };
      await p.locator('#newUsage').fill(String(now.currentUsage + 6.5));
      await expect(p.getByTestId('entry-preview')).toContainText(/6[.,]5/);
      expect(await smallTargets(p), `${tag}: small tap targets`).toEqual([]);
      await snap(p, `operator-preview-${tag}`);

      // The queue: two readings made offline, and one the server refused.
      await ctx.setOffline(true);
      await p.locator('button[type="submit"]').click();
      await expect(p.locator('#newUsage')).toHaveValue('');
      await p.locator('#newUsage').fill('1100');
      await p.locator('button[type="submit"]').click();
      await expect(p.locator('#newUsage')).toHaveValue('');
      await ctx.setOffline(false);
      await expect(p.getByRole('button', { name: /^(Dismiss|Descartar)$/ })).toBeVisible();
      await ctx.setOffline(true);
      await p.locator('#newUsage').fill(String(now.currentUsage + 100));
      await p.locator('#notes').fill('Hydraulic hose leaking at the left arm');
      await p.locator('button[type="submit"]').click();
      await expect(p.locator('#newUsage')).toHaveValue('');
      expect(await smallTargets(p), `${tag}: small tap targets`).toEqual([]);
      await snap(p, `operator-queue-${tag}`);

      // The camera missing (this browser has none): the message, over the screen.
      await p.getByRole('button', { name: /^(Scan|Escanear)$/ }).click();
      await expect(p.getByRole('dialog').getByRole('alert')).toBeVisible();
      await snap(p, `operator-scan-no-camera-${tag}`, false);
      await ctx.close();
    }
});
