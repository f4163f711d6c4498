import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, now, timestamptz } from '../../db/columns.js';

/**
 * The firm's own details as its documents print them (the invoice's letterhead and payment block):
 * one row, edited by an admin. Absent, the environment's FIRM_NAME and FIRM_LOGO_PATH stand in.
 */
export const firmSettings = pgTable(
  'firm_settings',
  {
    // Always 1: the firm has one set of details.
    id: integer().primaryKey().default(1),
    name: text().notNull(),
    address: text(),
    taxId: text(),
    paymentDetails: text(),
    language: text().notNull().default('en'),
    logo: bytea(),
    logoType: text(),
    updatedAt: timestamptz().notNull().default(now),
    updatedBy: uuid(),
  },
  (t) => [check('firm_settings_one_row', sql`${t.id} = 1`)],
);
