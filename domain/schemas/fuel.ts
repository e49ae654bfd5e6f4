import { z } from 'zod';
import { fuelTypeOfWord, fuelTypeWords } from '../kinds';
import { fuelMessages as m } from '../messages/fuel';
import { volumeUnits } from '../fuel';
import { dateSchema } from './primitives';

/**
 * Fuel prices and the company's volume unit (issue 45). `GET/POST /api/fuel-prices`,
 * `PUT /api/fuel-unit`. A price is per its own unit (gal or L) and in force from its date.
 */
export const volumeUnitSchema = z.enum(volumeUnits, { error: m.unitInvalid });

/** A money amount typed: 0 or more, at most 1,000,000 (a fill-up's price or cost). */
export const moneySchema = (message: string) =>
  z.number({ error: message }).finite({ error: message }).min(0, message).max(1_000_000, message);

export const fuelPriceInputSchema = z.object({
  /** gas, gasoline (read as gas) or diesel: the one fuel vocabulary of the API. */
  fuelType: z.enum(fuelTypeWords, { error: m.fuelTypeInvalid }).transform(fuelTypeOfWord),
  price: moneySchema(m.priceInvalid),
  volumeUnit: volumeUnitSchema,
  /** The first day it is in force (YYYY-MM-DD), not after the company's today. */
  from: dateSchema,
});
export type FuelPriceInput = z.output<typeof fuelPriceInputSchema>;
export type FuelPriceFormValues = z.input<typeof fuelPriceInputSchema>;

export const fuelPriceDtoSchema = z.object({
  id: z.string(),
  fuelType: z.enum(['gas', 'diesel']),
  /** Per `volumeUnit`. */
  price: z.number(),
  volumeUnit: z.enum(volumeUnits),
  from: z.string(),
  createdAt: z.string(),
});
export type FuelPriceDto = z.infer<typeof fuelPriceDtoSchema>;

export const fuelPricesDtoSchema = z.object({
  /** The company's unit: every fuel volume is shown and typed in it. */
  volumeUnit: z.enum(volumeUnits),
  /** Newest start first, per fuel type. */
  prices: z.array(fuelPriceDtoSchema),
});
export type FuelPricesDto = z.infer<typeof fuelPricesDtoSchema>;

export const fuelUnitInputSchema = z.object({ volumeUnit: volumeUnitSchema });
export type FuelUnitInput = z.infer<typeof fuelUnitInputSchema>;
