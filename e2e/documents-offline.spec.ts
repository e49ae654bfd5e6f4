import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expect as baseExpect,
  operatorPhone,
  screenshotsTo,
  setupFieldTeam,
  test,
  tinyPdf,
  inFullChromium,
} from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

// The PDF opens in the browser's own viewer, which the headless shell lacks.
test.use(inFullChromium);

/**
 * Issue 42: the operator's manual with no signal. An operator who opened the chosen machine's documents
 * and its manual once still has the list, the photo's thumbnail and the manual after a reload with no
 * signal (the service worker's caches, vite.config.ts), a range of the manual included; signing out
 * deletes those caches. FIELD_SHOTS=<dir> saves screenshots.
 */

const shot = screenshotsTo(process.env.FIELD_SHOTS);
// A service worker install and reloads on a shared test machine; nothing here waits for a time to pass.
const expect = baseExpect.configure({ timeout: 30_000 });

/** GET `url` from the page (through its service worker): the status, the type and the bytes. */
const fetchFrom = (page: Page, url: string, headers: Record<string, string> = {}) =>
  page.evaluate(
    async ([u, h]) => {
      const res = await fetch(u, { headers: h });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        bytes: [...new Uint8Array(await res.arrayBuffer())],
      };
    },
    [url, headers] as const,
  );

/**
 * A machine with a manual (PDF) and a photo, and the operator's phone signed in with its service worker
 * in control; `openDocuments` shows the machine's documents panel, `openManual` opens the manual.
 */
async function phoneWithDocuments(page: Page, browser: Browser) {
  const team = await setupFieldTeam(page.request, { namePrefix: 'Loader' });
  const upload = async (title: string, category: string, file: object) => {
    const res = await page.request.post(`/api/equipment/${team.equipmentId}/documents`, {
      multipart: { title, category, file: file as never },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const manualId = await upload('Operator manual', 'manual', {
    name: 'manual.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf,
  });
  const jpeg = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  await upload('Grease points', 'photo', {
    name: 'grease.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  const manualUrl = `/api/documents/${manualId}/file`;

  const { ctx, op } = await operatorPhone(browser, team);
  await expect(op).toHaveURL(/\/simple-operator$/);
  await op.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clientsClaim: the worker takes the open page over without a reload (as on the phone).
  await expect
    .poll(() => op.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  const openDocuments = async () => {
    await op.getByLabel('Equipment', { exact: true }).selectOption(team.equipmentId);
    const panel = op.getByRole('region', { name: 'Manuals and documents' });
    await expect(panel.getByRole('link', { name: 'Operator manual' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Grease points' }).first()).toBeVisible();
    const thumb = panel.locator('img');
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    return panel;
  };
  /** The manual opened from the list: a new tab, answered 200 with the PDF. */
  const openManual = async (panel: Awaited<ReturnType<typeof openDocuments>>) => {
    const answered = ctx.waitForEvent('response', (r) => r.url().endsWith(manualUrl));
    const [tab] = await Promise.all([
      ctx.waitForEvent('page'),
      panel.getByRole('link', { name: 'Operator manual' }).click(),
    ]);
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(tab.url()).toMatch(/\/api\/documents\/[0-9a-f-]+\/file$/);
    await tab.close();
  };

  return { team, ctx, op, manualUrl, openDocuments, openManual };
}

/** The offline copies of the API the service worker keeps (lib/offline-caches.ts). */
const keptCaches = (op: Page) =>
  op.evaluate(async () => {
    const names = await caches.keys();
    return names.filter((n) => n.startsWith('ems-field-')).sort();
  });

test('the operator opens the manual and the documents list again with no signal; sign-out deletes them', async ({
  page,
  browser,
}) => {
  test.slow();
  const { team, ctx, op, manualUrl, openDocuments, openManual } = await phoneWithDocuments(
    page,
    browser,
  );

  // Online: the list, the thumbnail and the manual, opened once.
  await openManual(await openDocuments());

  // No signal, the app reloaded: the same list, thumbnail and manual.
  await ctx.setOffline(true);
  await op.reload();
  await expect(op.getByRole('heading', { name: `Welcome, ${team.username}` })).toBeVisible();
  const panel = await openDocuments();
  await shot(op, 'documents-offline-en-390');
  await openManual(panel);
  const whole = await fetchFrom(op, manualUrl);
  expect([whole.status, whole.type]).toEqual([200, 'application/pdf']);
  expect(Buffer.from(whole.bytes).equals(tinyPdf)).toBe(true);
  // A viewer asking for a part of the file gets that part, cut from the kept file.
  const part = await fetchFrom(op, manualUrl, { range: 'bytes=0-3' });
  expect([part.status, Buffer.from(part.bytes).toString()]).toEqual([206, '%PDF']);
  // A file never opened online is not there: only what was opened is kept.
  const notKept = await op.evaluate(async () =>
    fetch('/api/documents/00000000-0000-4000-8000-000000000000/file').then(
      (r) => r.status,
      () => 'failed',
    ),
  );
  expect(notKept).toBe('failed');

  // Back online, signed out: none of the copies stays for the next person on the phone.
  await ctx.setOffline(false);
  expect(await keptCaches(op)).toEqual([
    'ems-field-api',
    'ems-field-files',
    'ems-field-thumbnails',
  ]);
  await op.getByRole('button', { name: 'Logout' }).click();
  await expect(op).toHaveURL(/\/$|\/login|\/employee-login/);
  await expect.poll(() => keptCaches(op)).toEqual([]);
  await ctx.close();
});

test('a session the server ended (401) deletes the offline copies too, not only the user', async ({
  page,
  browser,
}) => {
  test.slow();
  const { ctx, op, openDocuments } = await phoneWithDocuments(page, browser);
  await openDocuments();
  await expect.poll(() => keptCaches(op)).toEqual(['ems-field-api', 'ems-field-thumbnails']);
  // The session ends on the server's side (expired, or the operator removed): the next answer is a 401.
  const cookies = await ctx.cookies();
  await ctx.clearCookies();
  await ctx.addCookies(cookies.filter((c) => c.name !== 'ems_sid'));
  await op.reload();
  await expect(op.getByRole('heading', { name: 'Operator Login' })).toBeVisible();
  await expect.poll(() => keptCaches(op)).toEqual([]);
  await ctx.close();
});
