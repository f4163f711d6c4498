import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Kpi } from '../../../domain/modules/kpi/kpi.schema.js';
import { rowColumns, timestamptz } from '../../db/columns.js';
import { statementColumns } from '../../http/statements/tables.js';

/** A person's targets of one quarter (one live row per person and quarter). */
export const kpiTargets = pgTable(
  'kpi_targets',
  {
    ...rowColumns(),
    userId: uuid().notNull(),
    year: integer().notNull(),
    quarter: integer().notNull(),
    // '2026-Q3': what lists sort and filter by, and the record's title.
    period: text().notNull(),
    metrics: jsonb().$type<Kpi['metrics']>().notNull(),
    targetBonus: numeric({ precision: 18, scale: 2, mode: 'string' }),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(period || ' ' || coalesce(note, '')))`),
  },
  (t) => [
    index('kpi_targets_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    uniqueIndex('kpi_targets_user_quarter_key')
      .on(t.userId, t.year, t.quarter)
      .where(sql`archived_at is null`),
    index('kpi_targets_period_idx').on(t.period, t.id),
  ],
);

/** The quarters' evaluations: KPI statements (statementColumns) with the lead's notes. */
export const kpiEvaluations = pgTable(
  'kpi_evaluations',
  {
    ...statementColumns(),
    notes: text(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(period || ' ' || coalesce(notes, '')))`),
  },
  (t) => [
    index('kpi_evaluations_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    uniqueIndex('kpi_evaluations_user_period_key').on(t.userId, t.period),
    index('kpi_evaluations_period_idx').on(t.period, t.id),
  ],
);
