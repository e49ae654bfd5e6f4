import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import {
  controlledBySw,
  expect,
  fieldTest as test,
  FULL_CHROMIUM,
  OPERATOR_LOGIN_ES,
  phoneContext,
  screenshotsTo,
  setupFieldTeam,
  signupOwnerViaApi,
  signInOperator,
  fleetBeyondFirstPage,
  rowAction,
  operatorPhone,
  type FieldTeam,
} from './fixtures';

/** Every test's machine (`team`, fixtures.ts): a diesel loader at 100 h. */
const LOADER = { namePrefix: 'Loader', currentUsage: 100, fuelType: 'diesel' };

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow', fieldMachine: LOADER });

/**
 * The field-ready operator screen (issue 13): a sticker's link, the offline outbox (three readings
 * made with no signal reach the server exactly once each, in order, also after a reload), and a
 * queued reading the server refuses shown in the operator's language.
 */

const shot = screenshotsTo(process.env.FIELD_SHOTS);

/**
 * The operator's phone opened at the loader's sticker (`/m/<id>`) and signed in, in English or Spanish:
 * the loader is the chosen machine.
 */
async function phoneAtSticker(browser: Browser, team: FieldTeam, spanish = false) {
  const phone = await operatorPhone(browser, team, {
    at: `/m/${team.equipmentId}`,
    ...(spanish ? { locale: 'es-ES', labels: OPERATOR_LOGIN_ES } : {}),
  });
  const picker = phone.op.getByLabel(spanish ? 'Equipo' : 'Equipment', { exact: true });
  await expect(picker).toHaveValue(team.equipmentId);
  return phone;
}

type Update = { equipmentId: string; newUsage: number | null; createdAt: string; status: string };
async function updatesOf(request: APIRequestContext, equipmentId: string): Promise<Update[]> {
  const res = await request.get('/api/operator-updates');
  expect(res.status()).toBe(200);
  const all = (await res.json()) as Update[] | { items?: Update[]; applied?: Update[] };
  const list = Array.isArray(all) ? all : [...(all.applied ?? []), ...(all.items ?? [])];
  return list.filter((u) => u.equipmentId === equipmentId);
}

test('a sticker link signed out: sign in, then the machine is chosen with its last reading', async ({
  browser,
  team,
}) => {
  const { ctx, op } = await phoneAtSticker(browser, team);
  await expect(op).toHaveURL(new RegExp(`/m/${team.equipmentId}$`));
  await expect(op.getByTestId('current-reading')).toContainText('100');
  const preview = op.getByTestId('entry-preview');
  await expect(preview).toContainText('Last reading: 100');
  await op.getByLabel('Current usage (hours)').fill('106.5');
  await expect(preview).toContainText('+6.5 hours since');
  await shot(op, 'field-link-en-390');

  // Another company's machine (or an unknown id): a clear message, nothing chosen.
  await op.goto('/m/00000000-0000-4000-8000-000000000000');
  await expect(
    op.getByRole('alert').filter({ hasText: 'No machine of your company matches this code.' }),
  ).toBeVisible();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue('');
  await ctx.close();
});

test('offline: three readings wait on the phone, survive a reload and reach the server once each, in order', async ({
  page,
  browser,
  team,
}) => {
  const { ctx, op } = await phoneAtSticker(browser, team);
  // The service worker has taken control (the app shell and the machine list are cached).
  await controlledBySw(op);
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);

  await ctx.setOffline(true);
  const usage = op.getByLabel('Current usage (hours)');
  for (const reading of ['101', '102.5', '104']) {
    await usage.fill(reading);
    await op.getByRole('button', { name: 'Submit Update' }).click();
    await expect(usage).toHaveValue('');
  }
  const panel = op.getByRole('heading', { name: 'Waiting to send (3)' });
  await expect(panel).toBeVisible();
  const list = op.getByRole('list', { name: 'Updates waiting to send' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Reading 101');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Reading 104');
  await shot(op, 'field-offline-en-390');

  // Reloaded with no signal: the screen opens from the cache and the queue is still there.
  await op.reload();
  await expect(op.getByRole('heading', { name: 'Waiting to send (3)' })).toBeVisible();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  expect(await updatesOf(page.request, team.equipmentId)).toHaveLength(0);

  // Back online: sent automatically, each once, in the order they were made.
  await ctx.setOffline(false);
  await op.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect.poll(async () => (await updatesOf(page.request, team.equipmentId)).length).toBe(3);
  // A Retry (or a second tab) cannot apply them again.
  await op.reload();
  await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  const applied = await updatesOf(page.request, team.equipmentId);
  expect(applied).toHaveLength(3);
  const byTime = [...applied].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  expect(byTime.map((u) => u.newUsage)).toEqual([101, 102.5, 104]);
  expect(byTime.every((u) => u.status === 'applied')).toBe(true);
  const eq = await page.request.get(`/api/equipment/${team.equipmentId}`);
  expect(((await eq.json()) as { currentUsage: number }).currentUsage).toBe(104);
  await ctx.close();
});

