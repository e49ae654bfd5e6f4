import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DigestPreferences } from '@domain/schemas/digest';
import type { CostsReport, UtilizationReport } from '@domain/schemas/reports';
import { mailOutbox } from '../../db/schema/index';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { makePaying, reportOf } from '../../test/reports';
import { useMailTestApp } from '../../test/mail-app';
import { digestPass } from './digest.jobs';
import { previousMonth, runMonthlySummaries } from './monthly-summary';

/**
 * The monthly fleet summary (issue 45) against a real SMTP server (smtp-server), each message parsed
 * back (mailparser): only to those who turned it on, on the 1st from DIGEST_HOUR (the 2nd and 3rd catch
 * up), once per month whatever the passes, in the reader's language, with the Reports page's figures,
 * and a link that stops it alone.
 */
const { t, smtp } = useMailTestApp();
const at = (iso: string) => t.clock.set(new Date(iso));
const utilizationOf = reportOf<UtilizationReport>(() => t, 'utilization');
const costsOf = reportOf<CostsReport>(() => t, 'costs');

it('previousMonth: the calendar month before, across a year end', () => {
  expect(previousMonth('2026-11-01')).toEqual({
    month: '2026-10',
    from: '2026-10-01',
    to: '2026-10-31',
  });
  expect(previousMonth('2027-01-02')).toEqual({
    month: '2026-12',
    from: '2026-12-01',
    to: '2026-12-31',
  });
  expect(previousMonth('2028-03-01')).toMatchObject({ month: '2028-02', to: '2028-02-29' });
});

/** A paying company (UTC) with a machine used in October and one idle since September. */
async function fleet(): Promise<SignedIn & { manager: { cookie: string; email: string } }> {
  at('2026-09-01T12:00:00Z');
  const o = await signupOwner(t.app);
  await makePaying(t, o.companyId, '2027-12-31');
  const used = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Busy excavator',
    currentUsage: 100,
  });
  await createEquipmentViaApi(t.app, o.cookie, { name: 'Quiet loader', currentUsage: 50 });
  at('2026-10-15T12:00:00Z');
  o.cookie = await signInAgain(t.app, o);
  const inc = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${used.id}/usage`, {
    usageIncrease: 60,
  });
  expect(inc.statusCode, inc.body).toBe(200);
  // A service with its cost in October: the month's maintenance.
  const serviced = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${used.id}/reset-service`, {
    cost: 250,
  });
  expect(serviced.statusCode, serviced.body).toBe(200);
  const manager = await addSignedInUser(t.deps.systemDb, 'manager', o.companyId);
  return { ...o, manager: { ...manager, email: manager.email! } };
}

