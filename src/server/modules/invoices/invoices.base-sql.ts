import { sql } from 'drizzle-orm';
import { minorUnits } from '../../../domain/money.js';

// How revenue is counted in the base currency, written once for every figure that counts it (the P&L,
// the invoice analytics, KPI actuals, sales and HR commissions), so that they all show one figure.

/**
 * An invoice line's amount in the base currency: its amount at its invoice's rate, rounded to the
 * base's minor units. `invoice` and `line` are the SQL aliases (quoted as names) of the invoice row and of one element
 * of its `lines` (`jsonb_array_elements(i.lines) l(value)`).
 */
export const lineInBase = (base: string, invoice = 'i', line = 'l') =>
  sql`round((${sql.identifier(line)}.value ->> 'amount')::numeric * ${sql.identifier(invoice)}.exchange_rate, ${sql.raw(String(minorUnits(base)))})`;

/** An invoice's revenue before tax in the base currency: its lines in base, each rounded, added (0 for none). */
export const netInBase = (base: string, invoice = 'i') =>
  sql`(select coalesce(sum(${lineInBase(base, invoice)}), 0) from jsonb_array_elements(${sql.identifier(invoice)}.lines) l(value))`;
