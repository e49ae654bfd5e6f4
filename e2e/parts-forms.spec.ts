import { expect, ownerPageAt, test } from './fixtures';

/**
 * The parts forms (issue 27) check with the domain schemas through react-hook-form: each message under
 * its field in the reader's language, nothing sent until it is right; then a part is added and its
 * stock adjusted with a reason.
 */
const languages = [
  {
    locale: 'en-US',
    add: 'Add part',
    name: 'Name',
    unit: 'Unit',
    onHand: 'Quantity on hand',
    save: 'Save',
    nameRequired: 'Enter a name.',
    changeStock: 'Receive or adjust stock',
    reason: 'Reason',
    change: 'Change (+/-)',
    note: 'Note',
    adjustNote: 'Say why the stock is adjusted.',
    onHandAfter: '4 each on hand',
  },
  {
    locale: 'es-ES',
    add: 'Agregar repuesto',
    name: 'Nombre',
    unit: 'Unidad',
    onHand: 'Cantidad disponible',
    save: 'Guardar',
    nameRequired: 'Escriba un nombre.',
    changeStock: 'Recibir o ajustar existencia',
    reason: 'Motivo',
    change: 'Cambio (+/-)',
    note: 'Nota',
    adjustNote: 'Diga por qué se ajusta la existencia.',
    onHandAfter: '4 each',
  },
] as const;

for (const L of languages) {
  test(`${L.locale}: adding a part and adjusting its stock, with the schema's messages under the fields`, async ({
    browser,
  }) => {
    const { ctx, page } = await ownerPageAt(browser, L.locale);
    await page.goto('/parts');
    await page.getByRole('button', { name: L.add }).click();
    const form = page.getByRole('form', { name: L.add });
    await form.getByRole('button', { name: L.save }).click();
    await expect(form.getByText(L.nameRequired)).toBeVisible();
    await expect(form.getByLabel(L.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(L.name, { exact: true }).fill('Air filter');
    await form.getByLabel(L.unit, { exact: true }).fill('each');
    await form.getByLabel(L.onHand, { exact: true }).fill('5');
    await form.getByRole('button', { name: L.save }).click();
    const row = page.getByTestId('part-row').filter({ hasText: 'Air filter' });
    await expect(row.getByTestId('on-hand')).toContainText('5');

    await row.getByRole('button', { name: L.changeStock }).click();
    const stock = row.getByRole('form', { name: L.changeStock });
    await stock.getByLabel(L.reason).selectOption('adjusted');
    await stock.getByLabel(L.change).fill('-1');
    await stock.getByRole('button', { name: L.save }).click();
    await expect(stock.getByText(L.adjustNote)).toBeVisible();
    await stock.getByLabel(L.note).fill('Counted the shelf');
    await stock.getByRole('button', { name: L.save }).click();
    await expect(row.getByTestId('on-hand')).toContainText(L.onHandAfter);
    await ctx.close();
  });
}
