/**
 * Fuel in money and in the company's units (issue 45, docs/decisions/fleet-insight.md "Fuel in money").
 * The one place volumes change unit and fill-ups get a value: the server's reports, the fill-up
 * answers, the screens and the exports call these; nothing else multiplies by 3.785411784.
 *
 * Volumes are stored in US gallons (numeric, 3 decimals) as they always were. A volume typed in litres
 * is turned into stored gallons once, where it enters (`storedGallons`), and a stored volume is shown
 * in litres once, where it leaves (`volumeIn`): never converted back and forth, never rounded twice.
 * A litre figure typed with up to 2 decimals is shown again exactly (the stored gallon's rounding is at
 * most 0.0005 gal = 0.0019 L, less than half of 0.01 L).
 */

/** Litres in one US gallon, exactly (by definition: 231 cubic inches). */
export const LITRES_PER_GALLON = 3.785411784;

export const volumeUnits = ['gal', 'L'] as const;
export type VolumeUnit = (typeof volumeUnits)[number];

/** A stored unit (a column that may be null from before issue 45: gallons). */
export const asVolumeUnit = (u: string | null | undefined): VolumeUnit => (u === 'L' ? 'L' : 'gal');

/** Fuel types a fill-up and a price name (the API's one fuel vocabulary, gasoline read as gas). */
export type PricedFuel = 'gas' | 'diesel';

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round((n + Number.EPSILON * Math.sign(n)) * f) / f;
};

/** A volume typed in `unit`, as stored: gallons to 3 decimals (the column's scale). */
export function storedGallons(amount: number, unit: VolumeUnit): number {
  return round(unit === 'L' ? amount / LITRES_PER_GALLON : amount, 3);
}

/**
 * A stored volume (gallons) in `unit`, rounded once for showing: 3 decimals in gallons (as stored),
 * 2 in litres.
 */
export function volumeIn(gallons: number, unit: VolumeUnit): number {
  return unit === 'L' ? round(gallons * LITRES_PER_GALLON, 2) : round(gallons, 3);
}

/** A price per `unit` as a price per gallon (not rounded: it is multiplied before the one rounding). */
export function pricePerGallon(price: number, unit: VolumeUnit): number {
  return unit === 'L' ? price * LITRES_PER_GALLON : price;
}

/** A price per gallon as a price per `unit`, rounded once for showing (4 decimals, the column's scale). */
export function priceIn(perGallon: number, unit: VolumeUnit): number {
  return round(unit === 'L' ? perGallon / LITRES_PER_GALLON : perGallon, 4);
}

/** A price the company keeps: per `volumeUnit`, for `fuelType`, from `from` (YYYY-MM-DD) on. */
export type FuelPriceEntry = {
  fuelType: PricedFuel;
  price: number;
  volumeUnit: VolumeUnit;
  from: string;
};

/**
 * Each fuel's prices sorted by their first day, made once per price list (a report values a company's
 * year of fill-ups against the same list: 119,200 of them looked through every price before).
 */
const priceBooks = new WeakMap<readonly FuelPriceEntry[], Map<PricedFuel, FuelPriceEntry[]>>();
function priceBookOf(prices: readonly FuelPriceEntry[]) {
  let book = priceBooks.get(prices);
  if (!book) {
    book = new Map();
    for (const p of prices) {
      const list = book.get(p.fuelType);
      if (list) list.push(p);
      else book.set(p.fuelType, [p]);
    }
    // Stable: of two prices with the same first day, the later in the list wins, as it always did.
    for (const list of book.values())
      list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    priceBooks.set(prices, book);
  }
  return book;
}

/** The price in force for a fuel on a day: the one with the latest `from` on or before it, else none. */
export function priceInForce(
  prices: readonly FuelPriceEntry[],
  fuelType: PricedFuel,
  day: string,
): FuelPriceEntry | null {
  const list = priceBookOf(prices).get(fuelType);
  if (!list) return null;
  // The last price whose first day is on or before `day` (binary search).
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.from <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : list[lo - 1]!;
}

/** A fill-up as stored: gallons, type, the day (company time) and its own price or cost, if given. */
export type FillUp = {
  gallons: number;
  fuelType: PricedFuel;
  /** YYYY-MM-DD in the company's time zone. */
  day: string;
  /** Its own price per `priceUnit` (null: none given). */
  price: number | null;
  priceUnit: VolumeUnit | null;
  /** Its own total cost (null: none given); wins over a price. */
  cost: number | null;
};

export type FillUpValue = {
  /** Money, to the cent; null when the fill-up has no price and the company none in force. */
  cost: number | null;
  /** Where the value came from. */
  source: 'cost' | 'price' | 'company' | null;
};

/**
 * A fill-up's value: its own total cost; else its own price times its volume; else the company's
 * price in force on its day times its volume; else nothing (counted as no cost, shown as unpriced).
 * Rounded once, to the cent.
 */
export function fillUpValue(f: FillUp, prices: readonly FuelPriceEntry[]): FillUpValue {
  if (f.cost !== null) return { cost: round(f.cost, 2), source: 'cost' };
  if (f.price !== null)
    return {
      cost: round(f.gallons * pricePerGallon(f.price, f.priceUnit ?? 'gal'), 2),
      source: 'price',
    };
  const p = priceInForce(prices, f.fuelType, f.day);
  if (!p) return { cost: null, source: null };
  return { cost: round(f.gallons * pricePerGallon(p.price, p.volumeUnit), 2), source: 'company' };
}

/**
 * A fill-up more than the machine's tank holds (issue 45, docs/decisions/fleet-insight.md "A fill-up
 * over the tank"): over its capacity by more than this share, to allow for a pump's rounding and the
 * filler neck above the rated capacity.
 */
export const TANK_TOLERANCE = 0.05;

/**
 * Whether a fill-up of `gallons` is more than a tank of `tankCapacity` gallons could take (both as
 * stored). No capacity known: never.
 */
export function overTank(gallons: number, tankCapacity: number | null | undefined): boolean {
  if (tankCapacity === null || tankCapacity === undefined || !(tankCapacity > 0)) return false;
  // In hundredths, so 105 % of a round capacity is itself, not a float a hair above it.
  return gallons * 100 > tankCapacity * (100 + TANK_TOLERANCE * 100);
}
