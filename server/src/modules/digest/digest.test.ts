import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DigestPreferences, OutboxList } from '@domain/schemas/digest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { mailOutbox, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { createQueueOnce, startJobQueue } from '../../lib/job-queue';
import { createMailer } from '../../lib/mailer';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  type SignedIn,
  signInAgain,
  signupOwner,
  spanishDigestManager,
  statusOf,
} from '../../test/factories';
import { makePaying } from '../../test/reports';
import { useMailTestApp } from '../../test/mail-app';
import { DIGEST_JOB, digestPass, startDigestJobs } from './digest.jobs';
import { runDigests } from './digest.service';
import { claimNext, sendPending, CLAIM_SECONDS } from './outbox.service';

/**
 * The maintenance digest (issue 14) against a real SMTP server started here (smtp-server), each
 * message parsed back (mailparser). On PostgreSQL a second app server on the same database runs
 * alongside; on the embedded database the same server runs two passes at once.
 */
const { t, smtp } = useMailTestApp();
const at = (iso: string) => t.clock.set(new Date(iso));
/** A digest pass, then the outbox sent to the test inbox. */
async function digestsSent() {
  await runDigests(t.deps);
  await sendPending(t.deps, smtp.mailer);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

/**
 * The outbox rows of an address, by status. After runDigests and an awaited sendPending (each send
 * resolves once the SMTP server has taken the message, and the inbox holds it by then), these rows
 * say what was queued and sent: "no new email" is read from them, never after a sleep.
 */
async function outboxOf(address: string): Promise<string[]> {
  const rows = await t.deps.systemDb
    .select({ status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
  return rows.map((r) => r.status).sort();
}

/** A company (UTC) with an overdue machine, one approaching service and a good one. */
async function fleet(): Promise<SignedIn & { good: string }> {
  at('2026-03-01T12:00:00Z');
  const o = await signupOwner(t.app);
  await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Overdue loader',
    serviceInterval: 0,
    hasScheduledMaintenance: true,
    maintenanceStartDate: '2025-12-01',
    maintenanceInterval: 2,
    maintenanceIntervalUnit: 'months',
  });
  await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Busy truck',
    unit: 'miles',
    currentUsage: 8_500,
    serviceInterval: 10_000,
    lastServiceUsage: 0,
  });
  const good = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Fine mower',
    currentUsage: 10,
    serviceInterval: 100,
    lastServiceUsage: 0,
  });
  return { ...o, good: good.id };
}

async function pendingReading(deps: Deps, companyId: string, equipmentId: string) {
  await deps.systemDb.insert(operatorUpdate).values({
    companyId,
    equipmentId,
    equipmentName: 'Fine mower',
    operatorName: 'maria.g',
    newUsage: 5_000,
    status: 'pending',
    reason: 'unusual_reading',
    createdAt: t.deps.now(),
  });
}

