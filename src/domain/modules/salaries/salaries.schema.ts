import { z } from 'zod';
import {
  IMPORT_ACTIONS,
  importExecuteSchema as sharedImportExecute,
  importPreviewSchema as sharedPreview,
  importRecordSchema as sharedImportRecord,
  importValidationSchema as sharedValidation,
} from '../../imports.js';
import { currency, optionalText, rowShape, uuidRef } from '../../fields.js';
import { monthText } from '../invoices/invoices.schema.js';
import { decimalText } from '../../money.js';

export const SALARY_STATUS_VALUES = ['draft', 'approved', 'paid'] as const;
export type SalaryStatus = (typeof SALARY_STATUS_VALUES)[number];

/** The amounts of a salary row, in the order of the form, the list and the import sheet. */
export const SALARY_AMOUNTS = ['base', 'allowance', 'overtime', 'bonus', 'commission', 'deductions'] as const;
export type SalaryAmount = (typeof SALARY_AMOUNTS)[number];

/**
 * An amount of a salary as typed: a decimal string, not negative, at most twelve whole digits (an
 * Excel cell holds fifteen significant digits exactly) and two decimals (the server then checks the
 * currency's own digits: VND has none).
 */
export const salaryAmountText = decimalText({ whole: 12, scale: 2 });

/** A salary as the API returns it: amounts are decimal strings at the currency's minor units. */
export const salarySchema = z.object({
  ...rowShape,
  /** The person paid. */
  userId: z.uuid(),
  /** The month paid, `YYYY-MM`. */
  month: z.string(),
  base: z.string(),
  allowance: z.string(),
  overtime: z.string(),
  bonus: z.string(),
  commission: z.string(),
  deductions: z.string(),
  /** base + allowance + overtime + bonus + commission − deductions, rounded to the currency (computed by the server). */
  net: z.string(),
  currency: currency,
  status: z.enum(SALARY_STATUS_VALUES),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type Salary = z.infer<typeof salarySchema>;

/** An amount other than the base left blank in a form (`''`, null) is 0. */
const zeroWhenBlank = z.preprocess((v) => (v === '' || v === null ? '0' : v), salaryAmountText);

const fields = {
  userId: uuidRef,
  month: monthText,
  base: salaryAmountText,
  allowance: zeroWhenBlank,
  overtime: zeroWhenBlank,
  bonus: zeroWhenBlank,
  commission: zeroWhenBlank,
  deductions: zeroWhenBlank,
  currency: currency,
  note: optionalText(1000),
};
export const salaryCreateSchema = z.strictObject({
  ...fields,
  allowance: fields.allowance.default('0'),
  overtime: fields.overtime.default('0'),
  bonus: fields.bonus.default('0'),
  commission: fields.commission.default('0'),
  deductions: fields.deductions.default('0'),
  currency: fields.currency.default('USD'),
});
export const salaryUpdateSchema = z.strictObject(fields).partial();
export type SalaryCreate = z.output<typeof salaryCreateSchema>;

// The shapes every import shares (domain/imports.ts); the month's import adds its month and totals.
export { IMPORT_ACTIONS, importCountsSchema, importIssueSchema, type ImportAction, type ImportIssue } from '../../imports.js';

/** `import/*`: the month the file is for (each of its rows must say the same month). */
export const salaryImportQuerySchema = z.strictObject({ month: monthText });

/** Every import's validation, for a month. */
export const importValidationSchema = z.object({ month: z.string(), ...sharedValidation.shape });

export const importChangeSchema = z.object({
  row: z.number(),
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  month: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  currency: z.string(),
  /** The fields that change, old → new (an update); a create lists every value with `old` null. */
  fields: z.array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string() })),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/** Net per currency, before and after the import, for the people and month of the file. */
export const importTotalsSchema = z.object({ before: z.record(z.string(), z.string()), after: z.record(z.string(), z.string()) });

/** Every import's preview (the token: the month's salaries as the preview read them), for a month, with its totals and the salary's own change rows. */
export const importPreviewSchema = z.object({
  month: z.string(),
  ...sharedPreview.omit({ changes: true }).shape,
  totals: importTotalsSchema,
  changes: z.array(importChangeSchema),
});

export const importRecordSchema = sharedImportRecord.omit({ resource: true }).extend({ month: z.string(), totals: importTotalsSchema });
export type ImportRecord = z.infer<typeof importRecordSchema>;

/** `applied` is false when the same file was executed for the same month before: nothing was written again. */
export const importExecuteSchema = sharedImportExecute.extend({ import: importRecordSchema });
