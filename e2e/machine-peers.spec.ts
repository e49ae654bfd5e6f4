import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectFitsWindow,
  screenshotsTo,
  signupOwnerViaApi,
  test,
  uniqueName,
} from './fixtures';

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

async function fleet(request: APIRequestContext) {
  await signupOwnerViaApi(request);
  const add = async (name: string) => {
    const res = await request.post('/api/equipment', {
      data: { name: uniqueName(name), type: 'machinery', unit: 'hours', currentUsage: 100 },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; name: string };
  };
  const sound = await add('Sound excavator');
  const leak = await add('Leaking excavator');
  // Fill to fill: 40 gal over 20 h (2 gal/h) against 56 gal over 20 h (2.8 gal/h).
  for (const [usage, soundGal, leakGal] of [
    [101, 50, 50],
    [111, 20, 28],
    [121, 20, 28],
  ] as const)
    for (const [m, gal] of [
      [sound, soundGal],
      [leak, leakGal],
    ] as const) {
      const res = await request.post('/api/operator-updates', {
        data: { equipmentId: m.id, newUsage: usage, fuelAdded: gal, fuelType: 'diesel' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  return { sound, leak };
}

for (const L of languages)
  test(`${L.tag}: the machine page shows its fuel rate beside its peers' and the flag`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({
      locale: L.locale,
      viewport: { width: 1366, height: 900 },
    });
    const page = await ctx.newPage();
    const f = await fleet(page.request);
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
