import { notWorkbook } from './workbook.js';
import { isNameChar, isSpace, runsText, sheetText, xmlText } from './workbook-text.js';

// The rows and cells a worksheet's XML holds, and what they are read as. A sheet is scanned with
// string searches, not a parser's events nor an object per tag: memory follows the rows returned.
// A row or cell without its optional reference is the next one.

/** One cell as text; a formula without a saved value says so (it is never evaluated). */
export interface SheetCell {
  text: string | null;
  formulaWithoutValue?: boolean;
}

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** The cells by column index (0-based), as read. */
  cells: SheetCell[];
}

/** A sheet's header (row 1) and the rows after it. */
export interface ReadSheet {
  headers: string[];
  rows: SheetRow[];
}

/** What reading a cell's value needs from the rest of the workbook. */
export interface CellContext {
  shared: Array<string | null>;
  dates: boolean[];
  date1904: boolean;
  dateText: (d: Date) => string;
}

const MS_PER_DAY = 24 * 3600 * 1000;

/** A serial day number as a date (1900 date system unless 1904), rounded to the millisecond as ExcelJS did. */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * MS_PER_DAY));
}

const dateCell = (d: Date, ctx: CellContext): SheetCell => ({ text: Number.isNaN(d.getTime()) ? null : ctx.dateText(d) });

// A cell's type (`t`): a number unless it says otherwise.
const TYPES = ['s', 'str', 'inlineStr', 'b', 'e', 'd'] as const;
type CellType = (typeof TYPES)[number] | 'n';

/** A value as its type says: numbers as JavaScript writes them, dates by `dateText`, booleans as true/false. */
function valueOf(raw: string, type: CellType, style: number, ctx: CellContext): SheetCell {
  switch (type) {
    case 's':
      return { text: ctx.shared[parseInt(raw, 10)] ?? null };
    case 'str':
    case 'inlineStr':
      return { text: sheetText(raw) };
    case 'b':
      return { text: String(parseInt(raw, 10) !== 0) };
    case 'e':
      return { text: xmlText(raw) };
    case 'd': {
      // An ISO 8601 date and time, in no time zone: read as UTC like the serial days.
      const iso = xmlText(raw).trim();
      return dateCell(new Date(/T[^Z+-]*$/.test(iso) ? `${iso}Z` : iso), ctx);
    }
    default: {
      const n = parseFloat(raw);
      if (!Number.isFinite(n)) return { text: null };
      return ctx.dates[style] ? dateCell(serialDate(n, ctx.date1904), ctx) : { text: String(n) };
    }
  }
}

/**
 * A sheet's rows and cells read in place: one pass of `indexOf` and character codes over the XML,
 * positions kept in this object's fields, so that a cell costs no object but the one it is read as.
 */
class SheetScanner {
  /** Just past the tag read by `tag()`; whether it closed itself (`<c/>`). */
  end = 0;
  selfClosing = false;
  // The bounds of the tag's `r`, `s` and `t` values (-1: absent).
  r0 = -1;
  r1 = -1;
  s0 = -1;
  s1 = -1;
  t0 = -1;
  t1 = -1;

  constructor(readonly xml: string) {}

  /** Reads the attributes of the tag whose name ends at `at`, up to its `>`. */
  tag(at: number): void {
    const { xml } = this;
    this.r0 = this.s0 = this.t0 = -1;
    for (let i = at; ;) {
      let c = xml.charCodeAt(i);
      while (isSpace(c)) c = xml.charCodeAt(++i);
      if (c === 62 /* > */ || c === 47 /* / */) {
        const gt = c === 62 ? i : xml.indexOf('>', i);
        if (gt < 0) throw notWorkbook();
        this.end = gt + 1;
        this.selfClosing = c === 47;
        return;
      }
      const name = i;
      while (c === c && c !== 61 && c !== 62 && c !== 47 && !isSpace(c)) c = xml.charCodeAt(++i); // c === c: not past the end
      const nameLength = i - name;
      while (isSpace(c)) c = xml.charCodeAt(++i);
      if (c !== 61 /* = */) throw notWorkbook();
      c = xml.charCodeAt(++i);
      while (isSpace(c)) c = xml.charCodeAt(++i);
      if (c !== 34 && c !== 39) throw notWorkbook();
      const close = xml.indexOf(c === 34 ? '"' : "'", i + 1);
      if (close < 0) throw notWorkbook();
      if (nameLength === 1) {
        const n = xml.charCodeAt(name);
        if (n === 114 /* r */) {
          this.r0 = i + 1;
          this.r1 = close;
        } else if (n === 115 /* s */) {
          this.s0 = i + 1;
          this.s1 = close;
        } else if (n === 116 /* t */) {
          this.t0 = i + 1;
          this.t1 = close;
        }
      }
      i = close + 1;
    }
  }

  /** The tag's `r` as a row number (its digits), or NaN. */
  rowNumber(): number {
    return this.r0 < 0 ? NaN : this.digits(this.r0);
  }

  /** The tag's `r` as a 1-based column (`AB12` → 28), or NaN. */
  column(): number {
    const { xml } = this;
    let n = 0;
    let i = this.r0;
    if (i < 0) return NaN;
    for (let c = xml.charCodeAt(i); c >= 65 && c <= 90 && i < this.r1; c = xml.charCodeAt(++i)) n = n * 26 + c - 64;
    return i > this.r0 ? n : NaN;
  }

  style(): number {
    return this.s0 < 0 ? 0 : this.digits(this.s0);
  }

  private digits(from: number): number {
    const { xml } = this;
    let n = 0;
    let i = from;
    for (let c = xml.charCodeAt(i); c >= 48 && c <= 57; c = xml.charCodeAt(++i)) n = n * 10 + c - 48;
    return i > from ? n : NaN;
  }