describe('digest preferences', () => {
  it('owners default to daily, managers to off; operators cannot; bad choices get the form messages', async () => {
    const o = await signupOwner(t.app);
    const m = await addSignedInUser(t.deps.systemDb, 'manager', o.companyId);
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId);
    const owner = (
      await call(t.app, o.cookie, 'GET', '/api/user/digest')
    ).json<DigestPreferences>();
    expect(owner).toMatchObject({ frequency: 'daily', language: null, email: o.email, hour: 7 });
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        businessName: `Talleres ${Date.now()}`,
        email: `dueno${Date.now()}@example.com`,
        password: 'Harvest-Moon-42',
        language: 'es',
      },
    });
    expect(es.statusCode).toBe(201);
    const esCookie = `ems_sid=${es.cookies.find((c) => c.name === 'ems_sid')!.value}`;
    expect(
      (await call(t.app, esCookie, 'GET', '/api/user/digest')).json<DigestPreferences>().language,
    ).toBe('es');
    expect(
      (await call(t.app, m.cookie, 'GET', '/api/user/digest')).json<DigestPreferences>().frequency,
    ).toBe('off');
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/user/digest')).toBe(403);
    expect(await statusOf(t.app, null, 'GET', '/api/user/digest')).toBe(401);

    const bad = await call(t.app, m.cookie, 'PUT', '/api/user/digest', {
      frequency: 'hourly',
      weekday: 1,
      language: 'es',
    });
    expect(bad.statusCode).toBe(400);
    // The error contract, exactly as when the route parsed its body by hand (issue 29).
    expect(bad.json()).toEqual({
      code: 'validation',
      key: 'profile.digestFrequency',
      message: 'Choose daily, weekly or off.',
      params: { field: 'frequency', values: 'daily, weekly, off' },
      fieldErrors: { frequency: 'Choose daily, weekly or off.' },
    });
    const day = await call(t.app, m.cookie, 'PUT', '/api/user/digest', {
      frequency: 'weekly',
      weekday: 9,
      language: 'es',
    });
    expect(day.json()).toMatchObject({ message: 'Choose a day of the week.' });
    const lang = await call(t.app, m.cookie, 'PUT', '/api/user/digest', {
      frequency: 'weekly',
      weekday: 3,
      language: 'fr',
    });
    expect(lang.json()).toMatchObject({ message: 'Choose English or Spanish.' });
    // Nothing was saved by the refused requests.
    expect(
      (await call(t.app, m.cookie, 'GET', '/api/user/digest')).json<DigestPreferences>().frequency,
    ).toBe('off');
    const ok = await call(t.app, m.cookie, 'PUT', '/api/user/digest', {
      frequency: 'weekly',
      weekday: 3,
      language: 'es',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ frequency: 'weekly', weekday: 3, language: 'es' });
  });
});

