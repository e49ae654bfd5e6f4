import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Binary data (photos, files): a Buffer in and out, whichever driver (pg or PGlite) read it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** An instant: every time the app stores is a timestamp with time zone. */
export const tz = (name: string) => timestamp(name, { withTimezone: true });

/** A row's id: a random uuid. A builder per call: drizzle binds each builder to one table. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => tz('created_at').notNull().defaultNow();

/** When the row last changed. */
export const updatedAt = () => tz('updated_at').notNull().defaultNow();
