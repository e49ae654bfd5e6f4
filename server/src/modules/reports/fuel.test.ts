/**
 * Fleet insight, fuel (issue 45): each machine's fuel rate fill to fill against its peers of the same
 * type, on a company made for the test: an excavator with a leak (40 % more fuel per hour) is flagged,
 * its peer is not, a truck with one fill-up has no rate and says why; litres; filters and bad input.
 * On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { MachinePageDto } from '@domain/schemas/machine-page';
import type { FuelReport, UtilizationReport } from '@domain/schemas/reports';
import { call, createEquipmentViaApi, signInAgain, signupOwner } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import * as kit from '../../test/reports';
import { keptPeers } from './type-peers';

const t = useTestApp();

const report = kit.reportOf<FuelReport>(() => t, 'fuel');

/**
 * From March 1, 2026 (UTC). Each excavator fills up with a reading on March 2, 3 and 4 at 110, 120 and
 * 130 h. The sound one: 50, 20, 20 gal (40 gal over 20 h: 2 gal/h). The leaking one: 50, 28, 28 gal
 * (2.8 gal/h, 40 % more). The truck fills up once.
 */
async function fleet() {
  t.clock.set(new Date('2026-03-01T15:00:00Z'));
  const o = await signupOwner(t.app);
  await kit.makePaying(t, o.companyId);
  const add = (name: string, type: string, unit: string, currentUsage: number) =>
    createEquipmentViaApi(t.app, o.cookie, { name, type, unit, currentUsage, fuelType: 'diesel' });
  const sound = await add('Excavator sound', 'machinery', 'hours', 100);
  const leak = await add('Excavator leak', 'machinery', 'hours', 100);
  const truck = await add('Truck', 'vehicle', 'miles', 1000);
  const fill = async (equipmentId: string, newUsage: number, fuelAdded: number) => {
    const res = await call(t.app, o.cookie, 'POST', '/api/operator-updates', {
      equipmentId,
      newUsage,
      fuelAdded,
      fuelType: 'diesel',
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  for (const [day, usage, soundGal, leakGal] of [
    [2, 110, 50, 50],
    [3, 120, 20, 28],
    [4, 130, 20, 28],
  ] as const) {
    t.clock.set(new Date(`2026-03-0${day}T15:00:00Z`));
    o.cookie = await signInAgain(t.app, o);
    await fill(sound.id, usage, soundGal);
    await fill(leak.id, usage, leakGal);
    if (day === 3) await fill(truck.id, 1200, 15);
  }
  t.clock.set(new Date('2026-03-20T15:00:00Z'));
  o.cookie = await signInAgain(t.app, o);
  return { o, sound, leak, truck, fill };
}

describe('GET /api/reports/fuel', () => {
  it('flags the excavator that burns 40 % more per hour than its peer, and not the peer', async () => {
    const { o, sound, leak, truck } = await fleet();
    const r = await report(o);
    expect(r).toMatchObject({ from: '2026-02-19', to: '2026-03-20', volumeUnit: 'gal' });
    const row = (id: string) => r.machines.find((m) => m.equipmentId === id)!;
    expect(row(leak.id)).toEqual({
      equipmentId: leak.id,
      name: 'Excavator leak',
      type: 'machinery',
      unit: 'hours',
      fuelUsed: 106,
      volumeUnit: 'gal',
      fuelRate: 2.8,
      rateUnit: 'gal/h',
      reason: null,
      peers: 1,
      peerMedian: 2,
      percentAbovePeers: 40,
      flagged: true,
      overTankFillUps: 0,
    });
    expect(row(sound.id)).toMatchObject({
      fuelUsed: 90,
      fuelRate: 2,
      peerMedian: 2.8,
      percentAbovePeers: -28.57,
      flagged: false,
    });
    expect(row(truck.id)).toMatchObject({
      fuelUsed: 15,
      fuelRate: null,
      rateUnit: 'mi/gal',
      reason: 'too_few_fill_ups',
      flagged: false,
    });
    expect(r.totals).toEqual({ machines: 3, fuelUsed: 211, flagged: 1 });

    // Only the leaking one asked for: still compared with its peer.
    const one = await report(o, `?equipmentId=${leak.id}`);
    expect(one.machines).toHaveLength(1);
    expect(one.machines[0]).toMatchObject({ flagged: true, peerMedian: 2 });
    // In litres: 2.8 gal/h = 10.6 L/h; the share is the same.
    const unit = await call(t.app, o.cookie, 'PUT', '/api/fuel-unit', { volumeUnit: 'L' });
    expect(unit.statusCode, unit.body).toBe(200);
    const litres = await report(o, `?equipmentId=${leak.id}`);
    expect(litres.machines[0]).toMatchObject({
      volumeUnit: 'L',
      fuelUsed: 401.25,
      fuelRate: 10.6,
      rateUnit: 'L/h',
      peerMedian: 7.57,
      percentAbovePeers: 40,
      flagged: true,
    });
    // The record says the company's unit too: the first fill-up of 50 gal is 189.27 L.
    const hist = await call(t.app, o.cookie, 'GET', `/api/equipment/${leak.id}/history`);
    expect(hist.statusCode, hist.body).toBe(200);
    const texts = hist.json<{ text: string }[]>().map((h) => h.text);
    expect(
      texts.some((x) => x.includes('fuel 189.27 L diesel')),
      texts.join(' | '),
    ).toBe(true);
    expect(
      texts.some((x) => x.includes(' gal ')),
      texts.join(' | '),
    ).toBe(false);
    // A period holding only the last fill-up: not enough data.
    const late = await report(o, `?from=2026-03-04&to=2026-03-20&equipmentId=${leak.id}`);
    expect(late.machines[0]).toMatchObject({ fuelRate: null, reason: 'too_few_fill_ups' });
  });

  it('the machine page shows the same fuel rate and usage per day as the reports', async () => {
    const { o, sound, leak, truck } = await fleet();
    const r = await report(o);
    const use = await call(t.app, o.cookie, 'GET', '/api/reports/utilization');
    expect(use.statusCode, use.body).toBe(200);
    for (const id of [sound.id, leak.id, truck.id]) {
      const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/page`);
      expect(res.statusCode, res.body).toBe(200);
      const { peers } = res.json<MachinePageDto>();
      const { equipmentId, name, type, unit, ...fuelRow } = r.machines.find(
        (m) => m.equipmentId === id,
      )!;
      expect(peers.fuel).toEqual({ from: r.from, to: r.to, ...fuelRow });
      const u = use.json<UtilizationReport>();
      const uRow = u.machines.find((m) => m.equipmentId === id)!;
      expect(peers.utilization).toEqual({
        from: u.from,
        to: u.to,
        perDay: uRow.perDay,
        typeMedianPerDay: uRow.typeMedianPerDay,
        idleDays: uRow.idleDays,
        idle: uRow.idle,
      });
      void [equipmentId, name, type, unit];
    }
    const leakPage = await call(t.app, o.cookie, 'GET', `/api/equipment/${leak.id}/page`);
    expect(leakPage.json<MachinePageDto>().peers.fuel).toMatchObject({
      fuelRate: 2.8,
      rateUnit: 'gal/h',
      peerMedian: 2,
      percentAbovePeers: 40,
      flagged: true,
    });
  });

  it('keeps the page’s peers between views, and agrees with the report as soon as the data changes, whichever app server wrote', async () => {
    const { o, sound, leak, fill } = await fleet();
    const leakFuel = async () => {
      const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${leak.id}/page`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MachinePageDto>().peers.fuel;
    };
    const peerMedian = async () => (await leakFuel())?.peerMedian;
    expect(await peerMedian()).toBe(2);
    const kept = keptPeers(t.deps.database);
    expect(await peerMedian()).toBe(2);
    expect(keptPeers(t.deps.database)).toEqual(kept); // the second view read no peers
    // The sound excavator's fourth fill-up, 40 gal at 140 h: (20 + 20 + 40) gal over 30 h = 2.67 gal/h.
    await fill(sound.id, 140, 40);
    const r = await report(o);
    expect(r.machines.find((m) => m.equipmentId === leak.id)).toMatchObject({
      peerMedian: 2.67,
      percentAbovePeers: 5,
      flagged: false,
    });
    // The company's data changed: the page agrees with the report at once, on both databases.
    expect(await peerMedian()).toBe(2.67);
    // A write this app server never made (another server's; here the login's own connection, outside
    // the app): that fill-up voided. The page and the report see it at once (PostgreSQL: the version
    // the database keeps, migration 0030).
    await t.deps.database.ownerSql(
      'update operator_update set voided_at = now() where equipment_id = $1 and new_usage = 140',
      [sound.id],
    );
    expect(await peerMedian()).toBe(2);
    expect((await report(o)).machines.find((m) => m.equipmentId === leak.id)).toMatchObject({
      peerMedian: 2,
    });
  });

  it('keeps at most its budget of peers’ machines, the type used longest ago dropped first', async () => {
    const { o, sound, truck } = await fleet();
    const page = async (id: string) =>
      expect((await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/page`)).statusCode).toBe(
        200,
      );
    const before = keptPeers(t.deps.database);
    try {
      keptPeers(t.deps.database, before.machines + 2);
      await page(sound.id); // its type: the two excavators
      expect(keptPeers(t.deps.database)).toEqual({
        entries: before.entries + 1,
        machines: before.machines + 2,
      });
      await page(truck.id); // one truck more is over the budget: the older entries go first
      const after = keptPeers(t.deps.database);
      expect(after.machines).toBeLessThanOrEqual(before.machines + 2);
      expect(after.machines).toBeGreaterThanOrEqual(1);
      // The page still answers with its peers after its type was dropped (read again).
      const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${sound.id}/page`);
      expect(res.json<MachinePageDto>().peers.fuel).toMatchObject({ fuelRate: 2, peerMedian: 2.8 });
    } finally {
      keptPeers(t.deps.database, 20_000);
    }
  });

  it('takes the usage at a fill-up sent without a reading from the record, a voided reading counting for nothing', async () => {
    const { o, loader: m } = await kit.ownerWithLoader(t);
    const send = async (at: string, body: Record<string, unknown>) => {
      t.clock.set(new Date(at));
      o.cookie = await signInAgain(t.app, o);
      const res = await call(t.app, o.cookie, 'POST', '/api/operator-updates', {
        equipmentId: m.id,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { update } = res.json<{ update: { id: string; status: string } }>();
      expect(update.status).toBe('applied');
      return update.id;
    };
    // Day 2: a reading of 110 h, then 40 gal with no reading (at 110). Day 3: 20 gal at 115 h.
    // Day 4: 120 h at 3:00, a reading of 127 h at 13:00 voided (a typo), then 30 gal with no reading
    // (at 120 h, not 127).
    await send('2026-03-02T15:00:00Z', { newUsage: 110 });
    await send('2026-03-02T15:10:00Z', { fuelAdded: 40, fuelType: 'diesel' });
    await send('2026-03-03T15:00:00Z', { newUsage: 115, fuelAdded: 20, fuelType: 'diesel' });
    await send('2026-03-04T03:00:00Z', { newUsage: 120 });
    const typo = await send('2026-03-04T13:00:00Z', { newUsage: 127 });
    const v = await call(t.app, o.cookie, 'POST', `/api/operator-updates/${typo}/void`, {
      reason: 'typo',
    });
    expect(v.statusCode, v.body).toBe(200);
    await send('2026-03-04T15:10:00Z', { fuelAdded: 30, fuelType: 'diesel' });
    t.clock.set(new Date('2026-03-20T15:00:00Z'));
    o.cookie = await signInAgain(t.app, o);
    // (20 + 30) gal over 120 - 110 h = 5 gal/h (with the voided 127 h it would be 2.94). The fuel-only
    // entries carry the meter as it stood (the ledger's `fuel` kind), which the probe finds.
    const r = await report(o);
    expect(r.machines[0]).toMatchObject({
      fuelUsed: 90,
      fuelRate: 5,
      rateUnit: 'gal/h',
      reason: null,
    });
    const page = await call(t.app, o.cookie, 'GET', `/api/equipment/${m.id}/page`);
    expect(page.json<MachinePageDto>().peers.fuel).toMatchObject({ fuelUsed: 90, fuelRate: 5 });
  });

  it('answers a read key; refuses operators, another company’s machine and every bad period', async () => {
    const { o, leak } = await fleet();
    const byKey = await kit.checkReportAccess<FuelReport>(t, o, 'fuel', { equipmentId: leak.id });
    expect(byKey.totals.flagged).toBe(1);

    await kit.checkBadPeriods(kit.badReportQuery(t, o, 'fuel'), '?from=2021-03-01&to=2026-03-10');
  });
});
