import { expect, expectFitsWindow, pageAt, screenshotsTo, test } from './fixtures';
import { excavatorsFillingUp, type FillUp } from './fleets';

/**
 * The machine page's own figures beside its peers' (issue 45), in English and Spanish at 1366 and
 * 390 px: an excavator burning 40 % more fuel per hour than its peer says so, with its rate and the
 * peers' median; the peer is not flagged. PEERS_SHOTS=<dir> saves screenshots.
 */
const shot = screenshotsTo(process.env.PEERS_SHOTS);

const languages = [
  {
    locale: 'en-US',
    tag: 'en',
    flag: 'Uses 40% more fuel per hour than your other machines of type Machinery.',
    rate: 'Fuel rate',
    median: "Peers' median 2 gal/h (1 machine)",
  },
  {
    locale: 'es-ES',
    tag: 'es',
    flag: 'Usa un 40% más de combustible por hora que sus otras máquinas de tipo Maquinaria.',
    rate: 'Consumo de combustible',
    median: 'Mediana del resto 2 gal/h (1 máquina)',
  },
] as const;

/** Fill to fill: 40 gal over 20 h (2 gal/h) against 56 gal over 20 h (2.8 gal/h). */
const FILL_UPS: FillUp[] = [
  [101, 50, 50],
  [111, 20, 28],
  [121, 20, 28],
];

for (const L of languages)
  test(`${L.tag}: the machine page shows its fuel rate beside its peers' and the flag`, async ({
    browser,
  }) => {
    const { ctx, page } = await pageAt(browser, L.locale);
    const f = await excavatorsFillingUp(page.request, FILL_UPS);
    await page.goto(`/machines/${f.leak.id}`);
    const peers = page.getByTestId('machine-peers');
    await expect(peers.getByTestId('fuel-flag')).toHaveText(L.flag);
    await expect(peers).toContainText(L.rate);
    await expect(peers).toContainText('2.8 gal/h');
    await expect(peers).toContainText(L.median);
    await shot(page, `machine-peers-${L.tag}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWindow(page);
    await peers.scrollIntoViewIfNeeded();
    await shot(page, `machine-peers-${L.tag}-390`);
    // Its peer burns less: no flag.
    await page.goto(`/machines/${f.sound.id}`);
    await expect(page.getByTestId('machine-peers')).toContainText('2 gal/h');
    await expect(page.getByTestId('fuel-flag')).toHaveCount(0);
    await ctx.close();
  });
