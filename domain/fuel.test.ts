import { describe, expect, it } from 'vitest';
import {
  LITRES_PER_GALLON,
  TANK_TOLERANCE,
  overTank,
  fillUpValue,
  priceIn,
  priceInForce,
  pricePerGallon,
  storedGallons,
  volumeIn,
  type FillUp,
  type FuelPriceEntry,
} from './fuel';

describe('gallons and litres', () => {
  it('converts exactly by 3.785411784 L a gallon, rounded once where shown', () => {
    expect(volumeIn(1, 'L')).toBe(3.79);
    expect(volumeIn(10, 'L')).toBe(37.85);
    expect(volumeIn(100, 'L')).toBe(378.54);
    expect(volumeIn(12.345, 'gal')).toBe(12.345);
    expect(storedGallons(3.785411784, 'L')).toBe(1);
    expect(storedGallons(50, 'L')).toBe(13.209);
    expect(storedGallons(12.3456, 'gal')).toBe(12.346);
    expect(LITRES_PER_GALLON * 1000).toBeCloseTo(3785.411784, 9);
  });

  it('shows every litre figure typed with 2 decimals as typed, and keeps gallons, over 1,000 round trips with no drift', () => {
    for (let i = 0; i < 1000; i++) {
      // Litres typed (0.01 to 9,999.99): stored as gallons, shown again in litres.
      const litres = Math.round(((i * 7919) % 999_999) + 1) / 100;
      expect(volumeIn(storedGallons(litres, 'L'), 'L'), `${litres} L`).toBe(litres);
      // Gallons stored (3 decimals): shown in litres, typed back, stored again.
      const gallons = ((i * 104_729) % 9_999_999) / 1000;
      expect(storedGallons(gallons * LITRES_PER_GALLON, 'L'), `${gallons} gal`).toBe(gallons);
    }
    // The same figure through 1,000 successive trips does not move.
    let l = 123.45;
    let g = 32.612;
    for (let i = 0; i < 1000; i++) {
      l = volumeIn(storedGallons(l, 'L'), 'L');
      g = storedGallons(volumeIn(g, 'L'), 'L');
    }
    expect(l).toBe(123.45);
    expect(g).toBe(32.612);
  });

  it('turns prices per litre into per gallon without rounding, and back rounded once', () => {
    expect(pricePerGallon(1, 'L')).toBe(LITRES_PER_GALLON);
    expect(pricePerGallon(3.89, 'gal')).toBe(3.89);
    expect(priceIn(3.785411784, 'L')).toBe(1);
    expect(priceIn(3.89, 'L')).toBe(1.0276);
    for (let i = 1; i <= 1000; i++) {
      const perLitre = i / 1000;
      expect(priceIn(pricePerGallon(perLitre, 'L'), 'L')).toBe(perLitre);
    }
  });
});

const prices: FuelPriceEntry[] = [
  { fuelType: 'diesel', price: 3.5, volumeUnit: 'gal', from: '2026-10-01' },
  { fuelType: 'diesel', price: 3.89, volumeUnit: 'gal', from: '2026-11-01' },
  { fuelType: 'gas', price: 1.1, volumeUnit: 'L', from: '2026-10-15' },
];
const fill = (f: Partial<FillUp>): FillUp => ({
  gallons: 10,
  fuelType: 'diesel',
  day: '2026-11-10',
  price: null,
  priceUnit: null,
  cost: null,
  ...f,
});