describe('the daily digest', () => {
  it('tells each owner and manager, in their language, what became approaching, due or overdue and what waits for review; nothing when nothing is new', async () => {
    const o = await fleet();
    const m = await spanishDigestManager(t, o.companyId);
    await pendingReading(t.deps, o.companyId, o.good);

    // Before 07:00 company time: not yet.
    at('2026-03-02T06:30:00Z');
    await digestsSent();
    expect(smtp.mailFor(o.email)).toHaveLength(0);

    at('2026-03-02T08:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 1 && smtp.mailFor(m.email!).length === 1);

    const en = smtp.mailFor(o.email)[0]!;
    expect(en.subject).toBe('Maintenance digest: 2 service tasks need attention');
    expect(en.text).toContain(
      '- Overdue loader · Service · Due Feb 1, 2026 (29 days ago): Overdue',
    );
    expect(en.text).toContain(
      '- Busy truck · Service · 10,000 mi · No forecast: Approaching Service',
    );
    expect(en.text).not.toMatch(/- Fine mower · /);
    expect(en.text).toMatch(/^Hello,\n/);
    expect(en.text).toContain('1 operator reading waiting for your review');
    // The waiting reading is told by the history renderer (domain/history-text.ts) in each one's language.
    expect(en.text).toContain('Fine mower: Reading: 5,000 hours by maria.g');
    expect(en.html).toContain(
      '<td style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left">Overdue loader</td>',
    );
    expect(en.from?.text).toContain('digest@ems.example.test');
    const header = (k: string) => en.headerLines.find((h) => h.key === k)?.line ?? '';
    expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click$/);
    expect(header('list-unsubscribe')).toMatch(
      /<https:\/\/ems\.example\.test\/api\/digest\/unsubscribe\?u=/,
    );
    expect(en.text).toMatch(
      /https:\/\/ems\.example\.test\/api\/digest\/unsubscribe\?u=[0-9a-f-]+&t=/,
    );

    const es = smtp.mailFor(m.email!)[0]!;
    expect(es.subject).toBe('Resumen de mantenimiento: 2 tareas de servicio requieren atención');
    expect(es.text).toContain('Hola, Mónica:');
    expect(es.text).toContain('- Overdue loader · Servicio · ');
    expect(es.text).toContain(
      '- Busy truck · Servicio · 10,000 mi · Sin pronóstico: Servicio próximo',
    );
    expect(es.text).toContain('hace 29 días');
    expect(es.text).toContain('1 lectura de operador espera su revisión');
    expect(es.text).toContain('Fine mower: Lectura: 5,000 horas por maria.g');

    // Again the same day, and the next day with nothing new: nothing more.
    at('2026-03-02T15:00:00Z');
    await runDigests(t.deps);
    at('2026-03-03T08:00:00Z');
    const quiet = await runDigests(t.deps);
    expect(quiet.nothingNew).toBeGreaterThanOrEqual(2);
    await sendPending(t.deps, smtp.mailer);
    expect(await outboxOf(o.email)).toEqual(['sent']);
    expect(await outboxOf(m.email!)).toEqual(['sent']);
    expect(smtp.mailFor(o.email)).toHaveLength(1);
    expect(smtp.mailFor(m.email!)).toHaveLength(1);

    // The mower reaches its service: the next digest lists it alone.
    const r = await call(
      t.app,
      await signInAgain(t.app, o),
      'PATCH',
      `/api/equipment/${o.good}/usage`,
      {
        usageIncrease: 90,
      },
    );
    expect(r.statusCode).toBe(200);
    at('2026-03-04T08:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 2);
    const next = smtp.mailFor(o.email)[1]!;
    expect(next.subject).toBe('Maintenance digest: 1 service task needs attention');
    expect(next.text).toContain('- Fine mower · Service · 100 h · ');
    expect(next.text).not.toContain('Overdue loader');
    expect(next.text).toContain('since your last digest');
  });

  it('a weekly digest goes out on its chosen day only', async () => {
    const o = await fleet();
    await call(t.app, o.cookie, 'PUT', '/api/user/digest', {
      frequency: 'weekly',
      weekday: 3, // Wednesday
      language: 'en',
    });
    at('2026-03-02T09:00:00Z'); // Monday
    await digestsSent();
    expect(await outboxOf(o.email)).toEqual([]);
    expect(smtp.mailFor(o.email)).toHaveLength(0);
    at('2026-03-04T09:00:00Z'); // Wednesday
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 1);
    expect(smtp.mailFor(o.email)[0]!.text).toContain('set to weekly');
  });
});

