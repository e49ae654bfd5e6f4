import { date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { company } from './company';
import { user } from './user';

/**
 * The company's fuel prices (issue 45): one row per fuel type and start date ("diesel $3.89 a gallon
 * from Nov 1"). A fill-up without its own price or cost is valued at the price in force on its date
 * (domain/fuel.ts priceInForce). `price` is per `volume_unit` (gal or L), as the manager typed it.
 * Written only by the fuel-prices module.
 */
export const fuelPrice = pgTable(
  'fuel_price',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    /** gas | diesel (the API's one fuel vocabulary, gasoline read as gas). */
    fuelType: text('fuel_type').notNull(),
    price: numeric('price', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    /** gal | L: the unit the price is per. */
    volumeUnit: text('volume_unit').notNull(),
    from: date('from', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fuel_price_company_idx').on(t.companyId, t.fuelType, t.from)],
);
