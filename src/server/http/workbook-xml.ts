// Valid SpreadsheetML put in one form, part by part, before anything counts or reads it (the row
// count and the reader match bare names; ExcelJS's streaming reader, used before, needed both):
// - elements of the main namespace under a prefix (`<x:row>`, as the Open XML SDK writes them);
// - rows and cells without their optional `r` reference (some streaming writers leave it out).

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The part with the main namespace as the default one, if it was bound to a prefix. */
export function unprefixMainNamespace(xml: string): string {
  const bound = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)="${MAIN_NS.replace(/[./]/g, '\\$&')}"`).exec(xml);
  if (!bound) return xml;
  const prefix = bound[1]!;
  // The default namespace taken by another (never seen in the wild): leave the part as written.
  if (/\sxmlns="/.test(xml)) return xml;
  return xml.replace(new RegExp(`<(/?)${prefix}:`, 'g'), '<$1').replace(new RegExp(`xmlns:${prefix}="`), 'xmlns="');
}

/** A column's letters from its 1-based number (1 → A, 27 → AA). */
export function columnLetters(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * A sheet whose every row and cell carries its reference: a row without one is the next after the
 * previous row, a cell without one the next column after the previous cell of its row (ECMA-376
 * Part 1, 18.3.1.73 and 18.3.1.4: both are optional).
 */
export function referenceRowsAndCells(xml: string): string {
  const start = xml.indexOf('<sheetData');
  const end = xml.lastIndexOf('</sheetData>');
  if (start < 0 || end < 0 || !/<(row|c)(?=[\s/>])(?![^>]*\sr=")/.test(xml.slice(start, end))) return xml;
  let row = 0;
  let col = 0;
  const data = xml.slice(start, end).replace(/<(row|c)(?=[\s/>])([^>]*)>/g, (tag, name: string, attrs: string) => {
    const ref = /\sr="([^"]*)"/.exec(attrs)?.[1];
    if (name === 'row') {
      row = ref ? Number(ref) : row + 1;
      col = 0;
      return ref ? tag : `<row r="${row}"${attrs}>`;
    }
    const given = ref ? /^([A-Z]+)\d+$/.exec(ref) : null;
    col = given ? columnNumber(given[1]!) : col + 1;
    return ref ? tag : `<c r="${columnLetters(col)}${row}"${attrs}>`;
  });
  return xml.slice(0, start) + data + xml.slice(end);
}

/** A workbook's XML part as the reader takes it (see above); other parts as they are. */
export function readablePart(name: string, content: Buffer): Buffer {
  if (!/^xl\/.+\.xml$/.test(name)) return content;
  const xml = content.toString('utf8');
  let out = unprefixMainNamespace(xml);
  if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) out = referenceRowsAndCells(out);
  return out === xml ? content : Buffer.from(out, 'utf8');
}
