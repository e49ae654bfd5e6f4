import { customType } from 'drizzle-orm/pg-core';

/** Binary data (photos, files): a Buffer in and out, whichever driver (pg or PGlite) read it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
