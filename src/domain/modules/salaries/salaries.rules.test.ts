import { describe, expect, it } from 'vitest';
import {
  isEditable,
  planImport,
  salaryNet,
  tooManyDecimals,
  validateImportRows,
  type ExistingSalary,
  type ImportColumn,
  type ImportPerson,
  type ImportRow,
  type SalaryAmounts,
} from './salaries.rules.js';

const amounts = (base: string, allowance = '0', overtime = '0', bonus = '0', commission = '0', deductions = '0'): SalaryAmounts => ({
  base,
  allowance,
  overtime,
  bonus,
  commission,
  deductions,
});

describe('salaryNet: base + allowance + overtime + bonus + commission − deductions, rounded half up to the currency', () => {
  it.each([
    // Hand-computed.
    [amounts('2450.00', '150.00', '82.25', '0', '0', '252.53'), 'USD', '2429.72'],
    [amounts('25000000', '1500000', '555000', '0', '0', '2625000'), 'VND', '24430000'],
    [amounts('1000', '0.1', '0.2'), 'USD', '1000.30'],
    [amounts('0.005'), 'USD', '0.01'],
    [amounts('100.004'), 'EUR', '100.00'],
    [amounts('10.5'), 'VND', '11'],
    [amounts('10.4'), 'VND', '10'],
    [amounts('300000.5'), 'JPY', '300001'],
    [amounts('100', '0', '0', '0', '0', '100.005'), 'USD', '-0.01'],
    [amounts('3600.00', '120.00', '41.25', '540.00', '196.00', '378.00'), 'AED', '4119.25'],
    [amounts('999999999999.99', '0.01'), 'USD', '1000000000000.00'],
  ])('%o in %s → %s', (a, currency, net) => {
    expect(salaryNet(a, currency)).toBe(net);
  });

  it.each([
    ['1200', 0, false],
    ['1200.00', 0, false],
    ['1200.5', 0, true],
    ['12.345', 2, true],
    ['12.340', 2, false],
  ])('tooManyDecimals(%s, %d) = %s', (v, digits, expected) => {
    expect(tooManyDecimals(v, digits)).toBe(expected);
  });
});

const people = new Map<string, ImportPerson>([
  ['an@firm.vn', { id: '00000000-0000-4000-8000-000000000001', email: 'an@firm.vn', name: 'Nguyễn Văn An', archived: false }],
  ['binh@firm.vn', { id: '00000000-0000-4000-8000-000000000002', email: 'binh@firm.vn', name: 'Trần Bình', archived: false }],
  ['chi@firm.vn', { id: '00000000-0000-4000-8000-000000000003', email: 'chi@firm.vn', name: 'Lê Chi', archived: true }],
  ['dung@firm.vn', { id: '00000000-0000-4000-8000-000000000004', email: 'dung@firm.vn', name: 'Phạm Dũng', archived: false }],
]);
const existingRow = (userId: string, status: ExistingSalary['status'], base = '20000000', currency = 'VND'): ExistingSalary => ({
  id: `10000000-0000-4000-8000-${userId.slice(-12)}`,
  userId,
  currency,
  status,
  ...amounts(base),
  net: base,
});

let n = 1;
const row = (cells: Partial<Record<ImportColumn, string>>): ImportRow => ({
  row: ++n,
  cells: Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, { text: v }])),
});
const good = { email: 'an@firm.vn', month: '2026-05', base: '20000000', currency: 'VND' };
const codes = (rows: ImportRow[], existing = new Map<string, ExistingSalary>()) =>
  validateImportRows(rows, { month: '2026-05', people, existing }).errors.map((e) => `${e.row} ${e.column} ${e.code}`);

describe('isEditable: only a draft changes', () => {
  it.each([
    ['draft', true],
    ['approved', false],
    ['paid', false],
  ] as const)('a %s salary: %s', (status, editable) => expect(isEditable(status)).toBe(editable));
});

