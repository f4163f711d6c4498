import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPreviewSchema } from '../../src/domain/modules/salaries/salaries.schema.js';
import { storedZip } from '../../src/server/stored-zip.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { multipart } from '../fixtures/documents.js';
import { partsOf } from '../fixtures/zip-parts.js';

// The salary import takes a valid workbook whatever wrote it. The files in tests/fixtures/workbooks
// hold the same three rows (salaries.csv) as other writers saved them:
// - salaries-libreoffice.xlsx: LibreOffice Calc 7 (`soffice --headless --convert-to xlsx salaries.csv`),
//   which turns the month column into dates and puts the workbook before the shared strings;
// - salaries-openpyxl.xlsx: Python's openpyxl 3.0 (inline types, its own part order, a theme);
// - salaries-libreoffice-stored-streamed.xlsx: LibreOffice's parts stored (no compression) by a
//   streaming zip writer (Python's zipfile on an unseekable stream): sizes and CRC in a data
//   descriptor after each part, the local headers' left at zero.
// Two more forms are made here from openpyxl's parts: the main namespace under a prefix, as the
// Open XML SDK writes it, and rows and cells without their optional references.
// Each is read, validated and previewed like our own template.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const MONTH = '2032-05';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/workbooks/${name}`, import.meta.url));

const upload = async (step: 'validate' | 'preview', content: Buffer, name = 'salaries.xlsx') => {
  const body = multipart({ name, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/salary/import/${step}?month=${MONTH}`,
    headers: { ...(await t.auth('hr_lead')), ...body.headers },
    payload: body.payload,
  });
};

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
/** openpyxl's parts, each changed by `edit`, zipped again. */
const openpyxlWith = (edit: (name: string, xml: string) => string) =>
  storedZip(
    partsOf(fixture('salaries-openpyxl.xlsx')).map((p) => ({
      name: p.name,
      content: Buffer.from(edit(p.name, p.content.toString('utf8'))),
    })),
  );
/** The main namespace under the prefix x, every element of it prefixed, as the Open XML SDK writes. */
const prefixed = (name: string, xml: string) =>
  name.startsWith('xl/') && xml.includes(`xmlns="${NS}"`)
    ? xml.replace(`xmlns="${NS}"`, `xmlns:x="${NS}"`).replace(/<(\/?)(?![?!])([A-Za-z]+)(?=[\s/>])/g, '<$1x:$2')
    : xml;
/** Rows and cells without their (optional) references. */
const unreferenced = (name: string, xml: string) => (name.startsWith('xl/worksheets/') ? xml.replace(/ r="[A-Z]*\d+"/g, '') : xml);

const WRITERS: Array<[string, () => Buffer]> = [
  ['LibreOffice Calc', () => fixture('salaries-libreoffice.xlsx')],
  ['openpyxl', () => fixture('salaries-openpyxl.xlsx')],
  ['a streaming zip writer, parts stored with data descriptors', () => fixture('salaries-libreoffice-stored-streamed.xlsx')],
  // openpyxl's parts stored, the workbook and its relations after the sheet: the order that made the
  // streaming reader miss the workbook now and then.
  [
    'openpyxl, re-zipped stored with the workbook last',
    () => {
      const last = (n: string) => (n.startsWith('xl/workbook') || n.startsWith('xl/_rels') ? 1 : 0);
      return storedZip([...partsOf(fixture('salaries-openpyxl.xlsx'))].sort((a, b) => last(a.name) - last(b.name)));
    },
  ],
  ['the Open XML SDK, whose elements carry the prefix x:', () => openpyxlWith(prefixed)],
  ['a writer that leaves out the rows and cells references', () => openpyxlWith(unreferenced)],
];

describe('a workbook written by another program', () => {
  it.each(WRITERS)('from %s validates with no error, every time', async (_writer, file) => {
    const content = file();
    for (let i = 0; i < 5; i++) {
      const res = await upload('validate', content);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ month: MONTH, rows: 3, errors: [] });
    }
  });

  it.each(WRITERS)('from %s previews its three people with their amounts', async (_writer, file) => {
    const res = await upload('preview', file());
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as { counts: Record<string, number>; totals: { after: Record<string, string> } };
    expect(preview.counts).toMatchObject({ create: 3 });
    // Nets 2 550.50 + 1 825.25 + 1 920.00: every amount read as written, cents included.
    expect(preview.totals.after).toEqual({ USD: '6295.75' });
    // Written as built, not through its schema: exactly the schema's shape, key by key.
    expect(res.body).toBe(JSON.stringify(importPreviewSchema.parse(res.json())));
  });
});
