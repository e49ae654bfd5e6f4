import { expect, ownerPageAt, test } from './fixtures';

/**
 * Low stock (issue 27): a part at or below its reorder point shows on Due soon, in English and
 * Spanish (the digest lists it too: server/src/modules/digest/digest.test.ts).
 */
const languages = [
  {
    locale: 'en-US',
    heading: 'Low stock',
    line: 'Air filter: 1 each on hand (reorder at 2)',
    link: 'Open the parts inventory',
  },
  {
    locale: 'es-ES',
    heading: 'Existencia baja',
    line: 'Air filter: 1 each disponibles (reponer con 2)',
    link: 'Abrir el inventario de repuestos',
  },
] as const;

for (const L of languages) {
  test(`${L.locale}: a part at or below its reorder point shows on Due soon`, async ({
    browser,
  }) => {
    const { ctx, page } = await ownerPageAt(browser, L.locale);
    for (const body of [
      { name: 'Air filter', unit: 'each', onHand: 1, reorderPoint: 2 },
      { name: 'Fan belt', unit: 'each', onHand: 10, reorderPoint: 2 },
    ]) {
      const res = await page.request.post('/api/parts', { data: body });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto('/due-soon');
    const card = page.getByTestId('low-stock');
    await expect(card.getByRole('heading', { name: L.heading })).toBeVisible();
    await expect(card).toContainText(L.line);
    await expect(card).not.toContainText('Fan belt');
    await expect(card.getByRole('link', { name: L.link })).toHaveAttribute('href', '/parts');
    await ctx.close();
  });
}
