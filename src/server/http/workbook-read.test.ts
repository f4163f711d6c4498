import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deflatedZip } from '../../../tests/fixtures/documents.js';
import { partsOf } from '../../../tests/fixtures/zip-parts.js';
import { storedZip } from '../stored-zip.js';
import { AppError } from './errors.js';
import { readWorkbook, type ImportSheet } from './import-sheet.js';
import { isDateFormat } from './workbook-read.js';
import { sheetText, xmlText } from './workbook-text.js';

// The import's workbook reader, on files ExcelJS writes, on files other programs wrote (the
// committed fixtures: their values are what ExcelJS's streaming reader, used before, read from
// them) and on parts written here for what those writers never do.

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const month = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const texts = (sheet: ImportSheet) => sheet.rows.map((r) => [r.row, ...r.cells.map((c) => c.text)]);

async function written(fill: (ws: ExcelJS.Worksheet) => void, wb = new ExcelJS.Workbook()): Promise<Buffer> {
  fill(wb.addWorksheet('data'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A workbook of these parts: its sheets in order as [part, sheet XML], with optional shared strings and styles. */
function book(
  sheets: Array<[string, string]>,
  opts: { shared?: string; styles?: string; workbookPr?: string; extra?: Record<string, string> } = {},
): Buffer {
  const rels = sheets.map(([part], i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${part.replace(/^xl\//, '')}"/>`);
  if (opts.shared !== undefined) rels.push(`<Relationship Id="rS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (opts.styles !== undefined) rels.push(`<Relationship Id="rT" Type="${REL}/styles" Target="/xl/styles.xml"/>`);
  const parts = [
    {
      name: 'xl/workbook.xml',
      content: `<workbook xmlns="${NS}" xmlns:r="${REL}">${opts.workbookPr ?? ''}<sheets>${sheets
        .map((_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    },
    ...(opts.shared === undefined ? [] : [{ name: 'xl/sharedStrings.xml', content: `<sst xmlns="${NS}">${opts.shared}</sst>` }]),
    ...(opts.styles === undefined ? [] : [{ name: 'xl/styles.xml', content: `<styleSheet xmlns="${NS}">${opts.styles}</styleSheet>` }]),
    ...sheets.map(([name, xml]) => ({ name, content: `<worksheet xmlns="${NS}"><sheetData>${xml}</sheetData></worksheet>` })),
    ...Object.entries(opts.extra ?? {}).map(([name, content]) => ({ name, content })),
  ];
  return storedZip(parts.map((p) => ({ name: p.name, content: Buffer.from(p.content) })));
}

const code = async (file: Buffer) => {
  try {
    await readWorkbook(file);
  } catch (err) {
    return [(err as AppError).statusCode, (err as AppError).code];
  }
  return 'read';
};

describe('a workbook ExcelJS wrote', () => {
  it('reads text, numbers as JavaScript writes them, dates as days, booleans, rich text', async () => {
    const file = await written((ws) => {
      ws.addRow(['  text ', 'number', 'date', 'flag', 'rich']);
      ws.addRow([
        'Công ty <Sông> & "Hồng" \'Ltd\'',
        1234.5,
        new Date(Date.UTC(2024, 1, 29)),
        true,
        { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] },
      ]);
      ws.addRow(['  padded\nline  ', 0.1 + 0.2, new Date(Date.UTC(1999, 11, 31, 23, 59)), false, 'plain']);
      ws.addRow([null, -5, null, null, 'last']);
      ws.addRow(['big', 1e21, null, null, null]);
    });
    const sheet = await readWorkbook(file);
    expect(sheet.headers).toEqual(['text', 'number', 'date', 'flag', 'rich']);
    expect(texts(sheet)).toEqual([
      [2, 'Công ty <Sông> & "Hồng" \'Ltd\'', '1234.5', '2024-02-29', 'true', 'Rich text'],
      [3, '  padded\nline  ', '0.30000000000000004', '1999-12-31', 'false', 'plain'],
      [4, null, '-5', null, null, 'last'],
      [5, 'big', '1e+21', null, null, null],
    ]);
    expect((await readWorkbook(file, month)).rows[0]!.cells[2]).toEqual({ text: '2024-02' });
  });

  it('reads a formula by its saved value, and says when it has none (never evaluated)', async () => {
    const file = await written((ws) => {
      ws.addRow(['n', 's', 'none', 'error', 'day', 'shared']);
      ws.addRow([
        { formula: '1+1', result: 2 },
        { formula: 'A2&"x"', result: '2x' },
        { formula: 'HYPERLINK("http://x","y")' },
        { formula: '1/0', result: { error: '#DIV/0!' } },
        { formula: 'DATE(2024,1,2)', result: new Date(Date.UTC(2024, 0, 2)) },
        { sharedFormula: 'A2', result: 7 },
      ]);
      ws.getCell('E2').numFmt = 'yyyy-mm-dd';
    });
    const [row] = (await readWorkbook(file)).rows;
    expect(row!.cells).toEqual([
      { text: '2' },
      { text: '2x' },
      { text: null, formulaWithoutValue: true },
      { text: null, formulaWithoutValue: true },
      { text: '2024-01-02' },
      { text: '7' },
    ]);
  });

  it('tells dates from numbers by their format: built-in and custom, not a letter in quotes or brackets', async () => {
    const formats = ['dd/mm/yyyy', 'mmm yy', 'h:mm', '#,##0.00', '0.00 "days"', '[Red]#,##0', '[$-409]#,##0', 'General', '@'];
    const file = await written((ws) => {
      ws.addRow(formats);
      const row = ws.addRow(formats.map(() => 45351)); // 2024-02-29
      formats.forEach((f, i) => (row.getCell(i + 1).numFmt = f));
    });
    expect((await readWorkbook(file)).rows[0]!.cells.map((c) => c.text)).toEqual([
      '2024-02-29',
      '2024-02-29',
      '2024-02-29',
      '45351',
      '45351',
      '45351',
      '45351',
      '45351',
      '45351',
    ]);
  });

  it('reads the dates of a workbook in the 1904 date system', async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const file = await written((ws) => {
      ws.addRow(['day']);
      ws.addRow([new Date(Date.UTC(2024, 1, 29))]);
    }, wb);
    expect(
      partsOf(file)
        .find((p) => p.name === 'xl/workbook.xml')!
        .content.toString(),
    ).toContain('date1904="1"');
    expect(texts(await readWorkbook(file))).toEqual([[2, '2024-02-29']]);
  });

  it('reads 10 000 rows of the customer bench as written', async () => {
    const file = await written((ws) => {
      ws.addRow(['name', 'code', 'paymentTermsDays']);
      for (let n = 1; n <= 10_000; n++) ws.addRow([`Công ty Bench ${n}`, `BENCH${n}`, 30 + (n % 4) * 15]);
    });
    const sheet = await readWorkbook(file);
    expect(sheet.rows).toHaveLength(10_000);
    expect(
      sheet.rows.every(
        (r, i) => r.row === i + 2 && r.cells[0]!.text === `Công ty Bench ${i + 1}` && r.cells[2]!.text === String(30 + ((i + 1) % 4) * 15),
      ),
    ).toBe(true);
  });
});

describe('the workbooks other programs wrote', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/workbooks/${name}`, import.meta.url));
  const SALARY_HEADERS = ['email', 'name', 'month', 'base', 'allowance', 'overtime', 'bonus', 'commission', 'deductions', 'currency'];

  it.each(['salaries-libreoffice.xlsx', 'salaries-libreoffice-stored-streamed.xlsx', 'salaries-openpyxl.xlsx'])(
    '%s reads as its rows, the month as the salaries read it',
    async (name) => {
      const sheet = await readWorkbook(fixture(name), month);
      expect(sheet.headers).toEqual(SALARY_HEADERS);
      const rows = texts(sheet);
      expect(rows.map((r) => [r[0], r[1], ...r.slice(3)])).toEqual([
        [2, 'developer@demo.local', '2032-05', '2450.5', '150', '0', '0', '0', '50', 'USD'],
        [3, 'hr@demo.local', '2032-05', '1800', '0', '25.25', '0', '0', '0', 'USD'],
        [4, 'sale@demo.local', '2032-05', '1500', '0', '0', '300', '120', '0', 'USD'],
      ]);
      // The names as each file holds them: LibreOffice read the .csv's UTF-8 as Windows-1252 (its
      // unassigned bytes as U+F0xx).
      const names = name.startsWith('salaries-openpyxl')
        ? ['Nguyễn Văn An', 'Đặng Thị Ngọc Ánh', 'Trần Minh']
        : ['Nguyá»…n VÄƒn An', 'Ä\uf190áº·ng Thá»‹ Ngá»\uf18dc Ã\uf181nh', 'Tráº§n Minh'];
      expect(rows.map((r) => r[2])).toEqual(names);
    },
  );

  it.each(['customers-libreoffice.xlsx', 'customers-libreoffice-bad-status.xlsx'])('%s reads as its rows', async (name) => {
    const sheet = await readWorkbook(fixture(name));
    expect(sheet.headers).toEqual(['name', 'code', 'status', 'country', 'currency', 'paymentTermsDays', 'ownerSaleId']);
    expect(texts(sheet)).toEqual([
      [2, 'Công ty Sông Hồng Nhập', 'SHN-IMP', 'active', 'VN', 'VND', '45', 'sale@demo.local'],
      [3, 'Zebra Imports Ltd', 'ZEB-IMP', name.includes('bad') ? 'maybe' : 'inactive', 'GB', 'GBP', '30', null],
    ]);
  });
});

describe('SpreadsheetML the writers above do not write', () => {
  it('reads the first sheet the workbook lists, whatever its part is called', async () => {
    const file = book([
      [
        'xl/worksheets/data.xml',
        '<row r="1"><c r="A1" t="inlineStr"><is><t>first</t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row>',
      ],
      ['xl/worksheets/sheet1.xml', '<row r="1"><c r="A1" t="inlineStr"><is><t>second</t></is></c></row>'],
    ]);
    expect(await readWorkbook(file)).toEqual({ format: 'xlsx', headers: ['first'], rows: [{ row: 2, cells: [{ text: '1' }] }] });
  });

  it('decodes entities, character references and the _xHHHH_ escapes; keeps spaces; leaves out phonetic runs', async () => {
    const shared =
      '<si><t>head</t></si>' +
      '<si><t xml:space="preserve">  a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#272;&#xE0; </t></si>' +
      '<si><r><rPr><b/></rPr><t>Rich</t></r><r><t xml:space="preserve"> run</t></r></si>' +
      '<si><t>tab_x0009_end _x005F_x0041_</t></si>' +
      '<si><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh></si>' +
      '<si/>';
    const file = book(
      [
        [
          'xl/worksheets/sheet1.xml',
          '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' +
            [1, 2, 3, 4, 5].map((i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`).join('') +
            '<row r="7"><c r="A7" t="inlineStr"><is><r><t>in</t></r><r><t>line &amp;_x000A_</t></r></is></c></row>' +
            '<row r="8"><c r="A8" t="str"><v>plain &lt;str&gt;</v></c></row>' +
            '<row r="9"><c r="A9" t="s"><v>99</v></c></row>',
        ],
      ],
      { shared },
    );
    expect(texts(await readWorkbook(file))).toEqual([
      [2, '  a & b <c> "d" \'e\' Đà '],
      [3, 'Rich run'],
      [4, 'tab\tend _x0041_'],
      [5, '漢字'],
      [6, null],
      [7, 'inline &\n'],
      [8, 'plain <str>'],
      [9, null],
    ]);
  });

  it('reads booleans, errors, ISO dates, and rows and cells without their reference', async () => {
    const file = book([
      [
        'xl/worksheets/sheet1.xml',
        '<row><c t="inlineStr"><is><t>a</t></is></c><c t="inlineStr"><is><t>b</t></is></c><c t="inlineStr"><is><t>c</t></is></c></row>' +
          '<row><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c><c t="d"><v>2024-02-29T00:00:00</v></c></row>' +
          '<row r="5"><c r="B5" t="b"><v>0</v></c><c><v>3</v></c></row>' +
          '<row><c r="A6"><f>A5</f></c></row>',
      ],
    ]);
    expect(texts(await readWorkbook(file))).toEqual([
      [2, 'true', '#N/A', '2024-02-29'],
      [5, null, 'false', '3'],
      [6, null, null, null],
    ]);
    expect((await readWorkbook(file)).rows[2]!.cells[0]).toEqual({ text: null, formulaWithoutValue: true });
  });

  it('reads tags as XML allows them: quotes of either kind, spaces, prefixed attributes, > in values, comments, extensions', async () => {
    const file = book([
      [
        'xl/worksheets/sheet1.xml',
        `<row r="1" spans="1:2" x14ac:dyDescent="0.25"><c r = 'A1' t="inlineStr" ><is><t>a</t></is></c><c\n r="B1"\tt='inlineStr'><is><t>b</t></is></c></row>` +
          '<row r="2"><c r="A2" t="str" cm="1"><f t="array" ref="A2">IF(1>0,"x","y")</f><v>x</v><extLst><ext uri="u"><v>no</v></ext></extLst></c>' +
          '<!-- a comment --><c r="B2" s="0" x:note="a>b"><!-- c --><v>4</v></c></row>',
      ],
    ]);
    const sheet = await readWorkbook(file);
    expect(sheet.headers).toEqual(['a', 'b']);
    expect(texts(sheet)).toEqual([[2, 'x', '4']]);
  });

  it('takes the header from row 1, blank columns and all; cells past it are not read; blank rows are kept', async () => {
    const wide = book([
      [
        'xl/worksheets/sheet1.xml',
        '<row r="1"><c r="A1" t="inlineStr"><is><t> a </t></is></c><c r="C1"><v>2</v></c><c r="D1"/></row>' +
          '<row r="2"><c r="B2"><v>1</v></c><c r="E2"><v>9</v></c></row><row r="3"/><row r="4"></row>',
      ],
    ]);
    const sheet = await readWorkbook(wide);
    expect(sheet.headers).toEqual(['a', '', '2', '']);
    expect(texts(sheet)).toEqual([
      [2, null, '1', null, null],
      [3, null, null, null, null],
      [4, null, null, null, null],
    ]);
    const lower = book([['xl/worksheets/sheet1.xml', '<row r="2"><c r="A2"><v>1</v></c></row><row r="3"><c r="A3"><v>1</v></c></row>']]);
    expect(await readWorkbook(lower)).toEqual({ format: 'xlsx', headers: [], rows: [] });
    expect(await readWorkbook(book([['xl/worksheets/sheet1.xml', '']]))).toEqual({ format: 'xlsx', headers: [], rows: [] });
  });

  it('dates by the styles: built-in date formats, custom ones, 1904', async () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="#,##0 &quot;d&quot;"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"><alignment/></xf><xf numFmtId="165"/><xf numFmtId="47"/></cellXfs>';
    const xml =
      '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c><c r="D1"><v>4</v></c><c r="E1"><v>5</v></c></row>' +
      '<row r="2"><c r="A2"><v>45351</v></c><c r="B2" s="1"><v>45351</v></c><c r="C2" s="2"><v>45351.75</v></c><c r="D2" s="3"><v>45351</v></c><c r="E2" s="4"><v>0.5</v></c></row>';
    expect(texts(await readWorkbook(book([['xl/worksheets/sheet1.xml', xml]], { styles })))).toEqual([
      [2, '45351', '2024-02-29', '2024-02-29', '45351', '1899-12-30'],
    ]);
    const in1904 = book([['xl/worksheets/sheet1.xml', xml]], { styles, workbookPr: '<workbookPr date1904="true"/>' });
    expect(texts(await readWorkbook(in1904))[0]!.slice(2, 4)).toEqual(['2028-03-01', '2028-03-01']);
  });

  it('tells date formats by their letters outside quotes, brackets and escapes', () => {
    expect(['yyyy-mm-dd', 'h:mm', '[h]:mm:ss', 'mmss.0', '[$-409]d-mmm'].map(isDateFormat)).toEqual([true, true, true, true, true]);
    expect(['General', '0.00', '#,##0 "days"', '[Red]0', '0\\d', '@'].map(isDateFormat)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(xmlText('a &amp;lt; &#128512; &unknown; &#0;')).toBe('a &lt; 😀 &unknown; &#0;');
    expect(xmlText('x<![CDATA[<&>]]>y &amp;')).toBe('x<&>y &');
    expect(sheetText('_x000D__x000a_')).toBe('\r\n');
  });
});

