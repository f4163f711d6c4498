import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { importProbe } from '../../src/server/modules/salaries/salaries.import-execute.js';
import { inspectWorkbook } from '../../src/server/http/workbook.js';
import { salaries, salaryImports } from '../../src/server/modules/salaries/salaries.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { crc32, multipart, pdf, zip } from '../fixtures/documents.js';

// Salaries on a real server and database (both kinds): the row's rules (net, one per person and
// month, the states and what they close), and the import: template, validate, preview, execute —
// all or nothing, once per file — and the files it refuses.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());
afterEach(() => {
  delete importProbe.afterRows;
});

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(await t.auth(role)), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const upload = async (step: string, month: string, content: Buffer, extra = '', role: Role = 'hr_lead', name = 'salaries.xlsx') => {
  const body = multipart({ name, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/salary/import/${step}?month=${month}${extra}`,
    headers: { ...(await t.auth(role)), ...body.headers },
    payload: body.payload,
  });
};

const db = () => t.database.db;
const monthCount = async (month: string) =>
  (
    await db()
      .select({ n: count() })
      .from(salaries)
      .where(and(eq(salaries.month, month), isNull(salaries.archivedAt)))
  )[0]!.n;
const snapshot = async (month: string) =>
  JSON.stringify(await db().select().from(salaries).where(eq(salaries.month, month)).orderBy(salaries.id));

const HEADER = ['email', 'name', 'month', 'base', 'allowance', 'overtime', 'bonus', 'commission', 'deductions', 'currency'];
async function sheet(rows: unknown[][], header = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('salaries');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function readBook(content: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const demo = (role: Role) => t.users[role];

describe('the salary row', () => {
  const month = '2031-01';
  let id: string;

  it('computes the net exactly, answers amounts at the currency digits, and refuses a second row of the month (409)', async () => {
    const res = await call('hr_lead', 'POST', '/api/v1/salary', {
      userId: demo('developer').id,
      month,
      base: '2450',
      allowance: '150.00',
      overtime: '82.25',
      deductions: '252.53',
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Record<string, string>;
    expect(row).toMatchObject({ base: '2450.00', net: '2429.72', bonus: '0.00', status: 'draft' });
    id = row.id!;
    const again = await call('admin', 'POST', '/api/v1/salary', { userId: demo('developer').id, month, base: '1', currency: 'USD' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'salary_duplicate', issues: { month: { code: 'salary_duplicate' } } });
    // The client cannot set the net nor the status.
    const forged = await call('admin', 'PATCH', `/api/v1/salary/${id}`, { net: '1' });
    expect(forged.statusCode).toBe(400);
  });

  it('refuses more decimals than the currency has (VND) and a net below zero (422)', async () => {
    const vnd = await call('admin', 'POST', '/api/v1/salary', { userId: demo('hr').id, month, base: '25000000.5', currency: 'VND' });
    expect(vnd.statusCode).toBe(422);
    expect(vnd.json()).toMatchObject({ code: 'decimal_places', issues: { base: { code: 'decimal_places' } } });
    const neg = await call('admin', 'POST', '/api/v1/salary', {
      userId: demo('hr').id,
      month,
      base: '100',
      deductions: '100.01',
      currency: 'USD',
    });
    expect(neg.statusCode).toBe(422);
    expect(neg.json()).toMatchObject({ code: 'net_negative' });
  });

  it('approve and mark paid are audited actions; approved or paid rows cannot be edited (422 naming the status); paid is never deleted', async () => {
    const edit = await call('admin', 'PATCH', `/api/v1/salary/${id}`, { bonus: '100' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ net: '2529.72' });
    expect((await call('sale_lead', 'POST', `/api/v1/salary/${id}/mark-paid`, {})).statusCode).toBe(409);
    const approved = await call('sale_lead', 'POST', `/api/v1/salary/${id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const locked = await call('admin', 'PATCH', `/api/v1/salary/${id}`, { bonus: '200' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({
      code: 'salary_locked',
      issues: { bonus: { code: 'salary_locked', params: { status: 'approved' } } },
    });
    expect((await call('admin', 'POST', `/api/v1/salary/${id}/approve`, {})).json()).toMatchObject({ code: 'salary_status' });
    expect((await call('admin', 'POST', `/api/v1/salary/${id}/mark-paid`, {})).json()).toMatchObject({ status: 'paid' });
    const del = await call('admin', 'DELETE', `/api/v1/salary/${id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json()).toMatchObject({ code: 'salary_paid' });
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'salaries'), eq(auditLog.entityId, id)));
    expect(trail.map((e) => (e.after as { status?: string }).status)).toEqual(['draft', 'draft', 'approved', 'paid']);
    // Only the salary roles act.
    expect((await call('manager', 'POST', `/api/v1/salary/${id}/approve`, {})).statusCode).toBe(403);
  });
});

describe('the import', () => {
  it('template = the month exported: one row per active person, a currency list, and it imports back with 0 changes', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const res = await call('hr_lead', 'GET', `/api/v1/salary/import/template?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ws = await readBook(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([undefined, ...HEADER]);
    const active = (
      await db()
        .select({ n: count() })
        .from(users)
        .where(and(isNull(users.archivedAt)))
    )[0]!.n;
    expect(ws.actualRowCount - 1).toBeGreaterThanOrEqual(active - 5);
    expect(ws.getCell('J2').dataValidation).toMatchObject({ type: 'list' });
    // The seeded current month is a draft for every demo person: the amounts are filled.
    const devRow = ws.getColumn(1).values.indexOf('developer@demo.local');
    expect(devRow).toBeGreaterThan(1);
    expect(typeof ws.getRow(devRow).getCell(4).value).toBe('number');

    const before = await snapshot(month);
    const validate = await upload('validate', month, res.rawPayload);
    expect(validate.json()).toMatchObject({ errors: [] });
    const preview = await upload('preview', month, res.rawPayload);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as { counts: Record<string, number>; totals: { before: unknown; after: unknown }; previewToken: string };
    expect(p.counts.create + p.counts.update).toBe(0);
    expect(p.counts.unchanged).toBeGreaterThan(5);
    expect(p.totals.after).toEqual(p.totals.before);
    const exec = await upload('execute', month, res.rawPayload, `&previewToken=${encodeURIComponent(p.previewToken)}`);
    expect(exec.statusCode, exec.body).toBe(200);
    expect(await snapshot(month)).toBe(before);

    // A paid month too: its rows come back as they are, which is no change.
    const paidMonth = (await db().select({ month: salaries.month }).from(salaries).where(eq(salaries.status, 'paid')).limit(1))[0]!.month;
    const paid = await call('admin', 'GET', `/api/v1/salary/import/template?month=${paidMonth}`);
    const paidPreview = await upload('preview', paidMonth, paid.rawPayload);
    expect(paidPreview.statusCode, paidPreview.body).toBe(200);
    expect(paidPreview.json()).toMatchObject({ counts: { create: 0, update: 0 } });
  });

  it('a file of 1 000 rows with one bad row: validate lists exactly that row; preview and execute write nothing', async () => {
    const month = '2031-02';
    const people = await createPeople(1000, 'thousand');
    const rows = people.map((p, i) => [p.email, p.name, month, 1200 + i, 100, 0, 0, 0, 50, 'USD']);
    rows[636]![5] = 'abc';
    const file = await sheet(rows);
    const res = await upload('validate', month, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ month, rows: 1000, errors: [{ row: 638, column: 'overtime', value: 'abc', code: 'decimal' }] });
    const preview = await upload('preview', month, file);
    expect(preview.statusCode).toBe(422);
    expect(preview.json()).toMatchObject({ code: 'import_invalid' });
    const exec = await upload('execute', month, file, '&previewToken=x');
    expect(exec.statusCode).toBe(422);
    expect(await monthCount(month)).toBe(0);
    // The error file: the file's own rows with an errors column, one row per row reported.
    const errorsFile = await upload('errors', month, file);
    expect(errorsFile.statusCode).toBe(200);
    const ws = await readBook(errorsFile.rawPayload);
    expect(ws.actualRowCount).toBe(2);
    expect(ws.getRow(1).getCell(11).value).toBe('errors');
    expect(ws.getRow(2).getCell(1).value).toBe(people[636]!.email);
    expect(String(ws.getRow(2).getCell(11).value)).toContain('overtime');
  });

  it('reads a workbook whose parts are stored and whose workbook part comes after its sheets, as some writers save it, every time', async () => {
    const month = '2031-03';
    const people = await createPeople(3, 'stored');
    const written = await sheet(people.map((p, i) => [p.email, p.name, month, 1500 + i, 0, 0, 0, 0, 0, 'USD']));
    // The same parts, uncompressed, the sheets first and the workbook last.
    const parts = inspectWorkbook(written);
    const last = (name: string) => (name === 'xl/workbook.xml' ? 2 : name.startsWith('xl/worksheets/') ? 1 : 0);
    const stored = zip(Object.fromEntries([...parts].sort((a, b) => last(a.name) - last(b.name)).map((p) => [p.name, p.content])));
    // It failed now and then (the streaming reader met a sheet before the workbook): ten reads.
    for (let i = 0; i < 10; i++) {
      const res = await upload('validate', month, stored);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ month, rows: 3, errors: [] });
    }
  });

  it('every problem of every row is reported, translated by code', async () => {
    const month = '2031-03';
    const file = await sheet([
      ['nobody@nowhere.test', '', month, 100, '', '', '', '', '', 'USD'],
      [demo('hr').email, '', '2031-13', -5, '', '', '', '', '', 'XYZ'],
      [demo('sale').email, '', month, '1000.123', '', '', '', '', '', 'USD'],
      [demo('sale').email, '', month, 1000, '', '', '', '', '', 'USD'],
      [demo('manager').email, '', month, { formula: 'A1*2' }, '', '', '', '', '', 'USD'],
    ]);
    const res = await upload('validate', month, file);
    expect(
      (res.json() as { errors: Array<{ row: number; column: string; code: string }> }).errors.map((e) => `${e.row} ${e.column} ${e.code}`),
    ).toEqual([
      '2 email unknown_email',
      '3 month month',
      '3 currency choice',
      '3 base negative',
      '4 base decimal_places',
      '5 email duplicate_person',
      '6 base formula',
    ]);
  });

  it('a row changing an approved or a paid salary is refused by the API (validate, preview, execute); the same row unchanged comes back', async () => {
    const month = '2031-09';
    const salary = async (role: Role, base: string) =>
      (
        await call('admin', 'POST', '/api/v1/salary', {
          userId: demo(role).id,
          month,
          base,
          allowance: '0',
          overtime: '0',
          bonus: '0',
          commission: '0',
          deductions: '0',
          currency: 'USD',
        })
      ).json() as { id: string };
    const approved = await salary('hr', '2000.00');
    const paid = await salary('sale', '2100.00');
    for (const s of [approved, paid]) expect((await call('admin', 'POST', `/api/v1/salary/${s.id}/approve`)).statusCode).toBe(200);
    expect((await call('admin', 'POST', `/api/v1/salary/${paid.id}/mark-paid`)).statusCode).toBe(200);
    const before = await snapshot(month);

    const changed = await sheet([
      [demo('hr').email, '', month, 2500, 0, 0, 0, 0, 0, 'USD'],
      [demo('sale').email, '', month, 2100, 0, 0, 300, 0, 0, 'USD'],
    ]);
    const checked = await upload('validate', month, changed);
    expect(
      (checked.json() as { errors: Array<{ row: number; column: string; code: string }> }).errors.map(
        (e) => `${e.row} ${e.column} ${e.code}`,
      ),
    ).toEqual(['2 status salary_locked', '3 status salary_locked']);
    expect((await upload('preview', month, changed)).statusCode).toBe(422);
    const executed = await upload('execute', month, changed, '&previewToken=x');
    expect(executed.statusCode).toBe(422);
    expect(await snapshot(month)).toBe(before);

    // The month exported and imported back as it is changes nothing and is accepted.
    const same = await sheet([
      [demo('hr').email, '', month, 2000, 0, 0, 0, 0, 0, 'USD'],
      [demo('sale').email, '', month, 2100, 0, 0, 0, 0, 0, 'USD'],
    ]);
    expect((await upload('validate', month, same)).json()).toMatchObject({ errors: [] });
  });

  it('executes all or nothing: a failure in the middle leaves 0 rows changed', async () => {
    const month = '2031-04';
    const people = await createPeople(60, 'atomic');
    const file = await sheet(people.map((p, i) => [p.email, p.name, month, 900 + i, 0, 0, 0, 0, 0, 'USD']));
    const token = await previewToken(month, file);
    const audits = (await db().select({ n: count() }).from(auditLog))[0]!.n;
    importProbe.afterRows = (written) => {
      if (written >= 30) throw new Error('Injected failure in the middle of execute');
    };
    const failed = await upload('execute', month, file, `&previewToken=${token}`);
    expect(failed.statusCode).toBe(500);
    expect(await monthCount(month)).toBe(0);
    expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
    expect((await db().select({ n: count() }).from(salaryImports).where(eq(salaryImports.month, month)))[0]!.n).toBe(0);
    delete importProbe.afterRows;
    const ok = await upload('execute', month, file, `&previewToken=${token}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await monthCount(month)).toBe(60);
  });

  it('the same file executed twice applies once; the import is kept with its file', async () => {
    const month = '2031-05';
    const people = await createPeople(3, 'twice');
    const file = await sheet(people.map((p) => [p.email, p.name, month, 1500, 0, 0, 0, 0, 0, 'USD']));
    const token = await previewToken(month, file);
    const first = await upload('execute', month, file, `&previewToken=${token}`, 'hr_lead', 'may.xlsx');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      applied: true,
      import: { month, fileName: 'may.xlsx', counts: { create: 3, update: 0, unchanged: 0 } },
    });
    const second = await upload('execute', month, file, `&previewToken=${token}`, 'admin');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ applied: false, import: { id: (first.json() as { import: { id: string } }).import.id } });
    expect(await monthCount(month)).toBe(3);
    const list = await call('sale_lead', 'GET', '/api/v1/salary/imports');
    const rec = (list.json() as Array<{ id: string; sha256: string; createdByName: string }>).find(
      (r) => r.id === (first.json() as { import: { id: string } }).import.id,
    )!;
    expect(rec).toMatchObject({ createdByName: demo('hr_lead').fullName });
    expect(rec.sha256).toMatch(/^[0-9a-f]{64}$/);
    const download = await call('admin', 'GET', `/api/v1/salary/imports/${rec.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, file)).toBe(0);
    expect((await call('manager', 'GET', `/api/v1/salary/imports/${rec.id}/file`)).statusCode).toBe(403);
  });

  it('a change between preview and execute is 409 and writes nothing', async () => {
    const month = '2031-06';
    const people = await createPeople(2, 'stale');
    const first = await sheet(people.map((p) => [p.email, p.name, month, 1000, 0, 0, 0, 0, 0, 'USD']));
    await upload('execute', month, first, `&previewToken=${await previewToken(month, first)}`);
    const file = await sheet(people.map((p) => [p.email, p.name, month, 1100, 0, 0, 0, 0, 0, 'USD']));
    const preview = await upload('preview', month, file);
    expect(preview.json()).toMatchObject({
      counts: { update: 2 },
      totals: { before: { USD: '2000.00' }, after: { USD: '2200.00' } },
      changes: [{ action: 'update', fields: [{ field: 'base', old: '1000.00', new: '1100.00' }] }, { action: 'update' }],
    });
    const [row] = await db()
      .select()
      .from(salaries)
      .where(and(eq(salaries.month, month), eq(salaries.userId, people[0]!.id)));
    expect((await call('admin', 'PATCH', `/api/v1/salary/${row!.id}`, { note: 'Changed meanwhile' })).statusCode).toBe(200);
    const before = await snapshot(month);
    const exec = await upload('execute', month, file, `&previewToken=${(preview.json() as { previewToken: string }).previewToken}`);
    expect(exec.statusCode).toBe(409);
    expect(exec.json()).toMatchObject({ code: 'import_stale' });
    expect(await snapshot(month)).toBe(before);
  });

  it('refuses hostile files: not a workbook, a zip bomb, too many rows; formulas are never evaluated', async () => {
    const month = '2031-07';
    const notZip = await upload('validate', month, await pdf());
    expect(notZip.statusCode).toBe(415);
    expect(notZip.json()).toMatchObject({ code: 'file_type' });
    const notBook = await upload('validate', month, zip({ 'readme.txt': 'hello' }));
    expect(notBook.statusCode).toBe(400);
    expect(notBook.json()).toMatchObject({ code: 'not_workbook' });
    const bomb = await upload(
      'validate',
      month,
      deflatedZip({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': Buffer.alloc(40 * 1024 * 1024, 32) }),
    );
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ code: 'workbook_too_large' });
    const rowsXml = `<worksheet><sheetData>${'<row r="1"><c r="A1"><v>1</v></c></row>'.repeat(20_005)}</sheetData></worksheet>`;
    const many = await upload('validate', month, deflatedZip({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': rowsXml }));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: 'too_many_rows' });
    // A formula with a saved value is read as that value; without one it is refused (never evaluated).
    const [person] = await createPeople(1, 'formula');
    const formulas = await sheet([
      [person!.email, '', month, { formula: '1000+1', result: 1001 }, { formula: 'HYPERLINK("http://x","y")' }, 0, 0, 0, 0, 'USD'],
    ]);
    const res = await upload('validate', month, formulas);
    expect((res.json() as { errors: unknown[] }).errors).toEqual([{ row: 2, column: 'allowance', value: null, code: 'formula' }]);
    const missing = await upload('validate', month, await sheet([[1]], ['email', 'base']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'columns_missing' });
  });

  it('the template writes names that start a formula as text', async () => {
    const [person] = await createPeople(1, 'inject', '=HYPERLINK("http://evil","x")');
    const res = await call('admin', 'GET', `/api/v1/salary/import/template?month=2031-08`);
    const ws = await readBook(res.rawPayload);
    const n = ws.getColumn(1).values.indexOf(person!.email);
    const cell = ws.getRow(n).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'=HYPERLINK("http://evil","x")`);
  });
});

async function previewToken(month: string, file: Buffer) {
  const res = await upload('preview', month, file);
  expect(res.statusCode, res.body).toBe(200);
  return encodeURIComponent((res.json() as { previewToken: string }).previewToken);
}

async function createPeople(n: number, tag: string, name?: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `salary.${tag}.${i}@example.com`,
    fullName: name ?? `Salary ${tag} ${i}`,
    role: 'developer',
    status: 'active',
    passwordHash: 'x',
  }));
  const made: Array<{ id: string; email: string; name: string }> = [];
  for (let i = 0; i < rows.length; i += 500)
    made.push(
      ...(await db()
        .insert(users)
        .values(rows.slice(i, i + 500))
        .returning({ id: users.id, email: users.email, name: users.fullName })),
    );
  return made;
}

/** A zip whose entries are deflated: small on the wire, large unpacked. */
function deflatedZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    // The header claims a small size, as a hostile file would.
    local.writeUInt32LE(1000, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(1000, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
