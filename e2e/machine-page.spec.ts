import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  controlledBySw,
  expect,
  machineryViaApi,
  operatorViaApi,
  ownerPageAt,
  pageAt,
  setupFieldTeam,
  SIZES,
  test,
} from './fixtures';

// This spec's behaviour depends on the app's service worker (offline, the installed app's cache), which
// playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * The machine page (issue 24), opened from the Equipment List, the dashboard and a sticker's link
 * (/m/:id), at 1366x900 and 390x844, in English and Spanish: its charts are drawn, its timeline shows
 * a voided reading struck through, back and forward work, and it comes in two requests. Screenshots
 * go to MACHINE_SHOTS=<folder> to look at (none are taken otherwise):
 *   MACHINE_SHOTS=/tmp/shots E2E_PORT=5251 npx playwright test e2e/machine-page.spec.ts
 */
const dir = process.env.MACHINE_SHOTS;

const LANGS = [
  {
    lng: 'en',
    locale: 'en-US',
    timeline: 'Timeline',
    usage: 'Usage over time',
    voidedBy: /Voided by/i,
    noteLabel: 'Add a note',
    addNote: 'Add Note',
    noteEmpty: 'Note cannot be empty',
  },
  {
    lng: 'es',
    locale: 'es-ES',
    timeline: 'Historial',
    usage: 'Uso en el tiempo',
    voidedBy: /Anulad[oa] por/i,
    noteLabel: 'Agregar una nota',
    addNote: 'Agregar nota',
    noteEmpty: 'La nota no puede estar vacía',
  },
] as const;