describe('low stock in the digest (issue 27)', () => {
  it('lists the parts at or below their reorder point in each one’s language, text and HTML; a part newly low is news, one still low is not', async () => {
    at('2026-03-01T12:00:00Z');
    const o = await signupOwner(t.app);
    const m = await spanishDigestManager(t, o.companyId);
    // A machine in good standing: nothing about machines to tell.
    await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Fine mower',
      currentUsage: 10,
      serviceInterval: 100,
      lastServiceUsage: 0,
    });
    const part = async (body: Record<string, unknown>) => {
      const res = await call(t.app, o.cookie, 'POST', '/api/parts', { unit: 'each', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>();
    };
    await part({ name: 'Air filter', partNumber: 'AF-100', onHand: 1, reorderPoint: 2 });
    await part({ name: 'Hydraulic oil', unit: 'L', onHand: 20, reorderPoint: 20 });
    const belts = await part({ name: 'Fan belt', onHand: 10, reorderPoint: 2 });

    at('2026-03-02T08:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 1 && smtp.mailFor(m.email!).length === 1);
    const en = smtp.mailFor(o.email)[0]!;
    expect(en.subject).toBe('Maintenance digest: 2 parts low on stock');
    expect(en.text).toContain('2 parts at or below their reorder point');
    expect(en.text).toContain('- Air filter (AF-100): 1 each on hand (reorder at 2)');
    expect(en.text).toContain('- Hydraulic oil: 20 L on hand (reorder at 20)');
    expect(en.text).not.toContain('Fan belt');
    expect(en.text).not.toContain('Service tasks that need attention');
    expect(en.text).toContain('Open the parts list: https://ems.example.test/parts');
    expect(en.html).toContain(
      '<td style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left">Air filter (AF-100)</td>',
    );
    expect(en.html).toContain('<a href="https://ems.example.test/parts">Open the parts list</a>');
    const es = smtp.mailFor(m.email!)[0]!;
    expect(es.subject).toBe('Resumen de mantenimiento: 2 repuestos con existencia baja');
    expect(es.text).toContain('2 repuestos en su punto de reposición o por debajo');
    expect(es.text).toContain('- Air filter (AF-100): 1 each disponibles (reponer con 2)');
    expect(es.html).toContain('Abrir la lista de repuestos</a>');
    expect(es.html).toContain('>Disponibles</th>');

    // The next day the same parts are still low: nothing new, no mail.
    at('2026-03-03T08:00:00Z');
    await digestsSent();
    expect(await outboxOf(o.email)).toEqual(['sent']);
    expect(smtp.mailFor(o.email)).toHaveLength(1);

    // The belts run low (a counted adjustment): the next digest lists all three.
    const adj = await call(
      t.app,
      await signInAgain(t.app, o),
      'POST',
      `/api/parts/${belts.id}/stock`,
      {
        change: -8,
        reason: 'adjusted',
        note: 'Counted the shelf',
      },
    );
    expect(adj.statusCode, adj.body).toBe(201);
    at('2026-03-04T08:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 2);
    const next = smtp.mailFor(o.email)[1]!;
    expect(next.subject).toBe('Maintenance digest: 3 parts low on stock');
    expect(next.text).toContain('- Fan belt: 2 each on hand (reorder at 2)');
    expect(next.text).toContain('- Air filter (AF-100): 1 each on hand');
  });
});

describe('the digest and the subscription', () => {
  it('stops when the trial ends without a subscription, and comes back with one', async () => {
    const o = await fleet(); // signed up on 2026-03-01: the trial ends 30 days later at the latest
    at('2026-04-20T09:00:00Z');
    const lapsed = await runDigests(t.deps);
    expect(lapsed.notEntitled).toBeGreaterThanOrEqual(1);
    await sendPending(t.deps, smtp.mailer);
    expect(await outboxOf(o.email)).toEqual([]);
    expect(smtp.mailFor(o.email)).toHaveLength(0);
    // Subscribed again (as a paid checkout leaves the row): the next morning's digest goes out.
    await makePaying(t, o.companyId, '2026-05-20');
    at('2026-04-21T09:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 1);
    expect(smtp.mailFor(o.email)[0]!.text).toContain('Overdue loader');
  });
});

describe('unsubscribe', () => {
  it('works without signing in from the signed link; a wrong signature changes nothing', async () => {
    const o = await fleet();
    at('2026-03-05T08:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 1);
    const link = /https:\/\/ems\.example\.test(\/api\/digest\/unsubscribe\?\S+)/.exec(
      smtp.mailFor(o.email)[0]!.text ?? '',
    )![1]!;
    o.cookie = await signInAgain(t.app, o);

    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Stop the maintenance digest emails to ${o.email}?`);
    expect(page.body).toContain('<form method="post"');
    // A GET (a mail scanner opening the link) changes nothing.
    expect(
      (await call(t.app, o.cookie, 'GET', '/api/user/digest')).json<DigestPreferences>().frequency,
    ).toBe('daily');

    const wrong = link.replace(/t=[^&]+/, 't=' + 'A'.repeat(43));
    const refused = await t.app.inject({ method: 'POST', url: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This unsubscribe link is not valid');
    const other = await signupOwner(t.app);
    const swapped = link.replace(/u=[^&]+/, `u=${other.user.id}`);
    expect((await t.app.inject({ method: 'POST', url: swapped })).statusCode).toBe(400);
    expect(
      (await call(t.app, o.cookie, 'GET', '/api/user/digest')).json<DigestPreferences>().frequency,
    ).toBe('daily');

    // A mail app's one-click unsubscribe (RFC 8058).
    const done = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('gets no more maintenance digests');
    expect(
      (await call(t.app, o.cookie, 'GET', '/api/user/digest')).json<DigestPreferences>().frequency,
    ).toBe('off');
    // No more digests, whatever changes.
    await call(t.app, o.cookie, 'PATCH', `/api/equipment/${o.good}/usage`, { usageIncrease: 95 });
    at('2026-03-06T08:00:00Z');
    await digestsSent();
    expect(await outboxOf(o.email)).toEqual(['sent']);
    expect(smtp.mailFor(o.email)).toHaveLength(1);
  });
});

describe('hostile text in the digest (issue 25, item 13)', () => {
  it('arrives escaped in the HTML part and as typed in the text part', async () => {
    at('2026-03-07T12:00:00Z');
    const hostileCompany = `Evil <script>alert("co")</script> ${Date.now()}`;
    const o = await signupOwner(t.app, { businessName: hostileCompany });
    const machineName = '<img src=x onerror=alert(1)>';
    const machine = await createEquipmentViaApi(t.app, o.cookie, {
      name: machineName,
      serviceInterval: 0,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2025-12-01',
      maintenanceInterval: 2,
      maintenanceIntervalUnit: 'months',
    });
    const link =
      '<a href="https://evil.example/phish">Open your account</a> https://evil.example/x';
    // A note holding a link, and a reading waiting for review whose operator name holds one.
    const note = await call(t.app, o.cookie, 'POST', `/api/equipment/${machine.id}/notes`, {
      content: link,
    });
    expect(note.statusCode).toBe(201);
    await t.deps.systemDb.insert(operatorUpdate).values({
      companyId: o.companyId,
      equipmentId: machine.id,
      equipmentName: machineName,
      operatorName: link,
      newUsage: 5_000,
      status: 'pending',
      reason: 'unusual_reading',
      createdAt: t.deps.now(),
    });
    const named = await call(t.app, o.cookie, 'PATCH', '/api/user/profile', {
      firstName: '<b onmouseover=alert(2)>Bo</b>',
      email: o.email,
    });
    expect(named.statusCode, named.body).toBe(200);

    at('2026-03-08T08:00:00Z');
    await digestsSent();
    await until(() => smtp.mailFor(o.email).length === 1);
    const mail = smtp.mailFor(o.email)[0]!;
    const html = String(mail.html);
    const text = mail.text ?? '';

    // HTML: every hostile value is text, never markup.
    expect(html).not.toMatch(/<img|<script|<b |onerror=alert\(1\)>|href="https:\/\/evil/i);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('&#60;a href=&#34;https://evil.example/phish&#34;&#62;');
    expect(html).toContain('&#60;script&#62;');
    // The only links are the app's own.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/ems\.example\.test(\/|$)/);
    // Text: the values as typed, not entity-encoded.
    expect(text).toContain(`- ${machineName} · Service · Due Feb 1, 2026 (35 days ago): Overdue`);
    expect(text).toContain(link);
    expect(text).toContain('<script>alert("co")</script>');
    expect(text).toContain('<b onmouseover=alert(2)>Bo</b>');
    expect(text).not.toMatch(/&#\d+;|&lt;|&gt;|&amp;|&quot;/);
  });
});

describe('the outbox', () => {
  it('keeps messages without SMTP and shows them to the platform admin only', async () => {
    const o = await fleet();
    at('2026-03-07T08:00:00Z');
    await runDigests(t.deps);
    await sendPending(t.deps, null); // a server without SMTP_URL
    const admin = await addSignedInUser(t.deps.systemDb, 'platform_admin', null, {
      now: t.deps.now(),
    });
    const list = (
      await call(t.app, admin.cookie, 'GET', '/api/admin/outbox?status=kept')
    ).json<OutboxList>();
    const mine = list.messages.find((msg) => msg.toAddress === o.email);
    expect(mine).toMatchObject({
      status: 'kept',
      kind: 'digest',
      subject: 'Maintenance digest: 2 service tasks need attention',
      companyName: o.businessName,
    });
    expect(mine!.textBody).toContain('Overdue loader');
    expect(list.smtp).toBe(true);
    const ownerNow = await signInAgain(t.app, o);
    expect(await statusOf(t.app, ownerNow, 'GET', '/api/admin/outbox')).toBe(403);
    const bad = await call(t.app, admin.cookie, 'GET', '/api/admin/outbox?status=lost');
    expect(bad.statusCode).toBe(400);
    const oneOf = 'status must be one of: pending, sending, sent, kept, failed';
    expect(bad.json()).toEqual({
      code: 'validation',
      key: 'query.oneOf',
      message: oneOf,
      params: { field: 'status', values: 'pending, sending, sent, kept, failed' },
      fieldErrors: { status: oneOf },
    });
    expect(smtp.mailFor(o.email)).toHaveLength(0);
  });
});

describe('exactly once', () => {
  /** A second app server on the same database (PostgreSQL); on PGlite the same server again. */
  async function secondServer(): Promise<{ deps: Deps; close: () => Promise<void> }> {
    if (!t.databaseUrl) return { deps: t.deps, close: async () => {} };
    const database = await openDatabase({
      databaseUrl: t.databaseUrl,
      poolSize: 5,
      migrate: false,
    });
    const { app, deps } = await buildApp({
      config: t.deps.config,
      database,
      clientDir: null,
      logger: false,
      now: () => t.deps.now(),
    });
    await app.ready();
    return {
      deps,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }

  it('two servers running the digest at once send each digest once', async () => {
    const owners = [await fleet(), await fleet(), await fleet(), await fleet()];
    const b = await secondServer();
    const mailerB = createMailer(smtp.url);
    try {
      at('2026-03-09T08:00:00Z');
      const [ra, rb] = await Promise.all([
        digestPass(t.deps, smtp.mailer),
        digestPass(b.deps, mailerB),
      ]);
      // Some users were handled by one, some by the other; between them each once.
      expect(ra.queued + rb.queued).toBeGreaterThanOrEqual(owners.length);
      await Promise.all([sendPending(t.deps, smtp.mailer), sendPending(b.deps, mailerB)]);
      await until(() => owners.every((o) => smtp.mailFor(o.email).length >= 1));
      // Both passes are done: one row each, sent, and one mail each.
      for (const o of owners) expect(await outboxOf(o.email)).toEqual(['sent']);
      for (const o of owners) expect(smtp.mailFor(o.email)).toHaveLength(1);
      const rows = await t.deps.systemDb
        .select({ to: mailOutbox.toAddress, status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, owners[0]!.email));
      expect(rows).toEqual([{ to: owners[0]!.email, status: 'sent' }]);
    } finally {
      mailerB.close();
      await b.close();
    }
  });

  it('a server that dies between claiming a message and sending it: another sends it once, after the claim runs out', async () => {
    const o = await fleet();
    const b = await secondServer();
    try {
      at('2026-03-10T08:00:00Z');
      await runDigests(t.deps);
      // Server A claims every waiting message and dies before sending any.
      let claimed = 0;
      while (await claimNext(t.deps)) claimed += 1;
      expect(claimed).toBeGreaterThanOrEqual(1);
      // Server B finds nothing to send while A's claim holds.
      expect(await sendPending(b.deps, smtp.mailer)).toBe(0);
      expect(await outboxOf(o.email)).toEqual(['sending']);
      expect(smtp.mailFor(o.email)).toHaveLength(0);
      // After the claim runs out, B sends it: once.
      at(new Date(Date.parse('2026-03-10T08:00:00Z') + (CLAIM_SECONDS + 5) * 1000).toISOString());
      expect(await sendPending(b.deps, smtp.mailer)).toBeGreaterThanOrEqual(1);
      await until(() => smtp.mailFor(o.email).length === 1);
      expect(await sendPending(b.deps, smtp.mailer)).toBe(0);
      expect(await outboxOf(o.email)).toEqual(['sent']);
      expect(smtp.mailFor(o.email)).toHaveLength(1);
      const [row] = await t.deps.systemDb
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, o.email));
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await b.close();
    }
  });

  it('starts on two servers at once on a new database: queues created together, none lost, no server stopped', async () => {
    // A schema of its own, so pg-boss installs from nothing as on a new database. On PostgreSQL
    // create_queue() run at the same moment by two servers can deadlock (40P01); createQueueOnce runs
    // the aborted one again. The embedded database belongs to one process, which starts one queue:
    // there the two start one after the other and their queue creations still overlap.
    const schema = `pgboss_race_${Math.random().toString(36).slice(2, 8)}`;
    const b = await secondServer();
    const fail = (err: Error) => {
      throw err;
    };
    const start = (deps: Deps) => startJobQueue(deps.database, fail, schema);
    const [qa, qb] = t.databaseUrl
      ? await Promise.all([start(t.deps), start(b.deps)])
      : [await start(t.deps), await start(b.deps)];
    try {
      const names = Array.from({ length: 8 }, (_, i) => `race-${i}`);
      const options = { name: 'x', policy: 'stately' as const, retryLimit: 1 };
      await Promise.all(
        names.flatMap((name) => [
          createQueueOnce(qa.boss, name, { ...options, name }),
          createQueueOnce(qb.boss, name, { ...options, name }),
        ]),
      );
      const queues = (await qb.boss.getQueues()).filter((q) => q.name.startsWith('race-'));
      expect(queues.map((q) => q.name).sort()).toEqual([...names].sort());
      expect(queues.every((q) => q.policy === 'stately')).toBe(true);
    } finally {
      await qb.stop();
      await qa.stop();
      await b.close();
      await t.deps.database.ownerSql(`drop schema if exists ${schema} cascade`);
    }
  }, 60_000);

  it('runs on the job queue in the database: a run asked of two servers at once mails each user once', async () => {
    const o = await fleet();
    const b = await secondServer();
    const log = t.app.log;
    const queueA = await startDigestJobs(t.deps, log, { pollingIntervalSeconds: 0.5 });
    const queueB =
      b.deps === t.deps
        ? null
        : await startDigestJobs(b.deps, log, { pollingIntervalSeconds: 0.5 });
    try {
      const schedules = await queueA.boss.getSchedules();
      expect(schedules.map((s) => s.name)).toContain(DIGEST_JOB);
      at('2026-03-11T08:00:00Z');
      await Promise.all([queueA.runNow(), queueB?.runNow(), queueA.runNow()]);
      await until(() => smtp.mailFor(o.email).length >= 1, 30_000);
      // Every run asked for has finished (the queue holds none waiting or running): then one mail.
      const end = Date.now() + 30_000;
      while ((await queueA.boss.getQueueSize(DIGEST_JOB, { before: 'completed' })) > 0) {
        if (Date.now() > end) throw new Error('timed out waiting for the digest jobs');
        await sleep(100);
      }
      expect(await outboxOf(o.email)).toEqual(['sent']);
      expect(smtp.mailFor(o.email)).toHaveLength(1);
      expect(smtp.mailFor(o.email)[0]!.subject).toBe(
        'Maintenance digest: 2 service tasks need attention',
      );
    } finally {
      await queueB?.stop();
      await queueA.stop();
      await b.close();
    }
  }, 60_000);
});
