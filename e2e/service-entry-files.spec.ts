/**
 * A service entry's files from the machine page's timeline (issue 42), in English and Spanish at 1366
 * and 390 px: a manager attaches an invoice to a service entry, and it shows on that entry (and in the
 * Documents card). DOCUMENTS_SHOTS=<dir> saves screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, machineryViaApi, ownerPageAt, test } from './fixtures';

const dir = process.env.DOCUMENTS_SHOTS;
async function snap(page: Page, name: string) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    card: 'Documents',
    attach: 'Attach a file',
    dialog: 'Attach a file to this service',
    file: 'File',
    title: 'Title',
    upload: 'Upload',
    none: /No documents yet/,
  },
  {
    locale: 'es-MX',
    tag: 'es',
    card: 'Documentos',
    attach: 'Adjuntar archivo',
    dialog: 'Adjuntar un archivo a este servicio',
    file: 'Archivo',
    title: 'Título',
    upload: 'Subir',
    none: /Aún no hay documentos/,
  },
] as const;

for (const L of languages)
  for (const width of [1366, 390])
    test(`${L.tag} ${width} px: attach an invoice to a service entry from the timeline`, async ({
      browser,
    }) => {
      const { ctx, page } = await ownerPageAt(browser, L.locale, width);
      const { id } = await machineryViaApi(page.request, 'Loader', { currentUsage: 300 });
      const served = await page.request.patch(`/api/equipment/${id}/reset-service`, {
        data: { notes: 'Oil change' },
      });
      expect(served.status(), await served.text()).toBe(200);
      const hist = (await (
        await page.request.get(`/api/equipment/${id}/history?kind=service&limit=5`)
      ).json()) as { entries: { id: string }[] };
      const entryId = hist.entries[0]!.id;

      await page.goto(`/machines/${id}`);
      await expect(page.getByRole('region', { name: L.card })).toContainText(L.none);
      const timeline = page.getByTestId('timeline');
      const entry = timeline.getByRole('listitem').filter({ hasText: 'Oil change' });
      await entry.getByRole('button', { name: L.attach }).click();
      const dialog = page.getByRole('dialog', { name: L.dialog });
      await dialog.getByLabel(L.file, { exact: true }).setInputFiles({
        name: 'Factura 1042.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await dialog.getByLabel(L.title).fill('Oil change invoice');
      await snap(page, `service-attach-dialog-${L.tag}-${width}`);
      await dialog.getByRole('button', { name: L.upload }).click();
      await expect(dialog).toBeHidden();

      // On the service's entry, and in the machine's Documents card.
      const chip = entry.getByRole('link', { name: 'Oil change invoice' }).first();
      await expect(chip).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: L.card })
          .getByRole('link', { name: 'Oil change invoice' }),
      ).toBeVisible();
      await chip.scrollIntoViewIfNeeded();
      await snap(page, `service-attach-entry-${L.tag}-${width}`);
      const list = (await (
        await page.request.get(`/api/service-entries/${entryId}/documents`)
      ).json()) as { title: string; category: string }[];
      expect(list).toEqual([
        expect.objectContaining({ title: 'Oil change invoice', category: 'receipt' }),
      ]);
      await ctx.close();
    });