describe('a file that is not a workbook, or too large', () => {
  it('is refused with the same codes as before', async () => {
    expect(await code(storedZip([{ name: 'readme.txt', content: Buffer.from('hello') }]))).toEqual([400, 'not_workbook']);
    // A workbook without a sheet, a sheet that is not XML, a sheet cut short.
    expect(await code(book([]))).toEqual([400, 'not_workbook']);
    const notXml = book([], { extra: { 'xl/worksheets/sheet1.xml': 'hello' } });
    expect(await code(notXml)).toEqual([400, 'not_workbook']);
    const cut = book([], { extra: { 'xl/worksheets/sheet1.xml': `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v>` } });
    expect(await code(cut)).toEqual([400, 'not_workbook']);
    const bomb = deflatedZip({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': Buffer.alloc(40 * 1024 * 1024, 32) });
    expect(await code(bomb)).toEqual([413, 'workbook_too_large']);
    const rows = `<worksheet><sheetData>${'<row r="1"><c r="A1"><v>1</v></c></row>'.repeat(20_005)}</sheetData></worksheet>`;
    expect(await code(deflatedZip({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': rows }))).toEqual([413, 'too_many_rows']);
    // A workbook that lists no sheet: its sheet1.xml is read.
    const unlisted = deflatedZip({
      'xl/workbook.xml': '<workbook/>',
      'xl/worksheets/sheet1.xml': rows.replace(/(<row[^]*?<\/row>)[^]*(<\/sheetData>)/, '$1$2'),
    });
    expect((await readWorkbook(unlisted)).headers).toEqual(['1']);
  });
});
