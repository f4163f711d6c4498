import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { importPreviewSchema } from '../../src/domain/imports.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { storedZip } from '../../src/server/stored-zip.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { deflatedZip, multipart, pdf, zip } from '../fixtures/documents.js';
import { partsOf } from '../fixtures/zip-parts.js';
import { lastCodeSentTo } from '../fixtures/mail.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { NO_PASSWORD_HASH } from '../../src/server/modules/auth/passwords.js';

// The kit's import, on customers, projects and users: validate → preview → execute, all or nothing,
// once per file, stale previews refused, every row by the resource's own rules and the caller's
// rights, references by the names people write, .xlsx from other writers and .csv.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

type Step = 'validate' | 'preview' | 'execute' | 'errors';
const send = async (path: string, step: Step, content: Buffer, opts: { role?: Role; name?: string; token?: string } = {}) => {
  const body = multipart({ name: opts.name ?? 'sheet.xlsx', content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}/import/${step}${opts.token ? `?previewToken=${encodeURIComponent(opts.token)}` : ''}`,
    headers: { ...(await t.auth(opts.role ?? 'admin')), ...body.headers },
    payload: body.payload,
  });
};
/** Preview, then execute with its token. */
const previewAndExecute = async (path: string, content: Buffer, role: Role = 'admin') => {
  const preview = await send(path, 'preview', content, { role });
  expect(preview.statusCode, preview.body.slice(0, 500)).toBe(200);
  return send(path, 'execute', content, { role, token: preview.json().previewToken });
};

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const get = async (url: string, role: Role = 'admin') => t.app.inject({ url: `/api/v1/${url}`, headers: await t.auth(role) });
const total = async (url: string) => (await get(`${url}${url.includes('?') ? '&' : '?'}_start=0&_end=1`)).headers['x-total-count'];

describe('all or nothing', () => {
  const HEAD = ['name', 'code', 'country', 'currency', 'ownerSaleId'];
  const rowsOf = (n: number, tag: string, bad: Record<number, Partial<Record<string, string>>> = {}) =>
    Array.from({ length: n }, (_, i) => {
      const row: Record<string, string> = {
        name: `Khách hàng ${tag} ${i + 1}`,
        code: `${tag}${String(i + 1).padStart(4, '0')}`,
        country: 'VN',
        currency: 'USD',
        ownerSaleId: t.users.sale.email,
      };
      return HEAD.map((h) => ({ ...row, ...bad[i + 2] })[h] ?? null);
    });

  it('1 000 customers with 3 bad rows: exactly those 3 reported, nothing written', async () => {
    const before = await total('customers');
    const file = await sheet([
      HEAD,
      ...rowsOf(1000, 'BAD', { 101: { name: '' }, 502: { country: 'XX' }, 803: { ownerSaleId: 'Nobody Of That Name' } }),
    ]);
    const validate = await send('customers', 'validate', file);
    expect(validate.statusCode).toBe(200);
    const v = validate.json();
    expect(v.rows).toBe(1000);
    expect(v.errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code])).toEqual([
      [101, 'name', 'required'],
      // The country's own rule names it: an ISO code of the list.
      [502, 'country', 'country'],
      [803, 'ownerSaleId', 'ref_not_found'],
    ]);
    expect(v.errors[2]).toMatchObject({ value: 'Nobody Of That Name' });
    const preview = await send('customers', 'preview', file);
    expect(preview.statusCode).toBe(422);
    expect(preview.json()).toMatchObject({ code: 'import_invalid', issues: { file: { params: { errors: 3 } } } });
    const execute = await send('customers', 'execute', file, { token: 'anything' });
    expect(execute.statusCode).toBe(422);
    expect(await total('customers')).toBe(before);

    // The error file: the 3 rows as written, with what is wrong with each.
    const errors = await send('customers', 'errors', file, { name: 'customers.xlsx' });
    expect(errors.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).getCell(6).value).toBe('errors');
    expect(ws.getRow(4).getCell(5).value).toBe('Nobody Of That Name');
    expect(String(ws.getRow(4).getCell(6).value)).toContain('ref_not_found');
  });

  it("a rule only the resource's own write knows (a phone another candidate has) is reported by validate, by row and column", async () => {
    const [other] = (await get('candidates?_start=0&_end=1&sort=fullName')).json();
    const before = await total('candidates');
    const content = await sheet([
      ['fullName', 'email', 'phone'],
      ['Phạm Thu Hà', 'pham.thu.ha@example.vn', '+84 90 111 2233'],
      ['Lý Minh Khoa', 'ly.minh.khoa@example.vn', other.phone],
    ]);
    const v = (await send('candidates', 'validate', content)).json();
    expect(v.errors).toEqual([expect.objectContaining({ row: 3, column: 'phone', value: other.phone })]);
    expect((await send('candidates', 'preview', content)).statusCode).toBe(422);
    expect(await total('candidates')).toBe(before);
  });
});

describe('execute', () => {
  it('applies a file once: a second execute answers the first import; the file and the audit entry are kept', async () => {
    const content = await sheet([
      ['name', 'code', 'currency'],
      ['Hà Nội Edutech Một', 'ONCE1', 'VND'],
      ['Sài Gòn Logistics', 'ONCE2', 'USD'],
    ]);
    const before = Number(await total('customers'));
    const first = await previewAndExecute('customers', content);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      applied: true,
      import: { resource: 'customers', counts: { create: 2, update: 0, unchanged: 0 } },
    });
    const id = first.json().import.id;
    expect(Number(await total('customers'))).toBe(before + 2);
    const again = await send('customers', 'execute', content, { token: 'whatever' });
    expect(again.json()).toEqual({ applied: false, import: first.json().import });
    expect(Number(await total('customers'))).toBe(before + 2);

    const list = (await get('customers/imports')).json();
    expect(list[0]).toMatchObject({
      id,
      sha256: createHash('sha256').update(content).digest('hex'),
      createdByName: t.users.admin.fullName,
    });
    const file = await get(`customers/imports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, content)).toBe(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'imports'), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ resource: 'customers', fileId: first.json().import.fileId, counts: { create: 2 } });
    // Each row has its own History entry, as a form's create writes it.
    const made = (await get('customers?code=ONCE1')).json()[0];
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customers'), eq(auditLog.entityId, made.id)));
    expect(rows.map((r) => r.action)).toEqual(['created']);
    // An import of another resource is not this one's.
    expect((await get(`projects/imports/${id}/file`)).statusCode).toBe(404);
    // The preview is written as built, not through its schema: it is exactly the schema's shape, key by key.
    const next = await sheet([
      ['name', 'code', 'currency'],
      ['Hà Nội Edutech Hai', 'ONCE1', 'VND'],
      ['Sài Gòn Logistics', 'ONCE2', 'USD'],
      ['Huế Travel', 'ONCE3', 'VND'],
    ]);
    const preview = await send('customers', 'preview', next);
    expect(preview.json().counts).toEqual({ create: 1, update: 1, unchanged: 1 });
    expect(preview.body).toBe(JSON.stringify(importPreviewSchema.parse(preview.json())));
  });

  it('two executes of one file at once: one applies, the other answers with it', async () => {
    const content = await sheet([
      ['name', 'code'],
      ['Concurrent One', 'RACE1'],
      ['Concurrent Two', 'RACE2'],
    ]);
    const token = (await send('customers', 'preview', content)).json().previewToken;
    const [a, b] = await Promise.all([send('customers', 'execute', content, { token }), send('customers', 'execute', content, { token })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().applied, b.json().applied].sort()).toEqual([false, true]);
    expect(a.json().import.id).toBe(b.json().import.id);
    expect((await get('customers?code=RACE1')).json()).toHaveLength(1);
  });

  it('409 import_stale when a record the file matches changed since the preview; nothing written', async () => {
    const [c] = (await get('customers?_start=0&_end=1&sort=code')).json();
    const content = await sheet([
      ['code', 'name', 'taxId'],
      [c.code, c.name, 'MST-0101'],
      ['STALE1', 'Stale Industries', null],
    ]);
    const preview = (await send('customers', 'preview', content)).json();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/customers/${c.id}`,
      headers: await t.auth('admin'),
      payload: { billingContact: 'Someone else' },
    });
    expect(patch.statusCode).toBe(200);
    const execute = await send('customers', 'execute', content, { token: preview.previewToken });
    expect(execute.statusCode).toBe(409);
    expect(execute.json()).toMatchObject({ code: 'import_stale' });
    expect((await get('customers?code=STALE1')).json()).toHaveLength(0);
  });
});

describe('people', () => {
  it('an imported person has no password until they set one through "Forgot password": none signs in before', async () => {
    const emails = ['import.nopass.1@example.com', 'import.nopass.2@example.com'];
    const csv = Buffer.from(['fullName,email,role', `Nguyễn Văn Nhập,${emails[0]},developer`, `Trần Thị Nhập,${emails[1]},hr`].join('\n'));
    const res = await previewAndExecute('user', csv);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select({ email: users.email, hash: users.passwordHash })
      .from(users)
      .where(inArray(users.email, emails));
    expect(rows.map((r) => r.hash)).toEqual([NO_PASSWORD_HASH, NO_PASSWORD_HASH]);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: emails[0], password } });
    for (const guess of ['', NO_PASSWORD_HASH, 'correct horse battery'])
      expect((await login(guess)).statusCode, guess).toBeGreaterThanOrEqual(400);
    // Their own password, set with the mailed code, then signs them in.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { email: emails[0] } })).statusCode).toBe(
      202,
    );
    const code = await lastCodeSentTo(t.services.db, emails[0]!);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/update-password',
      payload: { email: emails[0], code, password: 'my own long passphrase' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login('my own long passphrase')).statusCode).toBe(200);
  });
});

describe("the caller's rights, row by row", () => {
  it("a sale's import changes their own customers; another sale's are refused by row, and nothing is written", async () => {
    const sales = (await get('user?role=sale')).json() as Array<{ id: string; email: string }>;
    const other = sales.find((u) => u.id !== t.users.sale.id)!;
    const [theirs] = (await get(`customers?ownerSaleId=${other.id}`)).json();
    const [mine] = (await get(`customers?ownerSaleId=${t.users.sale.id}`)).json();
    expect(theirs && mine).toBeTruthy();
    const content = await sheet([
      ['code', 'name', 'ownerSaleId'],
      [mine.code, `${mine.name} (renamed)`, t.users.sale.email],
      [theirs.code, `${theirs.name} (taken over)`, other.email],
      ['SALE-NEW', 'Given to another sale', other.email],
      ['SALE-OWN', 'My new customer', null],
    ]);
    const v = (await send('customers', 'validate', content, { role: 'sale' })).json();
    expect(v.errors.map((e: { row: number; code: string; column: string }) => [e.row, e.column, e.code])).toEqual([
      [3, 'ownerSaleId', 'not_owner'],
      [4, 'ownerSaleId', 'not_owner'],
    ]);
    expect((await send('customers', 'execute', content, { role: 'sale', token: 'x' })).statusCode).toBe(422);
    expect((await get(`customers/${mine.id}`)).json().name).toBe(mine.name);
    // Without those rows the sale's own changes apply, their new customer theirs.
    const own = await sheet([
      ['code', 'name'],
      [mine.code, `${mine.name} (renamed)`],
      ['SALE-OWN', 'My new customer'],
    ]);
    const done = await previewAndExecute('customers', own, 'sale');
    expect(done.json()).toMatchObject({ applied: true, import: { counts: { create: 1, update: 1 } } });
    const [made] = (await get('customers?code=SALE-OWN')).json();
    expect((await get(`customers/${made.id}`)).json().ownerSaleId).toBe(t.users.sale.id);
  });

  it('who may not create may not import: 403 before the file is read', async () => {
    const content = await sheet([['code'], ['X']]);
    expect((await send('customers', 'validate', content, { role: 'hr' })).statusCode).toBe(403);
    expect((await get('customers/import/template', 'manager')).statusCode).toBe(403);
  });
});

describe('references by the names people write', () => {
  it('a customer by its name without accents or case, stacks by names: resolved; a name two customers share: ambiguous, with the count', async () => {
    for (const code of ['TWIN-A', 'TWIN-B'])
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers',
        headers: await t.auth('admin'),
        payload: { name: 'Twin Holdings', code },
      });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: await t.auth('admin'),
      payload: { name: 'Hà Nội Edutech', code: 'HNE' },
    });
    const stacks = (await get('tech-stacks?_start=0&_end=2&sort=name')).json() as Array<{ id: string; name: string }>;
    const content = await sheet([
      ['name', 'code', 'customerId', 'techStackIds', 'status'],
      ['Learning portal', 'REF-1', 'ha noi EDUTECH', stacks.map((s) => s.name.toUpperCase()).join(', '), 'Active'],
      ['Twin project', 'REF-2', 'twin holdings', null, 'active'],
      ['By code', 'REF-3', 'hne', null, 'active'],
      ['Nowhere', 'REF-4', 'No Such Customer', null, 'active'],
    ]);
    const v = (await send('projects', 'validate', content)).json();
    expect(v.errors).toEqual([
      { row: 3, column: 'customerId', value: 'twin holdings', code: 'ref_ambiguous', params: { count: 2 } },
      { row: 5, column: 'customerId', value: 'No Such Customer', code: 'ref_not_found' },
    ]);
    const ok = await sheet([
      ['name', 'code', 'customerId', 'techStackIds', 'status'],
      ['Learning portal', 'REF-1', 'ha noi EDUTECH', stacks.map((s) => s.name.toUpperCase()).join(', '), 'Active'],
      ['By code', 'REF-3', 'hne', null, 'active'],
    ]);
    const preview = (await send('projects', 'preview', ok)).json();
    expect(preview.changes[0]).toMatchObject({ action: 'create', label: 'Learning portal' });
    expect(preview.changes[0].fields).toContainEqual({ field: 'customerId', old: null, new: 'Hà Nội Edutech' });
    expect((await previewAndExecute('projects', ok)).statusCode).toBe(200);
    const made = (await get(`projects/${(await get('projects?code=REF-1')).json()[0].id}`)).json();
    const hne = (await get('customers?code=HNE')).json()[0];
    expect(made).toMatchObject({ customerId: hne.id, status: 'active' });
    expect([...made.techStackIds].sort()).toEqual(stacks.map((s) => s.id).sort());
  });
});

describe('files from other writers', () => {
  it('a .csv in UTF-8 with its BOM, separated by semicolons, quotes and accents kept', async () => {
    const csv =
      '\uFEFFname;code;address;currency\r\n"Công ty Cổ phần ""Ánh Dương""";CSV1;"12 Lê Lợi; Quận 1";VND\r\nĐà Nẵng Soft;CSV2;;USD\r\n';
    const content = Buffer.from(csv, 'utf8');
    const preview = await send('customers', 'preview', content, { name: 'customers.csv' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().counts).toEqual({ create: 2, update: 0, unchanged: 0 });
    expect((await previewAndExecute('customers', content)).json()).toMatchObject({ applied: true });
    expect((await get(`customers/${(await get('customers?code=CSV1')).json()[0].id}`)).json()).toMatchObject({
      name: 'Công ty Cổ phần "Ánh Dương"',
      address: '12 Lê Lợi; Quận 1',
      currency: 'VND',
    });
    // Tabs and commas are found as well; a file in another encoding is a 400 naming it.
    const tabs = Buffer.from('code\tname\nCSV2\tĐà Nẵng Software\n');
    expect((await send('customers', 'preview', tabs)).json().counts).toEqual({ create: 0, update: 1, unchanged: 0 });
    const latin1 = Buffer.from('code,name\nCSV3,Caf\xe9 S\xe0i G\xf2n\n', 'latin1');
    expect((await send('customers', 'validate', latin1)).json()).toMatchObject({ code: 'csv_encoding' });
  });

  it('a workbook LibreOffice wrote (its part order, its shared strings) is read like ours', async () => {
    // The salary fixture as LibreOffice Calc saved it, its headers renamed to the users' fields:
    // the e-mails (the key), a text column and a column of numbers.
    const parts = partsOf(readFileSync(new URL('../fixtures/workbooks/salaries-libreoffice.xlsx', import.meta.url))).map((p) =>
      p.name === 'xl/sharedStrings.xml'
        ? {
            name: p.name,
            content: Buffer.from(p.content.toString('utf8').replace('>month<', '>title<').replace('>base<', '>phone<')),
          }
        : p,
    );
    const content = storedZip(parts);
    const preview = await send('user', 'preview', content);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.counts.create).toBe(0);
    const byKey = Object.fromEntries(p.changes.map((c: { key: string; fields: unknown[] }) => [c.key, c.fields]));
    expect(byKey['sale@demo.local']).toContainEqual({ field: 'title', old: expect.anything(), new: '2032-05' });
    expect(byKey['developer@demo.local']).toContainEqual({ field: 'phone', old: expect.anything(), new: '2450.5' });
  });

  it('what is not a sheet is a 4xx with its code, never a 500', async () => {
    expect((await send('customers', 'validate', await pdf())).json()).toMatchObject({ code: 'file_type' });
    expect((await send('customers', 'validate', zip({ 'readme.txt': 'hello' }))).json()).toMatchObject({ code: 'not_workbook' });
    expect((await send('customers', 'validate', Buffer.from('just,one,line'))).json()).toMatchObject({ code: 'columns_missing' });
    const bomb = deflatedZip({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': Buffer.alloc(40 * 1024 * 1024, 32) });
    const refused = await send('customers', 'preview', bomb);
    expect([refused.statusCode, refused.json().code]).toEqual([413, 'workbook_too_large']);
    // Shorter than a zip's signature: read as text, not a crash.
    expect((await send('customers', 'errors', Buffer.from('A'))).json()).toMatchObject({ code: 'columns_missing' });
    const formula = new ExcelJS.Workbook();
    const ws = formula.addWorksheet('x');
    ws.addRow(['code', 'name']);
    ws.addRow(['FX1', { formula: '=HYPERLINK("http://x","y")' }]);
    const v = (await send('customers', 'validate', Buffer.from(await formula.xlsx.writeBuffer()))).json();
    expect(v.errors).toEqual([expect.objectContaining({ row: 2, column: 'name', code: 'formula' })]);
    const tooMany = Buffer.from(['code,name', ...Array.from({ length: 20_001 }, (_, i) => `R${i},N`)].join('\n'));
    expect((await send('customers', 'validate', tooMany)).statusCode).toBe(413);
  });
});
