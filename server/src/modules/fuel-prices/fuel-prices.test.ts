/**
 * Fuel in money and in the company's units (issue 45): the company's fuel prices (GET/POST
 * /api/fuel-prices) with every bad input refused under its field, the gallons-or-litres choice
 * (PUT /api/fuel-unit), and fill-ups with their own price or cost, typed in litres and answered in the
 * company's unit. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuelPriceDto, FuelPricesDto } from '@domain/schemas/fuel';
import type { CreatedApiKeyDto } from '@domain/schemas/integrations';
import type { OperatorUpdateDto, SubmitOperatorUpdateResponse } from '@domain/schemas/operators';
import {
  addSignedInUser,
  call,
  callOk,
  createEquipmentViaApi,
  signupOwner,
  type SignedIn,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-20T15:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const ok = <T>(o: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  callOk<T>(t.app, o.cookie, method, url, body);

describe('fuel prices', () => {
  it('keeps prices per fuel type with a start date, newest first, and answers a read key', async () => {
    const o = await signupOwner(t.app);
    const empty = await ok<FuelPricesDto>(o, 'GET', '/api/fuel-prices');
    expect(empty).toEqual({ volumeUnit: 'gal', prices: [] });
    const first = await call(t.app, o.cookie, 'POST', '/api/fuel-prices', {
      fuelType: 'diesel',
      price: 3.5,
      volumeUnit: 'gal',
      from: '2026-10-01',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<FuelPriceDto>()).toMatchObject({
      fuelType: 'diesel',
      price: 3.5,
      volumeUnit: 'gal',
      from: '2026-10-01',
    });
    await ok(o, 'POST', '/api/fuel-prices', {
      fuelType: 'diesel',
      price: 3.89,
      volumeUnit: 'gal',
      from: '2026-11-01',
    });
    // gasoline is the machine's word for gas (the one fuel vocabulary).
    await ok(o, 'POST', '/api/fuel-prices', {
      fuelType: 'gasoline',
      price: 1.0276,
      volumeUnit: 'L',
      from: '2026-11-20',
    });
    const list = await ok<FuelPricesDto>(o, 'GET', '/api/fuel-prices');
    expect(list.prices.map((p) => [p.fuelType, p.price, p.volumeUnit, p.from])).toEqual([
      ['diesel', 3.89, 'gal', '2026-11-01'],
      ['diesel', 3.5, 'gal', '2026-10-01'],
      ['gas', 1.0276, 'L', '2026-11-20'],
    ]);

    const key = await ok<CreatedApiKeyDto>(o, 'POST', '/api/api-keys', {
      name: 'BI',
      scopes: ['read'],
    });
    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/fuel-prices',
      headers: { authorization: `Bearer ${key.token}` },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json<FuelPricesDto>().prices).toHaveLength(3);
    // A read key cannot add one; another company sees none of them; an operator may not.
    const keyWrite = await t.app.inject({
      method: 'POST',
      url: '/api/fuel-prices',
      headers: { authorization: `Bearer ${key.token}` },
      payload: { fuelType: 'diesel', price: 1, volumeUnit: 'gal', from: '2026-11-01' },
    });
    expect(keyWrite.statusCode).toBe(403);
    const other = await signupOwner(t.app);
    expect((await ok<FuelPricesDto>(other, 'GET', '/api/fuel-prices')).prices).toEqual([]);
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    expect((await call(t.app, op.cookie, 'GET', '/api/fuel-prices')).statusCode).toBe(403);
  });

  it('refuses a negative price, a date after today and a unit other than gal or L, under the field, writing nothing', async () => {
    const o = await signupOwner(t.app);
    const bad = async (body: object, key: string, field: string) => {
      const res = await call(t.app, o.cookie, 'POST', '/api/fuel-prices', {
        fuelType: 'diesel',
        price: 3.89,
        volumeUnit: 'gal',
        from: '2026-11-01',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: { [field]: expect.any(String) } });
      if (key) expect(res.json().key).toBe(key);
      return res.json<{ key?: string; message: string; fieldErrors: Record<string, string> }>();
    };
    expect((await bad({ price: -1 }, 'fuel.priceInvalid', 'price')).fieldErrors.price).toBe(
      'Enter a price of 0 or more.',
    );
    const future = await bad({ from: '2026-11-21' }, 'fuel.fromFuture', 'from');
    expect(future).toMatchObject({ key: 'fuel.fromFuture' });
    expect(future.fieldErrors.from).toBe('The start date cannot be after today.');
    expect((await bad({ volumeUnit: 'l' }, 'fuel.unitInvalid', 'volumeUnit')).fieldErrors).toEqual({
      volumeUnit: 'The unit must be gal or L.',
    });
    expect((await bad({ fuelType: 'kerosene' }, '', 'fuelType')).fieldErrors.fuelType).toBe(
      'The fuel type must be gas, gasoline or diesel.',
    );
    await bad({ from: '2026-02-30' }, '', 'from');
    expect((await ok<FuelPricesDto>(o, 'GET', '/api/fuel-prices')).prices).toEqual([]);
  });
});

describe('the company unit and fill-ups in money', () => {
  it('answers fill-ups in the company unit with their own price or cost; typed litres come back as typed', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie, { fuelType: 'diesel' });
    const submit = async (body: object) => {
      const res = await call(t.app, o.cookie, 'POST', '/api/operator-updates', {
        equipmentId: m.id,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<SubmitOperatorUpdateResponse>().update;
    };
    // Gallons, a price per gallon.
    const a = await submit({ fuelAdded: 20, fuelType: 'diesel', price: 3.95 });
    expect(a).toMatchObject({ fuelAdded: 20, volumeUnit: 'gal', price: 3.95, cost: null });
    // Nothing about money: the company's price will value it.
    const b = await submit({ fuelAdded: 10 });
    expect(b).toMatchObject({ fuelAdded: 10, price: null, cost: null });

    const unit = await call(t.app, o.cookie, 'PUT', '/api/fuel-unit', { volumeUnit: 'L' });
    expect(unit.statusCode, unit.body).toBe(200);
    const prices = await ok<FuelPricesDto>(o, 'GET', '/api/fuel-prices');
    expect(prices.volumeUnit).toBe('L');
    // Litres, with a price per litre and a total cost.
    const c = await submit({ fuelAdded: 75.5, volumeUnit: 'L', price: 1.05, cost: 79.28 });
    expect(c).toMatchObject({ fuelAdded: 75.5, volumeUnit: 'L', price: 1.05, cost: 79.28 });
    // The list answers in litres: 20 gal = 75.71 L at 3.95 / 3.785411784 = 1.0435 a litre.
    const list = await ok<OperatorUpdateDto[]>(o, 'GET', '/api/operator-updates');
    const byId = new Map(list.map((u) => [u.id, u]));
    expect(byId.get(a.id)).toMatchObject({ fuelAdded: 75.71, volumeUnit: 'L', price: 1.0435 });
    expect(byId.get(c.id)).toMatchObject({ fuelAdded: 75.5, volumeUnit: 'L', price: 1.05 });
    // Stored in gallons as always: 20 + 10 + 19.945 (75.5 L).
    const machine = await ok<{ totalFuelUsed: number }>(o, 'GET', `/api/equipment/${m.id}`);
    expect(machine.totalFuelUsed).toBeCloseTo(49.945, 3);

    const badUnit = await call(t.app, o.cookie, 'PUT', '/api/fuel-unit', { volumeUnit: 'litre' });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json()).toMatchObject({ fieldErrors: { volumeUnit: expect.any(String) } });
    const badPrice = await call(t.app, o.cookie, 'POST', '/api/operator-updates', {
      equipmentId: m.id,
      fuelAdded: 5,
      price: -2,
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toMatchObject({
      fieldErrors: { price: 'Enter a price of 0 or more.' },
    });
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    expect(
      (await call(t.app, op.cookie, 'PUT', '/api/fuel-unit', { volumeUnit: 'gal' })).statusCode,
    ).toBe(403);
  });
});
