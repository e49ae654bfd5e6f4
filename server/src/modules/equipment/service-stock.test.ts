import { describe, expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import { machinePageSchema } from '@domain/schemas/machine-page';
import { partDtoSchema, workOrderDtoSchema } from '@domain/schemas/work-orders';
import {
  call,
  callOk,
  createEquipmentViaApi,
  signInAgain,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/**
 * A service's parts and its void (issue 43, defects 4 and 11): catalogue parts leave the shelf with
 * the service, in its transaction; free-text parts draw nothing; the machine's written part numbers are
 * matched against the catalogue; voiding the service puts the stock back, takes its cost out of every
 * figure and restores what it reset. HTTP-level on PGlite and (TEST_DB=postgres) PostgreSQL.
 */
const START = new Date('2026-09-25T15:00:00Z');
const t = useTestApp({}, { start: START });

const ok = <T>(o: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  callOk<T>(t.app, o.cookie, method, url, body);
const onHand = async (o: SignedIn, partId: string) =>
  (await ok<{ id: string; onHand: number }[]>(o, 'GET', '/api/parts')).find((p) => p.id === partId)!
    .onHand;
const page = async (o: SignedIn, id: string) =>
  machinePageSchema.parse(await ok(o, 'GET', `/api/equipment/${id}/page`));
const services = async (o: SignedIn, id: string) =>
  (await ok<HistoryRecordDto[]>(o, 'GET', `/api/equipment/${id}/history`)).filter(
    (h) => h.kind === 'service',
  );
const serviced = (o: SignedIn, id: string, body: Record<string, unknown>) =>
  call(t.app, o.cookie, 'PATCH', `/api/equipment/${id}/reset-service`, body);

async function oilFilter(o: SignedIn) {
  return partDtoSchema.parse(
    await ok(o, 'POST', '/api/parts', {
      name: 'Oil filter',
      partNumber: 'OF-0',
      unit: 'each',
      unitCost: 9.5,
      onHand: 12,
    }),
  );
}

describe('Mark as Serviced with parts from the catalogue', () => {
  it('draws a catalogue part in the service, draws nothing for free text, and the void puts it back', async () => {
    const o = await signupOwner(t.app);
    const filter = await oilFilter(o);
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 500,
      serviceInterval: 250,
      lastServiceUsage: 300,
      // Written by hand: one agrees with the catalogue's OF-0 (case and spaces aside), one does not.
      serviceParts: [
        { part: 'Oil filter', partNumber: ' of-0 ', qty: 1 },
        { part: 'V-belt', partNumber: 'BX-9', qty: 2 },
      ],
    });
    const before = await page(o, e.id);
    expect(before.serviceStock).toEqual([
      { partId: filter.id, name: 'Oil filter', partNumber: 'OF-0', onHand: 12, unit: 'each' },
      null,
    ]);

    const res = await serviced(o, e.id, {
      cost: 60,
      parts: [
        { part: 'Oil filter', partNumber: 'OF-0', partId: filter.id, qty: 1 },
        { part: 'V-belt', partNumber: 'BX-9', qty: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onHand(o, filter.id)).toBe(11);
    const moves = await ok<{ moves: { change: number; reason: string }[] }>(
      o,
      'GET',
      `/api/parts/${filter.id}/moves`,
    );
    expect(moves.moves.map((m) => [m.reason, m.change])).toContainEqual(['used', -1]);

    // Free text, even with the catalogue's part number, draws nothing.
    t.clock.advanceDays(1);
    o.cookie = await signInAgain(t.app, o);
    const free = await serviced(o, e.id, {
      cost: 10,
      parts: [{ part: 'Oil filter', partNumber: 'OF-0', qty: 1 }],
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(await onHand(o, filter.id)).toBe(11);

    // The first service voided: the filter is back, its cost leaves the figures.
    const [newest, first] = await services(o, e.id);
    expect(newest?.canVoid).toBe(true);
    expect((await page(o, e.id)).figures.totalMaintenanceCost).toBe(70);
    await ok(o, 'POST', `/api/equipment/${e.id}/history/${first!.id}/void`, {
      reason: 'Recorded on the wrong machine',
    });
    expect(await onHand(o, filter.id)).toBe(12);
    const after = await page(o, e.id);
    expect(after.figures.totalMaintenanceCost).toBe(10);
    expect(after.figures.serviceCount).toBe(1);
    const returned = await ok<{ moves: { change: number; reason: string; note: string | null }[] }>(
      o,
      'GET',
      `/api/parts/${filter.id}/moves`,
    );
    expect(returned.moves.map((m) => [m.reason, m.change, m.note])).toContainEqual([
      'returned',
      1,
      'Recorded on the wrong machine',
    ]);
    // Voided once only.
    const again = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/equipment/${e.id}/history/${first!.id}/void`,
      { reason: 'again' },
    );
    expect(again.statusCode).toBe(409);
    expect(await onHand(o, filter.id)).toBe(12);
  });

  it('refuses the whole service when stock is short, and another company’s part is not found', async () => {
    const o = await signupOwner(t.app);
    const filter = await oilFilter(o);
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 500 });
    const short = await serviced(o, e.id, {
      cost: 5,
      parts: [{ part: 'Oil filter', partId: filter.id, qty: 13 }],
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json<{ key: string }>().key).toBe('workOrders.notEnoughStock');
    expect(await onHand(o, filter.id)).toBe(12);
    expect(await services(o, e.id)).toHaveLength(0);
    expect((await page(o, e.id)).figures.totalMaintenanceCost).toBe(0);

    const other = await signupOwner(t.app);
    const theirs = await oilFilter(other);
    const foreign = await serviced(o, e.id, {
      parts: [{ part: 'Oil filter', partId: theirs.id, qty: 1 }],
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(await onHand(other, theirs.id)).toBe(12);
    expect(await services(o, e.id)).toHaveLength(0);
  });
});

describe('voiding a service', () => {
  it('restores what the latest service reset, and leaves the machine alone when a later one remains', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, {
      currentUsage: 500,
      serviceInterval: 250,
      lastServiceUsage: 300,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-09-01',
      maintenanceInterval: 3,
      maintenanceIntervalUnit: 'months',
    });
    await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      serviceDate: '2026-09-10',
      usage: 450,
    });
    const afterA = await ok<EquipmentDto>(o, 'GET', `/api/equipment/${e.id}`);
    expect([afterA.lastServiceUsage, afterA.lastServiceDate, afterA.nextMaintenanceDate]).toEqual([
      450,
      '2026-09-10',
      '2026-12-10',
    ]);
    await ok(o, 'PATCH', `/api/equipment/${e.id}/reset-service`, {
      serviceDate: '2026-09-20',
      usage: 500,
    });
    const [b, a] = await services(o, e.id);
    // A is older than B: voiding it keeps B's reset.
    await ok(o, 'POST', `/api/equipment/${e.id}/history/${a!.id}/void`, { reason: 'Duplicate' });
    const keep = await ok<EquipmentDto>(o, 'GET', `/api/equipment/${e.id}`);
    expect([keep.lastServiceUsage, keep.lastServiceDate, keep.nextMaintenanceDate]).toEqual([
      500,
      '2026-09-20',
      '2026-12-20',
    ]);
    // B was the latest: its void puts back what it found (A's reset, although A is voided since).
    await ok(o, 'POST', `/api/equipment/${e.id}/history/${b!.id}/void`, { reason: 'Wrong date' });
    const back = await ok<EquipmentDto>(o, 'GET', `/api/equipment/${e.id}`);
    expect([back.lastServiceUsage, back.lastServiceDate, back.nextMaintenanceDate]).toEqual([
      afterA.lastServiceUsage,
      afterA.lastServiceDate,
      afterA.nextMaintenanceDate,
    ]);
    expect((await page(o, e.id)).figures.serviceCount).toBe(0);
  });

  it('a work order’s service is voided with its order, not on its own', async () => {
    const o = await signupOwner(t.app);
    const e = await createEquipmentViaApi(t.app, o.cookie, { currentUsage: 500 });
    const wo = workOrderDtoSchema.parse(
      await ok(o, 'POST', '/api/work-orders', {
        equipmentId: e.id,
        title: '250-hour service',
        kind: 'service',
      }),
    );
    await ok(o, 'POST', `/api/work-orders/${wo.id}/complete`, { otherCost: 20 });
    const [s] = await services(o, e.id);
    expect(s?.canVoid).toBe(false);
    const res = await call(
      t.app,
      o.cookie,
      'POST',
      `/api/equipment/${e.id}/history/${s!.id}/void`,
      {
        reason: 'no',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ key: string }>().key).toBe('equipment.notVoidable');
    expect((await page(o, e.id)).figures.totalMaintenanceCost).toBe(20);
  });
});