async function snap(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  // The elements that stick out, named in the failure.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 60)}`),
  );
  expect(overflow, `${name}: wider than the window: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The machine's page is shown: its name, its three charts drawn, the voided reading struck through. */
async function expectMachinePage(page: Page, name: string, lang: (typeof LANGS)[number]) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: lang.timeline })).toBeVisible();
  for (const chart of ['usage-chart', 'fuel-chart', 'cost-chart']) {
    const card = page.getByTestId(chart);
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('svg.recharts-surface').first()).toBeVisible();
  }
  // Each chart has a text alternative (its summary as the chart's label, its data as a table).
  await expect(page.getByRole('img', { name: new RegExp(lang.usage) })).toBeVisible();
  await expect(page.getByRole('table', { name: lang.usage })).toBeAttached();
  const voided = page
    .getByTestId('timeline')
    .getByTestId('history-entry')
    .filter({ has: page.getByTestId('voided') });
  await expect(voided).toHaveCount(1);
  await expect(voided.getByTestId('voided')).toContainText(lang.voidedBy);
  await expect(voided.getByTestId('voided')).toContainText('Typed 1020 for 120');
  await expect(voided.locator('.line-through').first()).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
}

/** A machine with readings, fuel, a voided reading and a service; the page's context is its owner's. */
async function seedMachine(page: Page, request: APIRequestContext) {
  const team = await setupFieldTeam(page.request, {
    namePrefix: 'Loader',
    currentUsage: 100,
    serviceInterval: 250,
    serialNumber: 'SN-4410',
    fuelType: 'diesel',
    description: 'Yard loader, north gate.',
    serviceParts: [{ part: 'Oil filter', partNumber: 'OF-22', qty: 1 }],
  });
  const id = team.equipmentId;
  // An operator's reading with fuel, a manager's wrong increase voided, a service with parts and cost.
  await operatorViaApi(request, team);
  const sent = await request.post('/api/operator-updates', {
    data: { equipmentId: id, newUsage: 120, fuelAdded: 30, fuelType: 'diesel' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  expect(
    (
      await page.request.patch(`/api/equipment/${id}/usage`, { data: { usageIncrease: 900 } })
    ).status(),
  ).toBe(200);
  const history = (await (await page.request.get(`/api/equipment/${id}/history`)).json()) as {
    id: string;
    usage: number | null;
  }[];
  const wrong = history.find((h) => h.usage === 1020);
  expect(wrong).toBeTruthy();
  const voided = await page.request.post(`/api/equipment/${id}/history/${wrong!.id}/void`, {
    data: { reason: 'Typed 1020 for 120' },
  });
  expect(voided.status(), await voided.text()).toBe(200);
  const serviced = await page.request.patch(`/api/equipment/${id}/reset-service`, {
    data: { cost: 245.5, parts: [{ part: 'Oil filter', qty: 1 }], performedBy: 'North Shop' },
  });
  expect(serviced.status(), await serviced.text()).toBe(200);
  return team;
}

for (const size of SIZES)
  for (const lang of LANGS)
    test(`the machine page from the list, the dashboard and a sticker: ${lang.lng} ${size.name}`, async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      const team = await seedMachine(page, request);
      const id = team.equipmentId;
      const owner = await page.context().storageState();
      const tag = `${lang.lng}-${size.name}`;
      const { ctx, page: p } = await pageAt(browser, lang.locale, size.width, {
        storageState: owner,
      });
      const errors: string[] = [];
      p.on('pageerror', (err) => errors.push(err.message));

      // From the Equipment List: the machine's name is a link; back and forward work.
      await p.goto('/equipment-list');
      if (!size.phone) await snap(p, `list-${tag}`);
      await p.getByRole('link', { name: team.equipmentName }).click();
      await expect(p).toHaveURL(new RegExp(`/machines/${id}$`));
      await expectMachinePage(p, team.equipmentName, lang);
      await snap(p, `machine-${tag}`);
      await p.goBack();
      await expect(p).toHaveURL(/\/equipment-list$/);
      await p.goForward();
      await expect(p).toHaveURL(new RegExp(`/machines/${id}$`));
      await expect(p.getByRole('heading', { level: 1, name: team.equipmentName })).toBeVisible();

      // From the dashboard.
      await p.goto('/');
      await p.getByRole('link', { name: team.equipmentName }).first().click();
      await expect(p).toHaveURL(new RegExp(`/machines/${id}$`));
      await expectMachinePage(p, team.equipmentName, lang);

      // From a sticker's link: the page, in two requests about the machine (its page and its timeline;
      // the costs card asks for its own only when opened). The HTML announces both, so they are asked
      // while the code downloads, and the page takes those answers: each goes out once.
      const first = [`/api/equipment/${id}/history?limit=20`, `/api/equipment/${id}/page`];
      const html = await (await p.request.get(`/m/${id}`)).text();
      const announced = [
        ...html.matchAll(/rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)"/g),
      ].map((m) => m[1]);
      expect(announced.filter((u) => u?.includes(id)).sort()).toEqual(first);
      const asked: string[] = [];
      p.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/') && `${url.pathname}${url.search}`.includes(id))
          asked.push(`${url.pathname}${url.search}`);
      });
      await p.goto(`/m/${id}`);
      await expectMachinePage(p, team.equipmentName, lang);
      // After the first paint the Documents card (issue 42) asks for the machine's files, once.
      const documents = `/api/equipment/${id}/documents`;
      await expect.poll(() => asked.filter((u) => u === documents).length).toBe(1);
      expect(asked.filter((u) => u !== documents).sort()).toEqual(first);
      // The header names the page (not "Dashboard").
      if (size.phone)
        await expect(p.locator('header').first()).toContainText(
          lang.lng === 'es' ? 'Máquina' : 'Machine',
        );
      // The timeline by kind: the one service.
      await p.locator('#timeline-kind').selectOption('service');
      await expect(p.getByTestId('timeline').getByTestId('history-entry')).toHaveCount(1);
      await snap(p, `sticker-${tag}`);
      // A note from the page: the API's rule under the field, then the note in the timeline.
      await p.locator('#timeline-kind').selectOption('all');
      const note = p.getByLabel(lang.noteLabel);
      await note.fill('   ');
      await p.getByRole('button', { name: lang.addNote }).click();
      await expect(p.locator('#new-note-error')).toHaveText(lang.noteEmpty);
      await expect(note).toHaveAttribute('aria-invalid', 'true');
      await note.fill(`Greased the pins ${tag}`);
      await p.getByRole('button', { name: lang.addNote }).click();
      await expect(p.getByTestId('timeline').getByTestId('history-entry').first()).toContainText(
        `Greased the pins ${tag}`,
      );
      expect(errors).toEqual([]);
      await ctx.close();
    });

test('es 390 px: the machine page offline says it could not load the machine, not that it is missing', async ({
  browser,
}) => {
  const { ctx, page } = await ownerPageAt(browser, 'es-MX', 390);
  const { id } = await machineryViaApi(page.request, 'Retroexcavadora', { currentUsage: 100 });
  const heading = page.getByRole('heading', { level: 1 });
  await page.goto(`/machines/${id}`);
  await expect(heading).toContainText('Retroexcavadora');
  await controlledBySw(page); // the app shell comes from the service worker, the data does not
  await ctx.setOffline(true);
  await page.reload();
  await expect(heading).toHaveText('No se pudo cargar esta máquina');
  await expect(page.getByRole('alert')).toContainText('No se puede conectar con el servidor');
  await ctx.setOffline(false);
  // A machine that is not there (or another company's) is still "not found".
  await page.goto('/machines/00000000-0000-4000-8000-000000000000');
  await expect(heading).toHaveText('Máquina no encontrada');
  await ctx.close();
});