describe('validateImportRows: the code of each bad cell, every problem of every row', () => {
  it.each<[string, Partial<Record<ImportColumn, string>>, string[]]>([
    ['a good row', good, []],
    ['an unknown e-mail', { ...good, email: 'nobody@firm.vn' }, ['email unknown_email']],
    ['no e-mail', { ...good, email: '' }, ['email required']],
    ['an archived person', { ...good, email: 'chi@firm.vn' }, ['email archived_person']],
    ['an e-mail in another case', { ...good, email: 'AN@Firm.VN' }, []],
    ['a bad month', { ...good, month: '2026-13' }, ['month month']],
    ['a month as text', { ...good, month: 'May 2026' }, ['month month']],
    ['another month', { ...good, month: '2026-04' }, ['month month_other']],
    ['a negative amount', { ...good, bonus: '-5' }, ['bonus negative']],
    ['a non-numeric amount', { ...good, overtime: '12,5' }, ['overtime decimal']],
    ['words for an amount', { ...good, allowance: 'một triệu' }, ['allowance decimal']],
    ['cents on VND', { ...good, base: '20000000.5' }, ['base decimal_places']],
    ['zero cents on VND', { ...good, base: '20000000.00' }, []],
    ['three decimals in USD', { ...good, currency: 'USD', base: '2450.125' }, ['base decimal_places']],
    ['thirteen whole digits', { ...good, base: '1234567890123' }, ['base decimal_too_big']],
    ['no base', { ...good, base: '', bonus: '100000' }, ['base required']],
    ['an unknown currency', { ...good, currency: 'XYZ' }, ['currency choice']],
    ['no currency', { ...good, currency: '' }, ['currency required']],
    ['deductions over the pay', { ...good, deductions: '20000001' }, ['deductions net_negative']],
    [
      'three problems at once',
      { ...good, email: 'x@y.z', month: '2026', base: 'abc' },
      ['email unknown_email', 'month month', 'base decimal'],
    ],
  ])('%s', (_name, cells, expected) => {
    const r = row(cells);
    expect(codes([r])).toEqual(expected.map((e) => `${r.row} ${e}`));
  });

  it('a person twice: the second row names the first', () => {
    const [a, b] = [row(good), row(good)];
    const { errors } = validateImportRows([a, b], { month: '2026-05', people, existing: new Map() });
    expect(errors).toEqual([{ row: b.row, column: 'email', value: 'an@firm.vn', code: 'duplicate_person', params: { row: a.row } }]);
  });

  it('a row changing an approved or paid salary is refused naming its status; the same figures, or a draft, are not', () => {
    const existing = new Map([
      [people.get('an@firm.vn')!.id, existingRow(people.get('an@firm.vn')!.id, 'approved')],
      [people.get('binh@firm.vn')!.id, existingRow(people.get('binh@firm.vn')!.id, 'paid')],
      [people.get('dung@firm.vn')!.id, existingRow(people.get('dung@firm.vn')!.id, 'draft')],
    ]);
    const rows = [
      row({ ...good, bonus: '1' }),
      row({ ...good, email: 'binh@firm.vn', base: '20000001' }),
      row({ ...good, email: 'dung@firm.vn', base: '1' }),
      row({ ...good, email: 'binh@firm.vn', base: '20000000' }),
    ];
    const { errors } = validateImportRows(rows.slice(0, 3), { month: '2026-05', people, existing });
    expect(validateImportRows(rows.slice(3), { month: '2026-05', people, existing }).errors).toEqual([]);
    expect(errors.map((e) => [e.row, e.column, e.code, e.params])).toEqual([
      [rows[0]!.row, 'status', 'salary_locked', { status: 'approved' }],
      [rows[1]!.row, 'status', 'salary_locked', { status: 'paid' }],
    ]);
  });

  it('a formula without a saved value is refused; blank rows and rows without amounts are skipped', () => {
    const formula: ImportRow = { row: 40, cells: { ...row(good).cells, base: { text: null, formulaWithoutValue: true } } };
    const blank = row({});
    const noAmounts = row({ email: 'binh@firm.vn', month: '2026-05', currency: 'VND' });
    const result = validateImportRows([formula, blank, noAmounts], { month: '2026-05', people, existing: new Map() });
    expect(result.errors.map((e) => `${e.row} ${e.column} ${e.code}`)).toEqual(['40 base formula']);
    expect(result.read).toBe(1);
  });

  it('blank amounts other than base are 0, amounts come back at the currency digits', () => {
    const { parsed } = validateImportRows([row({ ...good, currency: 'usd', base: '2450.5' })], {
      month: '2026-05',
      people,
      existing: new Map(),
    });
    expect(parsed[0]).toMatchObject({ currency: 'USD', amounts: amounts('2450.50', '0.00', '0.00', '0.00', '0.00', '0.00') });
  });
});

describe('planImport: create, update with each field old → new, unchanged, and the totals', () => {
  it('classifies each person and sums the month per currency before and after', () => {
    const an = people.get('an@firm.vn')!;
    const binh = people.get('binh@firm.vn')!;
    const dung = people.get('dung@firm.vn')!;
    const existing = new Map([
      [an.id, existingRow(an.id, 'draft', '20000000')],
      [binh.id, existingRow(binh.id, 'draft', '18000000')],
      // Someone not in the file: counted in both totals, untouched.
      ['00000000-0000-4000-8000-000000000009', existingRow('00000000-0000-4000-8000-000000000009', 'paid', '1500.00', 'USD')],
    ]);
    const rows = [
      row({ ...good, base: '20000000.00' }),
      row({ ...good, email: 'binh@firm.vn', base: '18500000', bonus: '1000000' }),
      row({ ...good, email: 'dung@firm.vn', base: '2300', currency: 'USD', deductions: '241.50' }),
    ];
    const { parsed, errors } = validateImportRows(rows, { month: '2026-05', people, existing });
    expect(errors).toEqual([]);
    const plan = planImport(parsed, existing, [...existing.values()]);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 1 });
    expect(plan.changes.map((c) => [c.email, c.action])).toEqual([
      ['an@firm.vn', 'unchanged'],
      ['binh@firm.vn', 'update'],
      ['dung@firm.vn', 'create'],
    ]);
    expect(plan.changes[1]!.fields).toEqual([
      { field: 'base', old: '18000000', new: '18500000' },
      { field: 'bonus', old: '0', new: '1000000' },
    ]);
    expect(plan.changes[2]!.fields).toContainEqual({ field: 'deductions', old: null, new: '241.50' });
    expect(plan.changes[2]!.userId).toBe(dung.id);
    // Before: 20 000 000 + 18 000 000 VND, 1 500 USD. After: Bình's 19 500 000, Dũng's 2 058.50 USD.
    expect(plan.totals).toEqual({ before: { USD: '1500.00', VND: '38000000' }, after: { USD: '3558.50', VND: '39500000' } });
  });

  it('a change of currency alone is an update', () => {
    const an = people.get('an@firm.vn')!;
    const existing = new Map([[an.id, existingRow(an.id, 'draft', '2000', 'USD')]]);
    const { parsed } = validateImportRows([row({ ...good, base: '2000', currency: 'EUR' })], { month: '2026-05', people, existing });
    expect(planImport(parsed, existing, [...existing.values()]).changes[0]).toMatchObject({
      action: 'update',
      fields: [{ field: 'currency', old: 'USD', new: 'EUR' }],
    });
  });
});
