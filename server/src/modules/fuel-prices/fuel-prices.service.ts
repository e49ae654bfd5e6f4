/**
 * The company's fuel prices and volume unit (issue 45): prices per fuel type with a start date, which
 * value every fill-up without a price of its own (domain/fuel.ts fillUpValue), and whether fuel is
 * counted in gallons or litres. The one writer of `fuel_price` and of `company.volume_unit`.
 */
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { FuelPriceEntry, VolumeUnit } from '@domain/fuel';
import { asVolumeUnit } from '@domain/fuel';
import type {
  FuelPriceDto,
  FuelPriceInput,
  FuelPricesDto,
  FuelUnitInput,
} from '@domain/schemas/fuel';
import type { DbOrTx } from '../../db/client';
import { company, fuelPrice } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { companyToday } from '../equipment/index';

type Row = typeof fuelPrice.$inferSelect;
const toDto = (r: Row): FuelPriceDto => ({
  id: r.id,
  fuelType: r.fuelType === 'diesel' ? 'diesel' : 'gas',
  price: r.price,
  volumeUnit: asVolumeUnit(r.volumeUnit),
  from: r.from,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/fuel-prices: the company's unit and its prices, per fuel type, newest start first. */
export async function listFuelPrices(deps: Deps, ctx: CompanyContext): Promise<FuelPricesDto> {
  const rows = await deps.db
    .select()
    .from(fuelPrice)
    .where(eq(fuelPrice.companyId, ctx.companyId))
    .orderBy(asc(fuelPrice.fuelType), desc(fuelPrice.from), desc(fuelPrice.createdAt));
  return { volumeUnit: asVolumeUnit(ctx.company.volumeUnit), prices: rows.map(toDto) };
}

/** POST /api/fuel-prices: a price from a day on; not from a day after the company's today. */
export async function addFuelPrice(
  deps: Deps,
  ctx: CompanyContext,
  input: FuelPriceInput,
): Promise<FuelPriceDto> {
  if (input.from > companyToday(deps, ctx))
    throw new AppError('validation', 'fuel.fromFuture', {
      fieldErrors: { from: 'fuel.fromFuture' },
    });
  const [row] = await deps.db
    .insert(fuelPrice)
    .values({
      companyId: ctx.companyId,
      fuelType: input.fuelType,
      price: Number(input.price.toFixed(4)),
      volumeUnit: input.volumeUnit,
      from: input.from,
      createdBy: ctx.userId,
      createdAt: deps.now(),
    })
    .returning();
  return toDto(row!);
}

/** PUT /api/fuel-unit: gallons or litres for the company (its stored volumes do not change). */
export async function setVolumeUnit(
  deps: Deps,
  ctx: CompanyContext,
  input: FuelUnitInput,
): Promise<{ volumeUnit: VolumeUnit }> {
  await deps.db
    .update(company)
    .set({ volumeUnit: input.volumeUnit, updatedAt: deps.now() })
    .where(eq(company.id, ctx.companyId));
  return { volumeUnit: input.volumeUnit };
}

/** The prices in force up to a day (the reports value fill-ups with them). */
export async function pricesUpTo(
  db: DbOrTx,
  companyId: string,
  day: string,
): Promise<FuelPriceEntry[]> {
  const rows = await db
    .select()
    .from(fuelPrice)
    .where(and(eq(fuelPrice.companyId, companyId), lte(fuelPrice.from, day)));
  return rows.map((r) => ({
    fuelType: r.fuelType === 'diesel' ? 'diesel' : 'gas',
    price: r.price,
    volumeUnit: asVolumeUnit(r.volumeUnit),
    from: r.from,
  }));
}