test('a queued reading the server refuses is shown with its message, in Spanish', async ({
  page,
  browser,
  team,
}) => {
  const { ctx, op } = await phoneAtSticker(browser, team, true);
  await ctx.setOffline(true);
  await op.getByLabel('Uso actual (horas)').fill('105');
  await op.getByRole('button', { name: 'Enviar actualización' }).click();
  await expect(op.getByRole('heading', { name: 'Pendiente de enviar (1)' })).toBeVisible();
  // Meanwhile a later reading reaches the server first (the manager's screen, another phone).
  const later = await page.request.post('/api/operator-updates', {
    data: { equipmentId: team.equipmentId, newUsage: 110 },
    headers: { 'idempotency-key': 'another-phone-1' },
  });
  expect(later.status(), await later.text()).toBe(201);
  // Back online: the queue is sent by itself and the server refuses the older reading.
  await ctx.setOffline(false);
  const refused = op.getByRole('list', { name: 'Actualizaciones rechazadas por el servidor' });
  await expect(refused).toContainText('No registrada');
  await expect(refused.getByRole('alert')).toContainText('La lectura 105');
  await expect(op.getByRole('heading', { name: 'Requiere su atención' })).toBeVisible();
  await expect(op.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await shot(op, 'field-refused-es-390');
  // Kept until the operator dismisses it.
  await op.reload();
  await expect(refused.getByRole('alert')).toContainText('La lectura 105');
  await op.getByRole('button', { name: 'Descartar' }).click();
  await expect(refused).toHaveCount(0);
  const applied = await updatesOf(page.request, team.equipmentId);
  expect(applied.map((u) => u.newUsage)).toEqual([110]);
  await ctx.close();
});

/** A Y4M video (YUV 4:2:0) of a still grey image: what Chromium's fake camera plays. */
function y4m(gray: Uint8Array, width: number, height: number, frames = 3): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(gray), chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** The QR of a link as a grey image centred on a white width x height frame. */
async function qrFrame(text: string, width: number, height: number): Promise<Uint8Array> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { width: 360, margin: 4 }));
  const out = new Uint8Array(width * height).fill(255);
  const ox = Math.floor((width - png.width) / 2);
  const oy = Math.floor((height - png.height) / 2);
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++)
      out[(oy + y) * width + ox + x] = png.data[(y * png.width + x) * 4]!;
  return out;
}

test('print labels: QR images that decode to the machine links, A4 and US Letter', async ({
  page,
  baseURL,
  team,
}) => {
  await page.goto(`/labels?ids=${team.equipmentId}`);
  await expect(page.getByRole('heading', { name: 'Print labels' })).toBeVisible();
  const label = page.getByRole('article', { name: team.equipmentName });
  await expect(label).toContainText(team.equipmentId.slice(0, 8));
  const img = label.getByRole('img', { name: `QR code of ${team.equipmentName}` });
  await expect(img).toBeVisible();
  const src = (await img.getAttribute('src'))!;
  expect(src.startsWith('data:image/png;base64,')).toBe(true);
  const png = PNG.sync.read(Buffer.from(src.slice('data:image/png;base64,'.length), 'base64'));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(`${baseURL}/m/${team.equipmentId}`);
  await page.getByLabel('US Letter (2 × 5)').check();
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.length).toBeGreaterThan(1000);
  await shot(page, 'field-labels-en-1280');
  // All machines from the Equipment List, or only the selected ones.
  const second = await page.request.post('/api/equipment', {
    data: { name: 'Second Loader', type: 'machinery', unit: 'hours' },
  });
  expect(second.status()).toBe(201);
  await page.goto('/equipment-list');
  await page.getByRole('link', { name: 'Print labels' }).click();
  await expect(page.getByText('2 labels', { exact: true })).toBeVisible();
  await page.goto('/equipment-list');
  await page.getByRole('checkbox', { name: 'Select Second Loader' }).check();
  await page.getByRole('link', { name: 'Print labels (1 selected)' }).click();
  await expect(page.getByText('1 label', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Second Loader' })).toBeVisible();
  await expect(page.getByRole('article', { name: team.equipmentName })).toHaveCount(0);
  // From a machine's row.
  await page.goto('/equipment-list');
  await rowAction(page, team.equipmentName, 'Print label');
  await expect(page).toHaveURL(new RegExp(`/labels\\?ids=${team.equipmentId}$`));
  await expect(page.getByText('1 label', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: team.equipmentName })).toBeVisible();
});

