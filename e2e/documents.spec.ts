/**
 * Documents on a machine (issue 42), in English and Spanish at 1366 and 390 px: upload a PDF and a phone
 * photo with an expiry through the machine page's Documents card, see the photo's thumbnail and the
 * expiry badge, open the PDF in the browser; an operator opens the chosen machine's manual on the
 * phone; a receipt photo is attached while completing a work order on a phone. DOCUMENTS_SHOTS=<dir>
 * saves screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expect,
  inFullChromium,
  machineryViaApi,
  machineViaApi,
  OPERATOR_LOGIN_ES,
  operatorPhone,
  ownerPageAt,
  setupFieldTeam,
  signupOwnerViaApi,
  test,
  tinyPdf as pdf,
  uniqueName,
} from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

// The PDF opens in the browser's own viewer, which the headless shell lacks.
test.use(inFullChromium);

const dir = process.env.DOCUMENTS_SHOTS;
async function snap(page: Page, name: string, fullPage = true) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** YYYY-MM-DD `n` days from today (UTC; the company's day is the same at the hours tests run). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    card: 'Documents',
    upload: 'Upload',
    dialog: 'Upload a document',
    file: 'File',
    title: 'Title',
    category: 'Category',
    expires: 'Expires on (optional)',
    photo: 'Photo',
    badge: 'expires in 12 days',
    none: /No documents yet/,
    operator: {
      labels: { user: 'Operator username', password: 'Password', submit: 'Sign In' },
      machine: 'Equipment',
      panel: 'Manuals and documents',
    },
  },
  {
    locale: 'es-MX',
    tag: 'es',
    card: 'Documentos',
    upload: 'Subir',
    dialog: 'Subir un documento',
    file: 'Archivo',
    title: 'Título',
    category: 'Categoría',
    expires: 'Vence el (opcional)',
    photo: 'Foto',
    badge: 'vence en 12 días',
    none: /Aún no hay documentos/,
    operator: {
      labels: OPERATOR_LOGIN_ES,
      machine: 'Equipo',
      panel: 'Manuales y documentos',
    },
  },
] as const;

for (const L of languages)
  for (const width of [1366, 390])
    test(`${L.tag} ${width} px: upload a PDF and a phone photo, see the thumbnail and the expiry, open the PDF`, async ({
      browser,
    }) => {
      const { ctx, page } = await ownerPageAt(browser, L.locale, width);
      const name = uniqueName('Dump truck');
      const { id } = await machineViaApi(page.request, {
        name,
        type: 'vehicle',
        unit: 'miles',
        currentUsage: 1000,
      });

      await page.goto(`/machines/${id}`);
      const card = page.getByRole('region', { name: L.card });
      await expect(card).toContainText(L.none);

      // The operator's manual (a PDF).
      await card.getByRole('button', { name: L.upload }).click();
      let dialog = page.getByRole('dialog', { name: L.dialog });
      await dialog.getByLabel(L.file, { exact: true }).setInputFiles({
        name: 'Manual de operación.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await dialog.getByLabel(L.title).fill('Operator manual');
      await dialog.getByRole('button', { name: L.upload }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByRole('link', { name: 'Operator manual' })).toBeVisible();

      // A photo from the phone, with an expiry 12 days away.
      const jpeg = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .jpeg()
        .toBuffer();
      await card.getByRole('button', { name: L.upload }).click();
      dialog = page.getByRole('dialog', { name: L.dialog });
      await dialog.getByLabel(L.file, { exact: true }).setInputFiles({
        name: 'IMG_0042.jpg',
        mimeType: 'image/jpeg',
        buffer: jpeg,
      });
      await dialog.getByLabel(L.title).fill('Inspection sticker');
      await dialog.getByLabel(L.category).selectOption('photo');
      await dialog.getByLabel(L.expires).fill(inDays(12));
      await snap(page, `documents-dialog-${L.tag}-${width}`, false);
      await dialog.getByRole('button', { name: L.upload }).click();
      await expect(dialog).toBeHidden();

      const items = card.getByRole('listitem');
      await expect(items).toHaveCount(2);
      // Newest first: the photo, with its thumbnail (drawn) and its badge.
      await expect(items.nth(0)).toContainText('Inspection sticker');
      await expect(items.nth(0)).toContainText(L.photo);
      await expect(items.nth(0).getByText(L.badge, { exact: true })).toBeVisible();
      const thumb = items.nth(0).locator('img');
      await expect(thumb).toBeVisible();
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(320);
      await snap(page, `documents-card-${L.tag}-${width}`);

      // The PDF opens in the browser (a new tab, inline).
      const [tab] = await Promise.all([
        ctx.waitForEvent('page'),
        card.getByRole('link', { name: 'Operator manual' }).click(),
      ]);
      // The tab opens on about:blank first: its address is awaited, not read once (a race under load).
      await expect(tab).toHaveURL(/\/api\/documents\/[0-9a-f-]+\/file$/);
      const head = await page.request.get(new URL(tab.url()).pathname);
      expect(head.headers()['content-type']).toBe('application/pdf');
      expect(head.headers()['content-disposition']).toMatch(/^inline; /);
      expect(Buffer.from(await head.body()).equals(pdf)).toBe(true);
      await ctx.close();
    });

for (const L of languages)
  test(`${L.tag}: an operator opens the chosen machine's manual on the phone`, async ({
    page,
    browser,
  }) => {
    const team = await setupFieldTeam(page.request, { namePrefix: 'Loader' });
    const up = await page.request.post(`/api/equipment/${team.equipmentId}/documents`, {
      multipart: {
        title: 'Operator manual',
        category: 'manual',
        file: { name: 'manual.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(up.status(), await up.text()).toBe(201);
    await signupOwnerViaApi(page.request); // (another company's owner: nothing of theirs shows)

    const { ctx, op } = await operatorPhone(browser, team, {
      locale: L.locale,
      labels: L.operator.labels,
    });
    await expect(op).toHaveURL(/\/simple-operator$/);
    await op.getByLabel(L.operator.machine, { exact: true }).selectOption(team.equipmentId);
    const panel = op.getByRole('region', { name: L.operator.panel });
    await expect(panel.getByRole('link', { name: 'Operator manual' })).toBeVisible();
    // Read only: nothing to upload or remove.
    await expect(panel.getByRole('button')).toHaveCount(0);
    await snap(op, `documents-operator-${L.tag}-390`);
    const [tab] = await Promise.all([
      ctx.waitForEvent('page'),
      panel.getByRole('link', { name: 'Operator manual' }).click(),
    ]);
    await expect(tab).toHaveURL(/\/api\/documents\/[0-9a-f-]+\/file$/);
    await ctx.close();
  });

for (const L of [
  {
    tag: 'en',
    locale: 'en-US',
    photo: 'Receipt photo (optional)',
    complete: 'Complete',
    files: 'Files',
    title: /^Receipt, work order #\d+$/,
  },
  {
    tag: 'es',
    locale: 'es-MX',
    photo: 'Foto del recibo (opcional)',
    complete: 'Completar',
    files: 'Archivos',
    title: /^Recibo, orden de trabajo n\.º \d+$/,
  },
] as const)
  test(`${L.tag} 390 px: a receipt photo attached while completing a work order on a phone`, async ({
    browser,
  }) => {
    const { ctx, page } = await ownerPageAt(browser, L.locale, 390);
    const { id: equipmentId } = await machineryViaApi(page.request, 'Loader', {
      currentUsage: 100,
    });
    const order = await page.request.post('/api/work-orders', {
      data: { equipmentId, title: 'Hydraulic hose', kind: 'repair' },
    });
    expect(order.status(), await order.text()).toBe(201);
    const { id } = (await order.json()) as { id: string };

    await page.goto(`/work-orders/${id}`);
    const jpeg = await sharp({
      create: { width: 600, height: 900, channels: 3, background: { r: 240, g: 240, b: 230 } },
    })
      .jpeg()
      .toBuffer();
    const input = page.getByLabel(L.photo);
    // The phone opens its camera for it.
    await expect(input).toHaveAttribute('capture', 'environment');
    await input.setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await snap(page, `documents-work-order-attach-${L.tag}-390`);
    await page.getByRole('button', { name: L.complete, exact: true }).click();
    const files = page.getByRole('region', { name: L.files });
    await expect(files.getByRole('link', { name: L.title })).toBeVisible();
    await expect(files.locator('img')).toBeVisible();
    await snap(page, `documents-work-order-${L.tag}-390`);
    // On the machine's page too: in its Documents and on the work order's timeline entry.
    await page.goto(`/machines/${equipmentId}`);
    await expect(
      page.getByTestId('entry-documents').first().getByRole('link', { name: L.title }),
    ).toBeVisible();
    await snap(page, `documents-timeline-${L.tag}-390`);
    const docs = await page.request.get(`/api/equipment/${equipmentId}/documents`);
    expect(((await docs.json()) as { category: string }[]).map((d) => d.category)).toEqual([
      'receipt',
    ]);
    await ctx.close();
  });

for (const L of [
  {
    tag: 'en',
    locale: 'en-US',
    width: 1366,
    select: 'Select',
    add: 'Add a document to 2 machines',
    dialog: 'Upload a document',
    file: 'File',
    title: 'Title',
    upload: 'Upload',
  },
  {
    tag: 'es',
    locale: 'es-MX',
    width: 390,
    select: 'Seleccionar',
    add: 'Agregar un documento a 2 máquinas',
    dialog: 'Subir un documento',
    file: 'Archivo',
    title: 'Título',
    upload: 'Subir',
  },
] as const)
  test(`${L.tag} ${L.width} px: one manual for the machines chosen in the Equipment List, stored once`, async ({
    browser,
  }) => {
    const { ctx, page } = await ownerPageAt(browser, L.locale, L.width);
    const names = [uniqueName('Excavator A'), uniqueName('Excavator B')];
    const ids: string[] = [];
    for (const name of names) {
      const made = await machineViaApi(page.request, {
        name,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 10,
      });
      ids.push(made.id);
    }
    await page.goto('/equipment-list');
    for (const name of names)
      await page
        .getByRole('checkbox', { name: `${L.select} ${name}` })
        .first()
        .click();
    await page.getByRole('button', { name: L.add }).click();
    const dialog = page.getByRole('dialog', { name: L.dialog });
    await dialog.getByLabel(L.file, { exact: true }).setInputFiles({
      name: 'excavator-manual.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await dialog.getByLabel(L.title).fill('Excavator manual');
    await snap(page, `documents-many-${L.tag}-${L.width}`, false);
    await dialog.getByRole('button', { name: L.upload }).click();
    await expect(dialog).toBeHidden();
    const lists = await Promise.all(
      ids.map(
        async (id) =>
          (await (await page.request.get(`/api/equipment/${id}/documents`)).json()) as {
            id: string;
            equipmentIds: string[];
          }[],
      ),
    );
    expect(lists[0]!.map((d) => d.id)).toEqual(lists[1]!.map((d) => d.id));
    expect(new Set(lists[0]![0]!.equipmentIds)).toEqual(new Set(ids));
    await ctx.close();
  });
