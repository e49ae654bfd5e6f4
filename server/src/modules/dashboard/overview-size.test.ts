import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewSchema } from '@domain/schemas/dashboard';
import { createTestApp, type TestApp } from '../../test/helpers';
import { call, createEquipmentViaApi, signupOwner, type SignedIn } from '../../test/factories';

/**
 * GET /api/dashboard/overview sends only what the dashboard shows (issue 28): at most 500 bytes of
 * JSON a machine, on a company whose machines carry every kind of data (serial numbers, scheduled
 * maintenance, readings for a forecast, an out-of-service reason, lifespans, fuel, parts, a
 * description: what the whole record would have sent).
 */
const MAX_BYTES_PER_MACHINE = 500;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t?.clock.reset();
  await t?.close();
});

/** A company with machines as a real fleet has them, through the API. */
async function seededCompany(): Promise<{ owner: SignedIn; ids: string[] }> {
  const owner = await signupOwner(t.app);
  const ids: string[] = [];
  const kinds = [
    { type: 'machinery', unit: 'hours', fuelType: 'diesel' },
    { type: 'vehicle', unit: 'miles', fuelType: 'gasoline' },
    { type: 'vehicle', unit: 'kilometers', fuelType: 'diesel' },
    { type: 'tools', unit: 'n/a', fuelType: 'n/a' },
  ];
  for (let i = 0; i < 8; i++) {
    const kind = kinds[i % kinds.length]!;
    const e = await createEquipmentViaApi(t.app, owner.cookie, {
      ...kind,
      name: `Caterpillar 320 GC Hydraulic Excavator #${i + 1}`,
      serialNumber: `CAT0320GCXZ${String(100_000 + i)}`,
      currentUsage: 1_234.5 + i * 100,
      serviceInterval: 250,
      lastServiceUsage: 1_100,
      threshold: 20_000,
      description: 'Bought used in 2019; hydraulic hoses replaced at 1,000 hours. '.repeat(4),
      serviceParts: [
        { part: 'Engine oil filter', partNumber: '1R-0716', qty: 1 },
        { part: 'Fuel water separator', partNumber: '326-1643', qty: 2 },
      ],
      ...(i % 2 === 0
        ? {
            hasScheduledMaintenance: true,
            maintenanceStartDate: '2026-01-15',
            maintenanceInterval: 3,
            maintenanceIntervalUnit: 'months',
          }
        : {}),
    });
    ids.push(e.id);
  }
  // Readings a few days apart, so each machine has a usage rate and a forecast (the app's clock).
  for (const daysAgo of [6, 3, 0]) {
    t.clock.set(new Date(Date.now() - daysAgo * 86_400_000));
    for (const id of ids) {
      const r = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${id}/usage`, {
        usageIncrease: 7.5,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
  }
  t.clock.reset();
  const oos = await call(t.app, owner.cookie, 'POST', `/api/equipment/${ids[0]}/out-of-service`, {
    reason: 'Hydraulic leak at the boom cylinder',
  });
  expect(oos.statusCode, oos.body).toBe(200);
  return { owner, ids };
}

describe('GET /api/dashboard/overview', () => {
  it('answers at most 500 bytes a machine, with what the dashboard shows', async () => {
    const { owner, ids } = await seededCompany();
    const res = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    const body = overviewSchema.strict().parse(res.json());
    expect(body.items).toHaveLength(ids.length);
    for (const item of body.items) {
      const bytes = Buffer.byteLength(JSON.stringify(item));
      expect(bytes, item.name).toBeLessThanOrEqual(MAX_BYTES_PER_MACHINE);
    }
    // The whole answer too: the counts and the criticality map are shared by the page.
    expect(Buffer.byteLength(res.body) / ids.length).toBeLessThanOrEqual(MAX_BYTES_PER_MACHINE);

    // What the table, the cards and the row actions read is there.
    const first = body.items.find((i) => i.id === ids[0]);
    expect(first).toMatchObject({
      name: 'Caterpillar 320 GC Hydraulic Excavator #1',
      serialNumber: 'CAT0320GCXZ100000',
      unit: 'hours',
      currentUsage: 1_257,
      outOfService: { reason: 'Hydraulic leak at the boom cylinder' },
      status: { hasSchedule: true },
    });
    expect(first?.nextMaintenanceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first?.forecast?.perDay).not.toBeNull();
    // Nothing the dashboard does not show (the record's other columns are one call away).
    for (const key of ['companyId', 'description', 'serviceParts', 'totalFuelUsed', 'threshold'])
      expect(Object.keys(first ?? {})).not.toContain(key);
    // A machine without scheduled maintenance has no date to show.
    expect(body.items.find((i) => i.id === ids[1])?.nextMaintenanceDate).toBeNull();
  });
});
