import { index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { StatementInput, StatementLine } from '../../../domain/statements.js';
import { now, rowColumns, timestamptz } from '../../db/columns.js';

/**
 * The columns of every statement table (a KPI evaluation, a bonus, a commission): the person and
 * period, the state, and the computation as it was last stored — for a draft, as of `computedAt`;
 * once approved, frozen. Each kind keeps its own table (its own extra columns, its own row scope).
 */
export const statementColumns = () => ({
  ...rowColumns(),
  userId: uuid().notNull(),
  period: text().notNull(),
  state: text().notNull().default('draft'),
  ruleVersion: text().notNull(),
  inputs: jsonb().$type<StatementInput[]>().notNull(),
  lines: jsonb().$type<StatementLine[]>().notNull(),
  missing: jsonb().$type<string[]>().notNull().default([]),
  total: numeric({ precision: 18, scale: 4, mode: 'string' }).notNull(),
  unit: text().notNull(),
  computedAt: timestamptz().notNull().default(now),
  approvedAt: timestamptz(),
  approvedBy: uuid(),
  paidAt: timestamptz(),
  paidBy: uuid(),
});

/**
 * A person's question on one line of a statement, and the lead's answer. `statement` names the
 * statement resource (`kpi-evaluations`) and `statementId` its row; names are kept as they were asked.
 */
export const statementQuestions = pgTable(
  'statement_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    statement: text().notNull(),
    statementId: uuid().notNull(),
    line: text().notNull(),
    text: text().notNull(),
    askedBy: uuid().notNull(),
    askedByName: text().notNull(),
    askedAt: timestamptz().notNull().default(now),
    answer: text(),
    answeredBy: uuid(),
    answeredByName: text(),
    answeredAt: timestamptz(),
  },
  (t) => [index('statement_questions_statement_idx').on(t.statement, t.statementId, t.askedAt)],
);