const optIn = async (who: { cookie: string }, language: 'en' | 'es', monthlySummary: boolean) => {
  const res = await call(t.app, who.cookie, 'PUT', '/api/user/digest', {
    frequency: 'off',
    weekday: 1,
    language,
    monthlySummary,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DigestPreferences>();
};

const outboxOf = async (address: string) =>
  (
    await t.deps.systemDb
      .select({ kind: mailOutbox.kind, key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address))
  ).map((r) => `${r.kind} ${r.key}`);

describe('the monthly fleet summary', () => {
  it('goes on the 1st to those who turned it on, once, in their language, with the reports’ figures', async () => {
    const o = await fleet();
    expect((await optIn(o, 'es', true)).monthlySummary).toBe(true);
    // Left out of the body, the choice stays as it is.
    const kept = await call(t.app, o.cookie, 'PUT', '/api/user/digest', {
      frequency: 'off',
      weekday: 1,
      language: 'es',
    });
    expect(kept.json<DigestPreferences>().monthlySummary).toBe(true);
    // The manager has not turned it on (off by default).
    expect(
      (await call(t.app, o.manager.cookie, 'GET', '/api/user/digest')).json<DigestPreferences>()
        .monthlySummary,
    ).toBe(false);
    const bad = await call(t.app, o.cookie, 'PUT', '/api/user/digest', {
      frequency: 'off',
      weekday: 1,
      language: 'es',
      monthlySummary: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'profile.monthlySummary' });

    // October 31st, and November 1st before the hour: nothing yet.
    at('2026-10-31T20:00:00Z');
    expect(await runMonthlySummaries(t.deps)).toMatchObject({ queued: 0 });
    at('2026-11-01T06:30:00Z');
    expect(await runMonthlySummaries(t.deps)).toMatchObject({ queued: 0 });

    // The figures the Reports page shows for October.
    o.cookie = await signInAgain(t.app, o);
    const october = '?from=2026-10-01&to=2026-10-31';
    const report = await utilizationOf(o, october);
    const idle = report.machines.find((m) => m.name === 'Quiet loader');
    expect(idle?.idle).toBe(true);

    const month = await costsOf(o, october);
    expect(month.totals).toMatchObject({ maintenance: 250, total: 250 });
    const busy = month.machines.find((m) => m.name === 'Busy excavator')!;
    expect(busy.costPerUnit).not.toBeNull();

    at('2026-11-01T07:05:00Z');
    const pass = await digestPass(t.deps, smtp.mailer);
    expect(pass.monthlyQueued).toBe(1);
    const mails = smtp.mailFor(o.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`${o.businessName}: su flota en octubre de 2026`);
    expect(mail.text).toContain(`Quiet loader: sin uso desde hace ${idle!.idleDays} días`);
    expect(mail.text).toContain('considere venderla o alquilarla');
    // The cost of the month and the top machines are the Costs report's figures.
    const usd = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' });
    expect(mail.text).toContain(
      `${usd.format(250)} en total: ${usd.format(250)} de mantenimiento y ${usd.format(0)} de combustible.`,
    );
    expect(mail.text).toContain(
      `- Busy excavator: ${usd.format(busy.total)} (${usd.format(busy.costPerUnit!)}/h)`,
    );
    expect(mail.text).not.toContain('- Quiet loader: $');
    expect(mail.text).toContain('La flota estuvo en servicio el 100% del mes.');
    expect(mail.text).toContain('Se encontraron 0 defectos.');
    expect(mail.text).not.toContain('Busy excavator: sin uso');
    expect(mail.html).toContain('<h2 style="font-size:16px">Disponibilidad</h2>');
    const header = (k: string) => mail.headerLines.find((h) => h.key === k)?.line ?? '';
    expect(header('list-unsubscribe')).toContain('list=monthly');
    expect(smtp.mailFor(o.manager.email)).toHaveLength(0);

    // Later passes of the 1st to the 3rd: nothing more (one per user and month).
    at('2026-11-01T09:00:00Z');
    await digestPass(t.deps, smtp.mailer);
    at('2026-11-03T09:00:00Z');
    expect(await runMonthlySummaries(t.deps)).toMatchObject({ queued: 0, already: 1 });
    expect(await outboxOf(o.email)).toEqual([`monthly monthly:${o.user.id}:2026-10`]);

    // Another manager turns it on on the 2nd: the catch-up sends October's to them too, in English.
    at('2026-11-02T10:00:00Z');
    const late = await addSignedInUser(t.deps.systemDb, 'manager', o.companyId);
    await optIn(late, 'en', true);
    await digestPass(t.deps, smtp.mailer);
    const theirs = smtp.mailFor(late.email!);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.subject).toBe(`${o.businessName}: your fleet in October 2026`);
    expect(theirs[0]!.text).toContain('1 idle machine: consider selling or renting it out');
    expect(theirs[0]!.text).toContain(
      'The fleet was in service 100% of the month. 0 defects were found.',
    );

    // On the 4th a new opt-in waits for December's.
    at('2026-11-04T10:00:00Z');
    expect(await runMonthlySummaries(t.deps)).toMatchObject({ queued: 0 });
  });

  it('its link stops the monthly summary alone; the digest link still stops only the digest', async () => {
    const o = await fleet();
    const prefs = await call(t.app, o.cookie, 'PUT', '/api/user/digest', {
      frequency: 'daily',
      weekday: 1,
      language: 'en',
      monthlySummary: true,
    });
    expect(prefs.statusCode).toBe(200);
    at('2026-11-01T08:00:00Z');
    expect((await runMonthlySummaries(t.deps)).queued).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.systemDb
      .select({ headers: mailOutbox.headers })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `monthly:${o.user.id}:2026-10`));
    const link = new URL(row!.headers['List-Unsubscribe']!.slice(1, -1));
    expect(link.searchParams.get('list')).toBe('monthly');
    const path = `${link.pathname}${link.search}`;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop the monthly fleet summary emails to');
    // A digest token does not stop the monthly summary (each list signs its own token).
    const forged = path.replace(
      /t=[^&]+/,
      `t=${new URL(`https://x${path}`).searchParams.get('t')}x`,
    );
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: path });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('gets no more monthly summaries');
    o.cookie = await signInAgain(t.app, o);
    const after = (
      await call(t.app, o.cookie, 'GET', '/api/user/digest')
    ).json<DigestPreferences>();
    expect(after).toMatchObject({ monthlySummary: false, frequency: 'daily' });
  });
});

it("writes a fuel flag as the Fuel report says it, in the reader's language", async () => {
  const { renderMonthly } = await import('./monthly-text');
  const base = {
    name: 'Ana',
    company: 'Acme',
    month: '2026-10',
    costs: { maintenance: 1200, fuel: 830.5, total: 2030.5 },
    top: [{ machine: 'Excavator 3', total: 2030.5, costPerUnit: 12.4, unit: 'hours' }],
    fuelFlags: [
      { machine: 'Excavator 3', type: 'machinery', unit: 'hours', percentAbovePeers: 31 },
    ],
    idle: [],
    availability: 0.975,
    defects: 1,
    appUrl: 'https://ems.example.test',
    unsubscribeUrl: 'https://ems.example.test/u',
  };
  const en = renderMonthly({ ...base, language: 'en' });
  expect(en.text).toContain('- Excavator 3 uses 31% more fuel per hour than your other machinery');
  expect(en.text).toContain('- $2,030.50 in all: $1,200.00 maintenance and $830.50 fuel.');
  expect(en.text).toContain('- Excavator 3: $2,030.50 ($12.40/h)');
  expect(en.text).toContain('The fleet was in service 97.5% of the month. 1 defect was found.');
  expect(en.text).not.toContain('idle machine');
  const es = renderMonthly({ ...base, language: 'es' });
  expect(es.subject).toBe('Acme: su flota en octubre de 2026');
  expect(es.text).toContain(
    '- Excavator 3 gasta 31% más combustible por hora que sus otras máquinas de tipo maquinaria',
  );
  expect(es.text).toContain('Se encontró 1 defecto.');
  // Names go into the HTML part escaped.
  const html = renderMonthly({
    ...base,
    language: 'en',
    idle: [{ machine: 'Loader <A&B>', idleDays: 40 }],
  }).html;
  expect(html).toContain('<li>Loader &#60;A&#38;B&#62;: no usage for 40 days</li>');
});
