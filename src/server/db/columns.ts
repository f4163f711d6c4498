import { sql } from 'drizzle-orm';
import { customType, uuid } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * timestamptz, read as an ISO 8601 instant (2026-01-31T09:00:00.000Z) whatever text form the
 * database answers in ("2026-01-31 09:00:00.123456+00"): the API's dates are ISO strings, and a
 * record sent back whole (PUT) carries the same value it was given.
 */
const ts = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (v) => isoInstant(v),
});

// PostgreSQL's text form of an instant when the session's TimeZone is UTC (the usual server setting).
const PG_UTC_INSTANT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * An instant as ISO 8601 with milliseconds. The UTC text form is rewritten directly: `new Date()`
 * on it takes V8's slow legacy parser, five times the cost, twice per row of every list.
 * Anything else (another zone, a Date from PGlite) goes through Date.
 */
export function isoInstant(v: string | Date): string {
  const m = typeof v === 'string' ? PG_UTC_INSTANT.exec(v) : null;
  if (!m) return new Date(v).toISOString();
  return `${m[1]}T${m[2]}.${`${m[3] ?? ''}000`.slice(0, 3)}Z`;
}
/** The column default of a creation time. */
export const now = sql`now()`;

/** Columns every business row carries (DOMAIN.md). */
export const rowColumns = () => ({
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  createdAt: ts().notNull().default(now),
  updatedAt: ts().notNull().default(now),
  createdBy: uuid(),
});

export { ts as timestamptz };
