import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, operatorUpdate } from '../../db/schema/index';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { makePaying } from '../../test/reports';
import { runDigests } from './digest.service';

/**
 * The fuel-rate flag in the daily digest, once when it starts (issue 45): an excavator burning 40 %
 * more per hour than its peer is told the first day it is flagged, not the next while it stays
 * flagged, and again when it stops (its fill-ups leave the 30 days) and starts again; the sound peer is
 * never told. In English and Spanish. Read from the outbox. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestApp({ DIGEST_HOUR: '7', PUBLIC_URL: 'https://ems.example.test' });

const at = (iso: string) => t.clock.set(new Date(iso));

/** The digest queued for `address` on `day` (its dedupe key ends with the day), if any. */
async function digestOn(address: string, day: string) {
  const rows = await t.deps.systemDb
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), like(mailOutbox.dedupeKey, `digest:%:${day}`)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

const LEAK_EN = 'Excavator leak uses 40% more fuel per hour than your other machinery';
const LEAK_ES =
  'Excavator leak gasta 40% más combustible por hora que sus otras máquinas de tipo maquinaria';

describe('the digest and the fuel-rate flag', () => {
  it('tells a flag the day it starts, not while it lasts, and again when it starts over', async () => {
    at('2026-03-01T12:00:00Z');
    const o = await signupOwner(t.app);
    await makePaying(t, o.companyId);
    const m = await addSignedInUser(t.deps.systemDb, 'manager', o.companyId, { now: t.deps.now() });
    const pref = await call(t.app, m.cookie, 'PUT', '/api/user/digest', {
      frequency: 'daily',
      weekday: 1,
      language: 'es',
    });
    expect(pref.statusCode, pref.body).toBe(200);
    const add = (name: string) =>
      createEquipmentViaApi(t.app, o.cookie, {
        name,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 100,
        fuelType: 'diesel',
        serviceInterval: 0,
      });
    const sound = await add('Excavator sound');
    const leak = await add('Excavator leak');
    /** Both fill up at 15:00 on `day` with a reading: the sound one `soundGal`, the leaking one `leakGal`. */
    const fills = async (day: string, usage: number, soundGal: number, leakGal: number) => {
      at(`${day}T15:00:00Z`);
      o.cookie = await signInAgain(t.app, o);
      for (const [id, fuelAdded] of [
        [sound.id, soundGal],
        [leak.id, leakGal],
      ] as const) {
        const res = await call(t.app, o.cookie, 'POST', '/api/operator-updates', {
          equipmentId: id,
          newUsage: usage,
          fuelAdded,
          fuelType: 'diesel',
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    };
    const digestAt = async (day: string) => {
      at(`${day}T08:00:00Z`);
      await runDigests(t.deps);
    };

    // One fill-up each: no rate yet, nothing flagged, nothing to tell.
    await fills('2026-03-02', 110, 50, 50);
    await digestAt('2026-03-03');
    expect(await digestOn(o.email, '2026-03-03')).toBeNull();

    // Day 1 of the flag: 28 gal over 10 h against the peer's 20 (40 % more).
    await fills('2026-03-03', 120, 20, 28);
    await digestAt('2026-03-04');
    const en = await digestOn(o.email, '2026-03-04');
    expect(en?.subject).toBe('Maintenance digest: 1 machine uses more fuel than its peers');
    expect(en?.text).toContain(`- ${LEAK_EN}`);
    expect(en?.text).toContain('Open the fuel report: https://ems.example.test/reports?tab=fuel');
    expect(en?.html).toContain(`<li>${LEAK_EN}</li>`);
    expect(en?.text).not.toContain('Excavator sound');
    const es = await digestOn(m.email!, '2026-03-04');
    expect(es?.subject).toBe(
      'Resumen de mantenimiento: 1 máquina gasta más combustible que sus pares',
    );
    expect(es?.text).toContain(`- ${LEAK_ES}`);
    // The same day again (a second pass, or a retry): handled once, nothing more queued.
    await runDigests(t.deps);
    const sameDay = await t.deps.systemDb
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, o.email));
    expect(sameDay).toHaveLength(1);

    // Day 2: still flagged, not told again. A reading waiting for review makes a digest to read.
    await fills('2026-03-04', 130, 20, 28);
    await t.deps.systemDb.insert(operatorUpdate).values({
      companyId: o.companyId,
      equipmentId: leak.id,
      equipmentName: 'Excavator leak',
      operatorName: 'maria.g',
      newUsage: 5_000,
      status: 'pending',
      reason: 'unusual_reading',
      createdAt: t.deps.now(),
    });
    await digestAt('2026-03-05');
    const day2 = await digestOn(o.email, '2026-03-05');
    expect(day2?.subject).toBe('Maintenance digest: 1 reading waiting for review');
    expect(day2?.text).not.toContain('more fuel');
    expect(day2?.text).not.toContain('Excavator sound');
    expect((await digestOn(m.email!, '2026-03-05'))?.text).not.toContain('más combustible');

    // The fill-ups leave the 30 days: no rate, the flag stops (nothing new to tell that day).
    await digestAt('2026-04-10');
    expect(await digestOn(o.email, '2026-04-10')).toBeNull();

    // It starts again: told again, once.
    await fills('2026-04-11', 140, 50, 50);
    await fills('2026-04-12', 150, 20, 28);
    await digestAt('2026-04-13');
    const again = await digestOn(o.email, '2026-04-13');
    expect(again?.text).toContain(`- ${LEAK_EN}`);
    expect(again?.text).not.toContain('Excavator sound');
    await fills('2026-04-13', 160, 20, 28);
    await digestAt('2026-04-14');
    expect(await digestOn(o.email, '2026-04-14')).toBeNull();

    // The report agrees: the leaking one is flagged today, its peer is not.
    o.cookie = await signInAgain(t.app, o);
    const r = await call(t.app, o.cookie, 'GET', '/api/reports/fuel');
    expect(r.statusCode, r.body).toBe(200);
    const flagged = r
      .json<{ machines: { name: string; flagged: boolean }[] }>()
      .machines.filter((x) => x.flagged)
      .map((x) => x.name);
    expect(flagged).toEqual(['Excavator leak']);
  });
});
