import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import {
  SALARY_AMOUNTS,
  type ImportIssue,
  type ImportRecord,
  type SalaryStatus,
} from '../../../domain/modules/salaries/salaries.schema.js';
import {
  planImport,
  validateImportRows,
  type ExistingSalary,
  type ImportPerson,
  type ImportPlan,
  type ParsedRow,
} from '../../../domain/modules/salaries/salaries.rules.js';
import { formatMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { users } from '../users/users.table.js';
import type { SalaryRow } from './salaries.service.js';
import { salaries, salaryImports } from './salaries.table.js';
import { readSheet, type ReadSheet } from './salaries.workbook.js';

// What the salary import's steps share: the sheet read and checked against the people and the
// month's salaries as they are now, the month's digest, the plan, and the imports kept.

type Reader = Pick<Db, 'select' | 'execute' | 'insert' | 'delete'>;

/** The import's routes: their tag, their access and where they live. */
export const importRoute = {
  tags: [salariesResource.name],
  access: { resource: salariesResource.name, action: 'import' },
  base: `/${salariesResource.path}/import`,
};

export const upload = {
  multipartBody: {
    fields: {
      file: {
        description: 'The filled sheet (.xlsx), at most the server’s file limit; formulas are read as their saved values',
        binary: true,
      },
    },
    required: ['file'],
  },
};

/** The people an import may name, by lower-cased e-mail. */
async function peopleByEmail(db: Reader): Promise<Map<string, ImportPerson>> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.fullName, status: users.status, archivedAt: users.archivedAt })
    .from(users)
    .orderBy(asc(users.archivedAt));
  const map = new Map<string, ImportPerson>();
  // A live account wins over an archived one with the same address.
  for (const r of rows.reverse())
    map.set(r.email.toLowerCase(), { id: r.id, email: r.email, name: r.name, archived: !!r.archivedAt || r.status === 'inactive' });
  return map;
}

const toExisting = (r: SalaryRow): ExistingSalary => ({
  id: r.id,
  userId: r.userId,
  currency: r.currency,
  status: r.status as SalaryStatus,
  net: formatMoney(r.net, r.currency),
  ...(Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, formatMoney(r[f], r.currency)])) as Record<(typeof SALARY_AMOUNTS)[number], string>),
});

export async function monthRows(db: Reader, month: string, lock = false): Promise<SalaryRow[]> {
  const q = db
    .select()
    .from(salaries)
    .where(and(eq(salaries.month, month), isNull(salaries.archivedAt)))
    .orderBy(asc(salaries.id));
  return lock ? (q as unknown as { for: (s: 'update') => Promise<SalaryRow[]> }).for('update') : q;
}

/** The month's salaries as a digest: execute compares it with the preview's (409 `import_stale` when they differ). */
export const monthDigest = (rows: readonly SalaryRow[]) =>
  createHash('sha256')
    .update(JSON.stringify(rows.map((r) => [r.id, r.updatedAt, r.status, r.currency, ...SALARY_AMOUNTS.map((f) => r[f])])))
    .digest('base64url');

export interface Checked {
  sheet: ReadSheet;
  errors: ImportIssue[];
  parsed: ParsedRow[];
  read: number;
  rows: SalaryRow[];
  existing: Map<string, ExistingSalary>;
}

/** Reads and validates the sheet against the people and the month's salaries as they are now. */
export async function check(db: Reader, content: Buffer, month: string, lock = false, raw = false): Promise<Checked> {
  // A closed month takes no import: said at the first step, not only at the last (decision 017).
  await assertMonthsOpen(db, salariesResource.closesWithMonth, undefined, { month });
  const sheet = await readSheet(content, { raw });
  const [people, rows] = [await peopleByEmail(db), await monthRows(db, month, lock)];
  const existing = new Map(rows.map((r) => [r.userId, toExisting(r)]));
  const { errors, parsed, read } = validateImportRows(sheet.rows, { month, people, existing });
  return { sheet, errors, parsed, read, rows, existing };
}

export const invalid = (errors: ImportIssue[]) =>
  new AppError(422, `The file has ${errors.length} error(s): validate it and fix them first`, {
    code: 'import_invalid',
    issues: { file: { code: 'import_invalid', params: { errors: errors.length } } },
  });

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function importRecord(db: Reader, where: ReturnType<typeof eq>): Promise<ImportRecord | undefined> {
  const [r] = await db
    .select({ i: salaryImports, name: users.fullName })
    .from(salaryImports)
    .leftJoin(users, eq(users.id, salaryImports.createdBy))
    .where(where)
    .limit(1);
  return r ? recordOf(r.i, r.name) : undefined;
}
export const recordOf = (i: typeof salaryImports.$inferSelect, name: string | null): ImportRecord => ({
  id: i.id,
  month: i.month,
  fileName: i.fileName,
  sha256: i.sha256,
  fileId: i.fileId,
  counts: i.counts,
  totals: i.totals,
  createdAt: i.createdAt,
  createdBy: i.createdBy,
  createdByName: name,
});

/** What the file would change: what preview shows and execute applies. */
export const planOf = (c: Checked): ImportPlan => planImport(c.parsed, c.existing, [...c.existing.values()]);