test('print labels on a phone: one label under the other, whole, a long name not cut off', async ({
  page,
}) => {
  await signupOwnerViaApi(page.request);
  const name = 'Chevy Silverado 2500 HD Crew Cab Long Bed';
  const res = await page.request.post('/api/equipment', {
    data: { name, type: 'vehicle', unit: 'miles' },
  });
  expect(res.status()).toBe(201);
  await page.request.post('/api/equipment', {
    data: { name: 'Second Loader', type: 'machinery', unit: 'hours' },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/labels');
  await expect(page.getByRole('heading', { name: 'Print labels', level: 1 })).toBeVisible();
  const labels = page.getByRole('article');
  await expect(labels).toHaveCount(2);
  for (const label of await labels.all()) {
    const box = (await label.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const [first, second] = [
    (await labels.nth(0).boundingBox())!,
    (await labels.nth(1).boundingBox())!,
  ];
  expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  // The whole name is shown (no line cut off by the clamp).
  const title = page.getByRole('article', { name }).getByTitle(name);
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/**
 * Chromium with a fake camera that films the QR of `text`. The full browser (CHROMIUM_PATH), not the
 * headless shell the other tests run in: the shell never asked the context for the camera permission.
 * `grantAtOnce` answers the permission prompt itself; otherwise the context's permissions decide.
 */
async function cameraFilming(text: string, { grantAtOnce = false } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-scan-'));
  const video = path.join(dir, 'qr.y4m');
  writeFileSync(video, y4m(await qrFrame(text, 640, 480), 640, 480));
  return chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      ...(grantAtOnce ? ['--use-fake-ui-for-media-stream'] : []),
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

test('the Scan button reads a sticker from the camera and chooses the machine', async ({
  baseURL,
  team,
}) => {
  const browser = await cameraFilming(`${baseURL}/m/${team.equipmentId}`, {
    grantAtOnce: true,
  });
  try {
    const ctx = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['camera'],
    });
    const op = await ctx.newPage();
    await op.goto('/employee-login');
    await signInOperator(op, team);
    await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue('');
    await op.getByRole('button', { name: 'Scan' }).click();
    await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId, {
      timeout: 20_000,
    });
    await expect(op.getByRole('dialog', { name: 'Scan a machine sticker' })).toHaveCount(0);
    await expect(op.getByTestId('current-reading')).toContainText('100');
  } finally {
    await browser.close();
  }
});

test('a photo taken with an update is resized on the phone and shown to the manager', async ({
  page,
  browser,
  team,
}) => {
  const { ctx, op } = await phoneAtSticker(browser, team);
  // A 2400 px PNG "from the camera": the phone sends a JPEG whose longest side is 1600 px.
  const big = await QRCode.toBuffer('meter photo', { width: 2400, margin: 1 });
  await op.getByLabel('Add a photo (optional)').setInputFiles({
    name: 'meter.png',
    mimeType: 'image/png',
    buffer: big,
  });
  await expect(op.getByRole('img', { name: 'Photo to send with the update' })).toBeVisible();
  await op.getByLabel('Maintenance notes - optional').fill('Leak at the hose');
  await op.getByRole('button', { name: 'Submit Update' }).click();
  await expect(op.getByText('Update Submitted', { exact: true }).first()).toBeVisible();
  await expect(op.getByRole('img', { name: 'Photo to send with the update' })).toHaveCount(0);

  const updates = await updatesOf(page.request, team.equipmentId);
  expect(updates).toHaveLength(1);
  const id = (updates[0] as Update & { id: string }).id;
  const photo = await page.request.get(`/api/field/photos/${id}`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  const bytes = await photo.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // Width and height from the JPEG's frame header (SOF0/SOF2).
  let i = 2;
  let size: [number, number] | null = null;
  while (i < bytes.length && !size) {
    const marker = bytes[i + 1]!;
    const len = bytes.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2)
      size = [bytes.readUInt16BE(i + 7), bytes.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  expect(size).toEqual([1600, 1600]);

  await page.goto('/');
  await expect(
    page.getByRole('img', { name: `Photo sent with the update of ${team.equipmentName}` }),
  ).toBeVisible();
  await ctx.close();
});

test('offline: the picker searches every machine of a fleet larger than one page, and a reading for one beyond it arrives once', async ({
  page,
  browser,
  team,
}) => {
  // Zeta Grader, last by name: beyond the first 50 the picker shows.
  const farId = await fleetBeyondFirstPage(page, 58);

  const { ctx, op } = await operatorPhone(browser, team);
  await expect(
    op.getByText('Showing the first 50 of 60 machines.', { exact: false }),
  ).toBeVisible();
  await controlledBySw(op);
  await expect(
    op.getByText('Showing the first 50 of 60 machines.', { exact: false }),
  ).toBeVisible();

  // No signal, the app opened again: every machine is still searchable.
  await ctx.setOffline(true);
  await op.reload();
  const picker = op.getByLabel('Equipment', { exact: true });
  await expect(
    op.getByText('Showing the first 50 of 60 machines.', { exact: false }),
  ).toBeVisible();
  await expect(picker.locator('option', { hasText: 'Zeta Grader' })).toHaveCount(0);
  // Its sticker (or a scan: the same path) chooses it from the list on the phone, with no signal.
  await op.goto(`/m/${farId}`);
  await expect(picker).toHaveValue(farId);
  await expect(op.getByRole('alert')).toHaveCount(0);
  await op.goto('/simple-operator');
  await expect(picker).toHaveValue('');
  await op.getByLabel('Search equipment').fill('zeta');
  await expect(picker.locator('option', { hasText: 'Zeta Grader' })).toHaveCount(1);
  await picker.selectOption(farId);
  await expect(op.getByTestId('current-reading')).toContainText('500');
  // The search finds by type in the operator's language too, and by part of a name.
  await op.getByLabel('Search equipment').fill('pump 5');
  await expect(picker.locator('option')).toHaveCount(1 + 9 + 1); // prompt, Pump 50-58, the chosen one
  await expect(picker).toHaveValue(farId);
  await op.getByLabel('Current usage (hours)').fill('512');
  await op.getByRole('button', { name: 'Submit Update' }).click();
  const list = op.getByRole('list', { name: 'Updates waiting to send' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Zeta Grader');
  await shot(op, 'field-offline-fleet-en-390');
  expect(await updatesOf(page.request, farId)).toHaveLength(0);

  // Signal again: sent by itself, once; the list is fetched again (the new reading shows).
  await ctx.setOffline(false);
  await expect(op.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  await expect.poll(async () => (await updatesOf(page.request, farId)).length).toBe(1);
  await op.reload();
  await op.getByLabel('Search equipment').fill('zeta');
  await picker.selectOption(farId);
  await expect(op.getByTestId('current-reading')).toContainText('512');
  const applied = await updatesOf(page.request, farId);
  expect(applied.map((u) => [u.newUsage, u.status])).toEqual([[512, 'applied']]);
  await ctx.close();
});

test('two tabs sending the same queue, and an answer lost on the way: each reading is applied once', async ({
  page,
  browser,
  team,
}) => {
  // No service worker: Playwright sees (and can cut) every request of the pages.
  const ctx = await phoneContext(browser, 'en-US', { serviceWorkers: 'block' });
  const one = await ctx.newPage();
  await one.goto(`/m/${team.equipmentId}`);
  await signInOperator(one, team);
  await expect(one.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);
  const two = await ctx.newPage();
  await two.goto(`/m/${team.equipmentId}`);
  await expect(two.getByLabel('Equipment', { exact: true })).toHaveValue(team.equipmentId);

  await ctx.setOffline(true);
  const usage = one.getByLabel('Current usage (hours)');
  for (const reading of ['101', '102', '103']) {
    await usage.fill(reading);
    await one.getByRole('button', { name: 'Submit Update' }).click();
    await expect(usage).toHaveValue('');
  }
  // The other tab shows the same queue.
  await expect(two.getByRole('heading', { name: 'Waiting to send (3)' })).toBeVisible();

  // The first send of the first reading reaches the server, but its answer is lost (as when the app
  // is killed mid-send): the reading stays on the phone and is sent again with the same key.
  let cut = 0;
  await ctx.route('**/api/operator-updates', async (route) => {
    if (route.request().method() === 'POST' && cut === 0) {
      cut++;
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await ctx.setOffline(false);
  // Both tabs send at once (the 'online' event in each), then Retry in each until nothing waits. The
  // limit is a hang guard: on a loaded two-core CI machine one round of these checks took over 10 s.
  await expect(async () => {
    await Promise.all(
      [one, two].map(async (p) => {
        const retry = p.getByRole('button', { name: 'Retry' });
        if ((await retry.isVisible()) && (await retry.isEnabled()))
          await retry.click({ timeout: 1_000 }).catch(() => undefined);
      }),
    );
    await expect(one.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(two.getByRole('heading', { name: /Waiting to send/ })).toHaveCount(0);
  expect(cut).toBe(1);
  const applied = await updatesOf(page.request, team.equipmentId);
  expect(applied).toHaveLength(3);
  const byTime = [...applied].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  expect(byTime.map((u) => u.newUsage)).toEqual([101, 102, 103]);
  expect(byTime.every((u) => u.status === 'applied')).toBe(true);
  await ctx.close();
});

test("scanning another company's sticker, a QR that is not ours, and a camera denied: clear messages, the search still works", async ({
  browser,
  baseURL,
  team,
}) => {
  // Another company's machine.
  const other = await browser.newContext();
  const theirs = await setupFieldTeam(other.request, LOADER);
  await other.close();

  const camera = { baseURL, permissions: ['camera'] };
  const theirSticker = await cameraFilming(`${baseURL}/m/${theirs.equipmentId}`);
  try {
    const { op } = await operatorPhone(theirSticker, team, { more: camera });
    await op.getByRole('button', { name: 'Scan' }).click();
    await expect(
      op.getByRole('alert').filter({ hasText: 'No machine of your company matches this code.' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(op.getByRole('dialog', { name: 'Scan a machine sticker' })).toHaveCount(0);
    await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue('');
    await expect(op.locator('body')).not.toContainText(theirs.equipmentName);
    await shot(op, 'field-scan-foreign-machine-en-390');

    // The camera denied (in Spanish): a clear message; closed, the search finds the machine.
    const { op: denied } = await operatorPhone(theirSticker, team, {
      locale: 'es-ES',
      more: { baseURL, permissions: [] },
      labels: OPERATOR_LOGIN_ES,
    });
    await denied.getByRole('button', { name: 'Escanear' }).click();
    const dialog = denied.getByRole('dialog', { name: 'Escanear la etiqueta de un equipo' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Se denegó el acceso a la cámara. Permita la cámara en la configuración del navegador o busque el equipo.',
    );
    await shot(denied, 'field-scan-denied-es-390');
    await dialog.getByRole('button', { name: 'Cerrar la cámara' }).click();
    await denied.getByLabel('Buscar equipo').fill(team.equipmentName.slice(0, 12));
    await denied.getByLabel('Equipo', { exact: true }).selectOption(team.equipmentId);
    await expect(denied.getByTestId('current-reading')).toContainText('100');
  } finally {
    await theirSticker.close();
  }

  const notOurs = await cameraFilming('https://example.com/some/other/qr');
  try {
    const { op } = await operatorPhone(notOurs, team, { more: camera });
    await op.getByRole('button', { name: 'Scan' }).click();
    const dialog = op.getByRole('dialog', { name: 'Scan a machine sticker' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'This QR code is not an Equipment Management Suite machine sticker.',
      { timeout: 20_000 },
    );
    await shot(op, 'field-scan-not-ours-en-390');
    await dialog.getByRole('button', { name: 'Close the camera' }).click();
    await expect(op.getByLabel('Equipment', { exact: true })).toHaveValue('');
  } finally {
    await notOurs.close();
  }
});

test('no camera on the device: a clear message, and the search still works', async ({
  browser,
  team,
}) => {
  // The test browser has no camera device at all.
  const { ctx, op } = await operatorPhone(browser, team, { more: { permissions: ['camera'] } });
  await op.getByRole('button', { name: 'Scan' }).click();
  const dialog = op.getByRole('dialog', { name: 'Scan a machine sticker' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'No camera is available on this device. Search for the machine instead.',
  );
  await shot(op, 'field-scan-no-camera-en-390');
  await dialog.getByRole('button', { name: 'Search for the machine' }).click();
  await expect(dialog).toHaveCount(0);
  await op.getByLabel('Search equipment').fill(team.equipmentName.slice(0, 12));
  await op.getByLabel('Equipment', { exact: true }).selectOption(team.equipmentId);
  await expect(op.getByTestId('current-reading')).toContainText('100');
  await ctx.close();
});
