/** The fleets the report and machine-page specs start from, added through the API. */
import type { APIRequestContext } from '@playwright/test';
import { expect, machineryViaApi, signupOwnerViaApi } from './fixtures';

/** One fill-up of both excavators: the hour-meter reading, the sound one's and the leaking one's gallons. */
export type FillUp = readonly [reading: number, soundGallons: number, leakGallons: number];

/**
 * A new owner (signed in on `request`) with two excavators at 100 h, 'Sound excavator' and 'Leaking
 * excavator' (`fields`: more of their fields), each filling up with diesel and a reading at every
 * `fillUps` row, in order (the fuel rates of issue 45: the machine page's peers and the Fuel report).
 */
export async function excavatorsFillingUp(
  request: APIRequestContext,
  fillUps: readonly FillUp[],
  fields: Record<string, unknown> = {},
) {
  await signupOwnerViaApi(request);
  const excavators = { currentUsage: 100, ...fields };
  const sound = await machineryViaApi(request, 'Sound excavator', excavators);
  const leak = await machineryViaApi(request, 'Leaking excavator', excavators);
  for (const [usage, soundGal, leakGal] of fillUps)
    for (const [m, fuelAdded] of [
      [sound, soundGal],
      [leak, leakGal],
    ] as const) {
      const res = await request.post('/api/operator-updates', {
        data: { equipmentId: m.id, newUsage: usage, fuelAdded, fuelType: 'diesel' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  return { sound, leak };
}

/**
 * Fleet reports' utilisation and downtime (issue 45): a new owner (signed in on `request`) with a busy
 * excavator, a quiet one and a truck.
 */
export async function usageFleet(request: APIRequestContext) {
  await signupOwnerViaApi(request);
  const busy = await machineryViaApi(request, 'Busy excavator', { currentUsage: 100 });
  const quiet = await machineryViaApi(request, 'Quiet excavator', { currentUsage: 500 });
  const truck = await machineryViaApi(request, 'Truck', {
    type: 'vehicle',
    unit: 'miles',
    currentUsage: 1000,
  });
  // 60 hours today on the busy one: 2 hours a day over the 30 days; 3 on the quiet one.
  for (const [m, by] of [
    [busy, 60],
    [quiet, 3],
  ] as const) {
    const res = await request.patch(`/api/equipment/${m.id}/usage`, {
      data: { usageIncrease: by },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { busy, quiet, truck };
}

/**
 * Two machines; diesel at $4 a gallon from yesterday. The loader: +10 h, 25 gal at the company price
 * ($100) and a $50 service: $150, $15 an hour. The quiet one: nothing.
 */
export async function costlyFleet(request: APIRequestContext) {
  await signupOwnerViaApi(request);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const price = await request.post('/api/fuel-prices', {
    data: { fuelType: 'diesel', price: 4, volumeUnit: 'gal', from: yesterday },
  });
  expect(price.status(), await price.text()).toBe(201);
  const loaders = { currentUsage: 100, fuelType: 'diesel' };
  const loader = await machineryViaApi(request, 'Costly loader', loaders);
  const quiet = await machineryViaApi(request, 'Quiet loader', loaders);
  for (const [url, method, data] of [
    [`/api/equipment/${loader.id}/usage`, 'patch', { usageIncrease: 10 }],
    [
      '/api/operator-updates',
      'post',
      { equipmentId: loader.id, fuelAdded: 25, fuelType: 'diesel' },
    ],
    [`/api/equipment/${loader.id}/reset-service`, 'patch', { cost: 50 }],
  ] as const) {
    const res = await request[method](url, { data });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  return { loader, quiet };
}
