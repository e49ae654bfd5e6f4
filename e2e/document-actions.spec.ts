/**
 * A document's actions on the machine page (issue 42), in English and Spanish at 1366 and 390 px: edit
 * its details (PATCH), replace it with a new version whose later expiry completes the machine's renewal,
 * and put a manual on every machine of the machine's type in one step. DOCUMENTS_SHOTS=<dir> saves
 * screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, machineViaApi, ownerPageAt, test, uniqueName } from './fixtures';

const dir = process.env.DOCUMENTS_SHOTS;
async function snap(page: Page, name: string, fullPage = false) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** YYYY-MM-DD `n` days from today (UTC; the company's day is the same at the hours tests run). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function machine(request: APIRequestContext, name: string, type: string) {
  const made = await machineViaApi(request, {
    name: uniqueName(name),
    type,
    unit: 'miles',
    currentUsage: 1000,
  });
  return made.id;
}
async function upload(request: APIRequestContext, id: string, fields: Record<string, string>) {
  const res = await request.post(`/api/equipment/${id}/documents`, {
    multipart: { ...fields, file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    card: 'Documents',
    actions: (title: string) => `Actions: ${title}`,
    edit: 'Edit details',
    editDialog: 'Edit document',
    replace: 'Replace with a new version',
    linkType: 'Put on every Vehicle machine',
    linkConfirm: 'Put on all',
    linked: '“Operator manual” is now on 2 more machines',
    title: 'Title',
    file: 'File',
    expires: 'Expires on (optional)',
    save: 'Save',
    upload: 'Upload',
    badge: (n: number) => `expires in ${n} days`,
  },
  {
    locale: 'es-MX',
    tag: 'es',
    card: 'Documentos',
    actions: (title: string) => `Acciones: ${title}`,
    edit: 'Editar datos',
    editDialog: 'Editar documento',
    replace: 'Reemplazar por una nueva versión',
    linkType: 'Poner en todas las máquinas de tipo Vehículo',
    linkConfirm: 'Poner en todas',
    linked: '“Operator manual” está ahora en 2 máquinas más',
    title: 'Título',
    file: 'Archivo',
    expires: 'Vence el (opcional)',
    save: 'Guardar',
    upload: 'Subir',
    badge: (n: number) => `vence en ${n} días`,
  },
] as const;

for (const L of languages)
  for (const width of [1366, 390])
    test(`${L.tag} ${width} px: edit a document, replace it with a new version, put a manual on every machine of the type`, async ({
      browser,
    }) => {
      const { ctx, page } = await ownerPageAt(browser, L.locale, width);
      const truck = await machine(page.request, 'Dump truck', 'vehicle');
      const others = [
        await machine(page.request, 'Pickup', 'vehicle'),
        await machine(page.request, 'Van', 'vehicle'),
      ];
      const loader = await machine(page.request, 'Loader', 'machinery');
      await upload(page.request, truck, { title: 'Operator manual', category: 'manual' });
      await upload(page.request, truck, {
        title: 'Insurance 2026',
        category: 'insurance',
        expiresOn: inDays(10),
      });

      await page.goto(`/machines/${truck}`);
      const card = page.getByRole('region', { name: L.card });
      const items = card.getByRole('listitem');
      await expect(items).toHaveCount(2);

      // Edit: a new title and expiry.
      await card.getByRole('button', { name: L.actions('Insurance 2026') }).click();
      await expect(page.getByRole('menuitem', { name: L.edit })).toBeVisible();
      await snap(page, `document-menu-${L.tag}-${width}`);
      await page.getByRole('menuitem', { name: L.edit }).click();
      let dialog = page.getByRole('dialog', { name: L.editDialog });
      await dialog.getByLabel(L.title).fill('Insurance policy');
      await dialog.getByLabel(L.expires).fill(inDays(20));
      await snap(page, `document-edit-${L.tag}-${width}`);
      await dialog.getByRole('button', { name: L.save }).click();
      await expect(dialog).toBeHidden();
      await expect(items.nth(0)).toContainText('Insurance policy');
      await expect(items.nth(0).getByText(L.badge(20), { exact: true })).toBeVisible();
      const renewal = async () =>
        (
          (await (await page.request.get(`/api/equipment/${truck}/tasks`)).json()) as {
            category: string;
            next: { date: string } | null;
            lastDone: { date: string } | null;
          }[]
        ).filter((x) => x.category === 'renewal');
      expect((await renewal())[0]?.next?.date).toBe(inDays(20));

      // Replace with the new certificate: its later expiry completes the renewal.
      await card.getByRole('button', { name: L.actions('Insurance policy') }).click();
      await page.getByRole('menuitem', { name: L.replace }).click();
      dialog = page.getByRole('dialog', { name: L.replace });
      await expect(dialog.getByLabel(L.title)).toHaveValue('Insurance policy');
      await dialog.getByLabel(L.file, { exact: true }).setInputFiles({
        name: 'Póliza 2027.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await dialog.getByLabel(L.title).fill('Insurance 2027');
      await dialog.getByLabel(L.expires).fill(inDays(375));
      await snap(page, `document-replace-${L.tag}-${width}`);
      await dialog.getByRole('button', { name: L.upload }).click();
      await expect(dialog).toBeHidden();
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('Insurance 2027');
      await expect(card).not.toContainText('Insurance policy');
      const [task] = await renewal();
      expect(task?.next?.date).toBe(inDays(375));
      expect(task?.lastDone?.date).toBe(inDays(0));

      // The manual on every vehicle, in one step; the loader is not a vehicle.
      await card.getByRole('button', { name: L.actions('Operator manual') }).click();
      await page.getByRole('menuitem', { name: L.linkType }).click();
      const confirm = page.getByRole('alertdialog');
      await snap(page, `document-link-type-${L.tag}-${width}`);
      await confirm.getByRole('button', { name: L.linkConfirm }).click();
      await expect(page.getByText(L.linked).first()).toBeVisible();
      for (const id of others) {
        const list = (await (await page.request.get(`/api/equipment/${id}/documents`)).json()) as {
          title: string;
        }[];
        expect(list.map((d) => d.title)).toEqual(['Operator manual']);
      }
      const none = (await (
        await page.request.get(`/api/equipment/${loader}/documents`)
      ).json()) as unknown[];
      expect(none).toHaveLength(0);
      await snap(page, `document-card-after-${L.tag}-${width}`, true);
      await ctx.close();
    });
