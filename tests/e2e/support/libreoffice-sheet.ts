import { readFileSync } from 'node:fs';
import { storedZip } from '../../../src/server/stored-zip';
import { partsOf } from '../../fixtures/zip-parts';

// A workbook as LibreOffice Calc writes it, not as our server's ExcelJS does: the parts of a file
// LibreOffice saved (tests/fixtures/workbooks/salaries-libreoffice.xlsx: its part order, styles,
// document properties, its rows' and cells' attributes, every text in the shared strings and
// numbers as numbers), with other rows in its sheet. No ExcelJS and no SheetJS in between.

const FIXTURE = new URL('../../fixtures/workbooks/salaries-libreoffice.xlsx', import.meta.url);

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => (i < 26 ? '' : String.fromCharCode(64 + Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));
const ROW = 'customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false"';

/** The rows (the first is the header) as LibreOffice's .xlsx: texts shared, numbers as numbers, empty cells left out. */
export function libreOfficeSheet(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): Buffer {
  const strings: string[] = [];
  const shared = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  let count = 0;
  const data = rows
    .map((cells, r) => {
      const xml = cells
        .map((v, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (v === null || v === '') return '';
          if (typeof v === 'number') return `<c r="${ref}" s="0" t="n"><v>${v}</v></c>`;
          count++;
          return `<c r="${ref}" s="0" t="s"><v>${shared(v)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}" ${ROW}>${xml}</row>`;
    })
    .join('');
  const width = Math.max(...rows.map((r) => r.length));
  return storedZip(
    partsOf(readFileSync(FIXTURE)).map((p) => {
      const xml = p.content.toString('utf8');
      if (p.name === 'xl/worksheets/sheet1.xml')
        return {
          name: p.name,
          content: Buffer.from(
            xml
              .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:${column(width - 1)}${rows.length}"/>`)
              .replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${data}</sheetData>`),
          ),
        };
      if (p.name === 'xl/sharedStrings.xml')
        return {
          name: p.name,
          content: Buffer.from(
            xml.replace(
              /<sst [^>]*>[\s\S]*<\/sst>/,
              `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${strings.length}">${strings
                .map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`)
                .join('')}</sst>`,
            ),
          ),
        };
      return p;
    }),
  );
}
