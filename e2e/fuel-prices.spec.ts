import {
  expect,
  OPERATOR_LOGIN_ES,
  operatorPhone,
  screenshotsTo,
  setupFieldTeam,
  signupOwnerViaApi,
  test,
} from './fixtures';

/**
 * Fuel in money (issue 45), in English and Spanish at 1366 and 390 px: a manager counts fuel in litres,
 * is told under the field why a price starting tomorrow is refused, adds the company's diesel price and
 * sees it listed; the operator form then asks for litres and for the fill-up's optional price.
 * FUEL_SHOTS=<dir> saves screenshots.
 */
const shot = screenshotsTo(process.env.FUEL_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    title: 'Fuel prices and units',
    unit: 'Count fuel in',
    litres: 'Litres (L)',
    price: 'Price',
    from: 'From',
    add: 'Add price',
    future: 'The start date cannot be after today.',
    negative: 'Enter a price of 0 or more.',
    diesel: 'Diesel',
  },
  {
    locale: 'es-ES',
    tag: 'es',
    title: 'Precios y unidades de combustible',
    unit: 'Contar el combustible en',
    litres: 'Litros (L)',
    price: 'Precio',
    from: 'Desde',
    add: 'Agregar precio',
    future: 'La fecha de inicio no puede ser posterior a hoy.',
    negative: 'Ingrese un precio igual o mayor que 0.',
    diesel: 'Diésel',
  },
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

for (const L of languages)
  for (const width of [1366, 390])
    test(`${L.tag} ${width}px: litres, a refused price and the company's diesel price`, async ({
      browser,
    }) => {
      const ctx = await browser.newContext({
        locale: L.locale,
        viewport: { width, height: width > 500 ? 900 : 844 },
        timezoneId: 'UTC',
      });
      const page = await ctx.newPage();
      await signupOwnerViaApi(page.request);
      await page.goto('/profile');
      const card = page.getByRole('heading', { name: L.title });
      await expect(card).toBeVisible();
      await page.getByLabel(L.unit).selectOption('L');
      await expect(page.getByLabel(L.unit)).toHaveValue('L');
      await expect(page.getByLabel(L.unit)).toBeEnabled();

      const price = page.getByLabel(L.price, { exact: true });
      const from = page.getByLabel(L.from, { exact: true });
      await price.fill('-1');
      await page.getByRole('button', { name: L.add }).click();
      await expect(page.getByText(L.negative)).toBeVisible();

      const tomorrow = isoDay(new Date(Date.now() + 2 * 86_400_000));
      await price.fill('1.02');
      await from.fill(tomorrow);
      await page.getByRole('button', { name: L.add }).click();
      await expect(page.getByText(L.future)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `fuel-prices-refused-${L.tag}-${width}`);

      await from.fill(isoDay(new Date(Date.now() - 86_400_000 * 3)));
      await page.getByRole('button', { name: L.add }).click();
      const table = page.getByRole('table', { name: /fuel|combustible/i });
      await expect(table.getByRole('row').filter({ hasText: L.diesel })).toContainText(
        /\$1[.,]02(00)? \/ L/,
      );
      await expect(page.getByText(L.future)).toBeHidden();
      const res = await page.request.get('/api/fuel-prices');
      expect(await res.json()).toMatchObject({
        volumeUnit: 'L',
        prices: [{ fuelType: 'diesel', price: 1.02, volumeUnit: 'L' }],
      });
      await shot(page, `fuel-prices-${L.tag}-${width}`);
      await ctx.close();
    });

const phones = [
  {
    locale: 'en-US',
    tag: 'en',
    equipment: 'Equipment',
    fuel: 'Fuel added (L) - optional',
    price: 'Price per L - optional',
    submit: 'Submit Update',
    sent: 'Update Submitted',
    labels: undefined,
  },
  {
    locale: 'es-ES',
    tag: 'es',
    equipment: 'Equipo',
    fuel: 'Combustible agregado (L) - opcional',
    price: 'Precio por L - opcional',
    submit: 'Enviar actualización',
    sent: 'Actualización enviada',
    labels: OPERATOR_LOGIN_ES,
  },
] as const;

for (const P of phones)
  test(`${P.tag} 390px: an operator of a company in litres adds 50 L at its own price`, async ({
    browser,
    page,
  }) => {
    const team = await setupFieldTeam(page.request, {
      namePrefix: 'Fuel loader',
      fuelType: 'diesel',
    });
    const unit = await page.request.put('/api/fuel-unit', { data: { volumeUnit: 'L' } });
    expect(unit.status(), await unit.text()).toBe(200);
    const { ctx, op } = await operatorPhone(browser, team, {
      locale: P.locale,
      ...(P.labels ? { labels: P.labels } : {}),
    });
    await op.getByLabel(P.equipment, { exact: true }).selectOption(team.equipmentId);
    await op.getByLabel(P.fuel).fill('50');
    await op.getByLabel(P.price).fill('1.05');
    await shot(op, `fuel-operator-${P.tag}-390`);
    await op.getByRole('button', { name: P.submit }).click();
    await expect(op.getByText(P.sent, { exact: true })).toBeVisible();
    const list = await page.request.get('/api/operator-updates');
    const updates = (await list.json()) as {
      fuelAdded: number;
      volumeUnit: string;
      price: number;
    }[];
    expect(updates[0]).toMatchObject({ fuelAdded: 50, volumeUnit: 'L', price: 1.05 });
    // The machine page and the dashboard count it in litres too (stored in gallons, shown once in L).
    await page.goto(`/machines/${team.equipmentId}`);
    await expect(page.getByTestId('figures')).toContainText('50 L');
    await page.goto('/');
    await expect(page.getByTestId('fuel-total')).toHaveText(/^50\s*L$/);
    await ctx.close();
  });