describe('a fill-up in money', () => {
  it('takes the price in force on its day: the latest start on or before it', () => {
    expect(priceInForce(prices, 'diesel', '2026-09-30')).toBeNull();
    expect(priceInForce(prices, 'diesel', '2026-10-01')?.price).toBe(3.5);
    expect(priceInForce(prices, 'diesel', '2026-10-31')?.price).toBe(3.5);
    expect(priceInForce(prices, 'diesel', '2026-11-01')?.price).toBe(3.89);
    expect(priceInForce(prices, 'gas', '2026-11-01')?.price).toBe(1.1);
  });

  it('finds the price in force in an unsorted list as looking through every price does, ties to the later one', () => {
    const days = [
      '2026-01-01',
      '2026-02-15',
      '2026-03-01',
      '2026-03-01',
      '2026-05-20',
      '2026-07-04',
    ];
    const list: FuelPriceEntry[] = [...days].reverse().map((from, i) => ({
      fuelType: i % 3 === 0 ? 'gas' : 'diesel',
      price: i + 1,
      volumeUnit: 'gal',
      from,
    }));
    // Two diesel prices from the same day: the later in the list is in force.
    list.push({ fuelType: 'diesel', price: 99, volumeUnit: 'gal', from: '2026-05-20' });
    const reference = (fuelType: 'gas' | 'diesel', day: string) => {
      let best: FuelPriceEntry | null = null;
      for (const p of list)
        if (p.fuelType === fuelType && p.from <= day && (!best || p.from >= best.from)) best = p;
      return best;
    };
    for (let d = 0; d < 240; d++) {
      const day = new Date(Date.UTC(2025, 11, 1 + d)).toISOString().slice(0, 10);
      for (const fuel of ['gas', 'diesel'] as const)
        expect(priceInForce(list, fuel, day)).toBe(reference(fuel, day));
    }
  });

  it('values a fill-up at its own cost, else its own price, else the company price, else nothing', () => {
    expect(fillUpValue(fill({ cost: 41.237 }), prices)).toEqual({ cost: 41.24, source: 'cost' });
    expect(fillUpValue(fill({ price: 4, priceUnit: 'gal', cost: 30 }), prices)).toEqual({
      cost: 30,
      source: 'cost',
    });
    expect(fillUpValue(fill({ price: 4, priceUnit: 'gal' }), prices)).toEqual({
      cost: 40,
      source: 'price',
    });
    // 10 gal = 37.85411784 L at 1.05 a litre = 39.7468... -> 39.75 (rounded once).
    expect(fillUpValue(fill({ price: 1.05, priceUnit: 'L' }), prices)).toEqual({
      cost: 39.75,
      source: 'price',
    });
    expect(fillUpValue(fill({}), prices)).toEqual({ cost: 38.9, source: 'company' });
    expect(fillUpValue(fill({ day: '2026-10-20' }), prices)).toEqual({
      cost: 35,
      source: 'company',
    });
    // Gas at 1.10 a litre: 10 gal = 41.64 (41.639529624).
    expect(fillUpValue(fill({ fuelType: 'gas' }), prices)).toEqual({
      cost: 41.64,
      source: 'company',
    });
    expect(fillUpValue(fill({ day: '2026-09-01' }), prices)).toEqual({ cost: null, source: null });
  });
});

describe('a fill-up over the tank (issue 45)', () => {
  it('is flagged above the capacity and 5 %, not at it, and never without a capacity', () => {
    expect(TANK_TOLERANCE).toBe(0.05);
    // A 100-gallon tank: 105 gallons is within the tolerance, 105.001 is over.
    expect(overTank(100, 100)).toBe(false);
    expect(overTank(105, 100)).toBe(false);
    expect(overTank(105.001, 100)).toBe(true);
    expect(overTank(300, 100)).toBe(true);
    // No capacity known (or none that makes sense): never flagged.
    expect(overTank(10_000, null)).toBe(false);
    expect(overTank(10_000, undefined)).toBe(false);
    expect(overTank(10_000, 0)).toBe(false);
  });

  it('compares stored gallons, so a tank typed in litres flags the same fill-ups', () => {
    // A 400 L tank and fill-ups typed in litres, all stored in gallons once.
    const tank = storedGallons(400, 'L');
    expect(overTank(storedGallons(420, 'L'), tank)).toBe(false);
    expect(overTank(storedGallons(421, 'L'), tank)).toBe(true);
    expect(overTank(storedGallons(380, 'L'), tank)).toBe(false);
  });
});
