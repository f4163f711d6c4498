import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PNL_DRILL_MEASURES, PNL_GROUPS } from './pnl.rules.js';
import {
  pnlDrillSchema,
  pnlFactSchema,
  pnlRowSchema,
  pnlSchema,
  type Pnl,
  type PnlDrill,
  type PnlFact,
  type PnlRow,
} from './pnl.schema.js';
import { id } from '../../../../tests/fixtures/schema-issues.js';

// The P&L's answers go out through these schemas (the server's serializer): what they do not
// declare never leaves the server, so every figure must survive a parse.

const figures = {
  revenue: '12000.00',
  salaryCost: '6500.00',
  bonuses: '500.00',
  commissions: '300.00',
  externalCost: '500.00',
  profit: '4200.00',
  margin: '0.35',
  masked: false,
};
// A role without the Salary section, where fewer people's pay is summed than it may read.
const masked = { ...figures, salaryCost: null, bonuses: null, commissions: null, profit: null, margin: null, masked: true };
const row: PnlRow = { key: id(1), label: 'Portal', customerName: 'Acme', ...figures };
const overhead: PnlRow = { key: 'overhead', label: 'Overhead', customerName: null, ...masked, revenue: '0.00', margin: null };

const pnl: Pnl = {
  baseCurrency: 'USD',
  from: '2026-01',
  to: '2026-03',
  groupBy: 'project',
  months: ['2026-01', '2026-02', '2026-03'],
  closedMonths: ['2026-01'],
  frozenMonths: ['2026-01'],
  salaryDetail: true,
  missingRates: [{ currency: 'VND', month: '2026-03' }],
  rows: [row, overhead],
  totals: figures,
};

const fact: PnlFact = {
  month: '2026-01',
  sourceId: id(2),
  ref: 'INV-2026-0001',
  description: 'Senior developer, January',
  customerId: id(3),
  customerName: 'Acme',
  projectId: id(1),
  projectName: 'Portal',
  personId: id(4),
  personName: 'Trần Văn An',
  sourceAmount: '250000000',
  sourceCurrency: 'VND',
  rate: '0.00004',
  basis: 'hours',
  weight: '160',
  weightTotal: '168',
  line: 1,
  amount: '9523.81',
};
// A salary's fact: no invoice number, no line.
const salaryFact: PnlFact = { ...fact, ref: null, description: null, line: null, customerId: null, customerName: null };
const drill: PnlDrill = { baseCurrency: 'USD', measure: 'revenue', total: '19047.62', count: 2, offset: 0, rows: [fact, salaryFact] };

describe('the P&L answers', () => {
  it.each([
    ['a row', pnlRowSchema, row],
    ['the overhead row with its figures hidden', pnlRowSchema, overhead],
    ['the P&L', pnlSchema, pnl],
    ['a P&L with hidden totals and no rows', pnlSchema, { ...pnl, salaryDetail: false, missingRates: [], rows: [], totals: masked }],
    ['a fact', pnlFactSchema, fact],
    ['a salary fact', pnlFactSchema, salaryFact],
    ['a drill', pnlDrillSchema, drill],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each(PNL_GROUPS)('is grouped by %s', (groupBy) => {
    expect(pnlSchema.safeParse({ ...pnl, groupBy }).success).toBe(true);
  });

  it.each(PNL_DRILL_MEASURES)('drills into %s', (measure) => {
    expect(pnlDrillSchema.safeParse({ ...drill, measure }).success).toBe(true);
  });

  it.each([
    ['a row without its revenue', pnlRowSchema, { ...row, revenue: undefined }],
    ['a row with revenue hidden', pnlRowSchema, { ...row, revenue: null }],
    ['a row without its masked flag', pnlRowSchema, { ...row, masked: undefined }],
    ['a P&L grouped by week', pnlSchema, { ...pnl, groupBy: 'week' }],
    ['a P&L without its base currency', pnlSchema, { ...pnl, baseCurrency: undefined }],
    ['a missing rate without its month', pnlSchema, { ...pnl, missingRates: [{ currency: 'VND' }] }],
    ['totals without their commissions', pnlSchema, { ...pnl, totals: { ...figures, commissions: undefined } }],
    ['totals without their bonuses', pnlSchema, { ...pnl, totals: { ...figures, bonuses: undefined } }],
    ['a fact without its amount', pnlFactSchema, { ...fact, amount: undefined }],
    ['a fact without its month', pnlFactSchema, { ...fact, month: undefined }],
    ['a drill into profit (a difference, no rows of its own)', pnlDrillSchema, { ...drill, measure: 'profit' }],
    ['a drill at a fractional offset', pnlDrillSchema, { ...drill, offset: 0.5 }],
    ['a drill without its base currency', pnlDrillSchema, { ...drill, baseCurrency: undefined }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
