import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ScaleLevel } from '../../../domain/modules/kpi/kpi.rules.js';
import { rowColumns, timestamptz } from '../../db/columns.js';

/** The bonus rules' versions, each from a quarter ('2026-Q1') until the next one. */
export const bonusScales = pgTable(
  'bonus_scales',
  {
    ...rowColumns(),
    effectiveFrom: text().notNull(),
    levels: jsonb().$type<ScaleLevel[]>().notNull(),
    fundPercent: numeric({ precision: 6, scale: 2, mode: 'string' }).notNull(),
    fundThreshold: numeric({ precision: 6, scale: 2, mode: 'string' }).notNull(),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(effective_from || ' ' || coalesce(note, '')))`),
  },
  (t) => [
    uniqueIndex('bonus_scales_effective_from_key')
      .on(t.effectiveFrom)
      .where(sql`archived_at is null`),
    index('bonus_scales_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);
