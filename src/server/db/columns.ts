import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = () => timestamp({ withTimezone: true, mode: 'string' });

/** Columns every business row carries (DOMAIN.md). */
export const rowColumns = () => ({
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
  createdBy: uuid(),
});

export { ts as timestamptz };