  type(): CellType {
    const { xml, t0, t1 } = this;
    if (t0 >= 0) for (const t of TYPES) if (t1 - t0 === t.length && xml.startsWith(t, t0)) return t;
    return 'n';
  }

  /**
   * The cell whose tag was just read, its content up to `to` (its `</c>`). A formula is read by its
   * saved value, never evaluated; with none (or an error saved) it says so.
   */
  cell(to: number, ctx: CellContext): SheetCell {
    const { xml } = this;
    const type = this.type();
    const style = this.style();
    let formula = false;
    let v0 = -1;
    let v1 = -1;
    let is0 = -1;
    let is1 = -1;
    // The children in order (f, v, is, extLst), each skipped past its end.
    for (let at = xml.indexOf('<', this.end); at >= 0 && at < to; at = xml.indexOf('<', at)) {
      if (xml.startsWith('<!--', at)) {
        at = xml.indexOf('-->', at) + 3;
        if (at < 3) throw notWorkbook();
        continue;
      }
      const gt = xml.indexOf('>', at);
      if (gt < 0 || gt >= to) throw notWorkbook();
      const c = xml.charCodeAt(at + 1);
      const after = xml.charCodeAt(at + 2);
      const bare = xml.charCodeAt(gt - 1) === 47;
      const one = after === 62 || after === 47 || isSpace(after);
      let close = '';
      if (one && c === 102 /* f */) {
        formula = true;
        close = '</f>';
      } else if (one && c === 118 /* v */) close = '</v>';
      else if (c === 105 && after === 115 /* is */ && !isNameChar(xml.charCodeAt(at + 3))) close = '</is>';
      if (bare) {
        if (close === '</v>') v0 = v1 = gt;
        at = gt + 1;
        continue;
      }
      if (!close) {
        // Another child (extLst): skipped whole, whatever it holds.
        let name = at + 1;
        while (isNameChar(xml.charCodeAt(name))) name++;
        close = `</${xml.slice(at + 1, name)}>`;
      }
      const end = xml.indexOf(close, gt);
      if (end < 0 || end >= to) throw notWorkbook();
      if (close === '</v>') {
        v0 = gt + 1;
        v1 = end;
      } else if (close === '</is>') {
        is0 = gt + 1;
        is1 = end;
      }
      at = end + close.length;
    }
    if (formula) {
      if (v0 < 0 || type === 'e') return { text: null, formulaWithoutValue: true };
      return valueOf(xml.slice(v0, v1), type, style, ctx);
    }
    if (type === 'inlineStr' && is0 >= 0) return { text: runsText(xml, is0, is1) };
    return v0 < 0 ? { text: null } : valueOf(xml.slice(v0, v1), type, style, ctx);
  }
}

/** The rows of a sheet's XML: its header (row 1) and every row after it, cells by the header's columns. */
export function sheetRows(xml: string, ctx: CellContext): ReadSheet {
  const start = xml.search(/<sheetData(?=[\s/>])/);
  if (start < 0) throw notWorkbook();
  const open = xml.indexOf('>', start);
  if (open < 0) throw notWorkbook();
  const headers: string[] = [];
  const rows: SheetRow[] = [];
  if (xml.charCodeAt(open - 1) === 47) return { headers, rows }; // <sheetData/>
  const end = xml.indexOf('</sheetData>', open);
  if (end < 0) throw notWorkbook();

  const scan = new SheetScanner(xml);
  let row = 0;
  let col = 0;
  // The row being read: the header's texts by column, or a data row's cells.
  let header: string[] | null = null;
  let cells: SheetCell[] | null = null;
  const finish = () => {
    if (header) {
      for (let i = 0; i < header.length; i++) headers.push((header[i] ?? '').trim());
      header = null;
    } else if (cells) {
      for (let i = 0; i < cells.length; i++) cells[i] ??= { text: null };
      rows.push({ row, cells });
      cells = null;
    }
  };
  // Between the cells only rows open and close: every other element is skipped whole.
  for (let at = xml.indexOf('<', open + 1); at >= 0 && at < end; at = xml.indexOf('<', at)) {
    const c = xml.charCodeAt(at + 1);
    const isCell = c === 99 /* c */ && !isNameChar(xml.charCodeAt(at + 2));
    const isRow = !isCell && xml.startsWith('row', at + 1) && !isNameChar(xml.charCodeAt(at + 4));
    if (!isCell && !isRow) {
      at = xml.indexOf('>', at);
      if (at < 0) throw notWorkbook();
      continue;
    }
    scan.tag(at + (isCell ? 2 : 4));
    at = scan.end;
    if (isRow) {
      finish();
      const given = scan.rowNumber();
      row = Number.isNaN(given) ? row + 1 : given;
      col = 0;
      // The header is row 1, the first row read; a sheet starting lower has none (and no rows).
      if (!headers.length) {
        if (row !== 1) break;
        header = [];
      } else cells = new Array<SheetCell>(headers.length);
      continue;
    }
    const given = scan.column();
    col = Number.isNaN(given) ? col + 1 : given;
    let to = at;
    if (!scan.selfClosing) {
      to = xml.indexOf('</c>', at);
      if (to < 0 || to > end) throw notWorkbook();
      at = to + 4;
    }
    if (header) {
      // Every cell of the header counts as a column, a blank one too.
      while (header.length < col - 1) header.push('');
      header[col - 1] = scan.selfClosing ? '' : (scan.cell(to, ctx).text ?? '');
    } else if (cells && col <= cells.length && !scan.selfClosing) cells[col - 1] = scan.cell(to, ctx);
  }
  finish();
  return { headers, rows };
}
