import type { ZipPart } from '../stored-zip.js';
import type { ImportSheet, SheetCell, SheetRow } from './import-sheet.js';
import { notWorkbook } from './workbook.js';

// The first worksheet of a checked workbook (`inspectWorkbook`'s parts) as rows of text cells, read
// from its XML with string searches: no parser's events or cell objects are made, so a sheet of
// 10 000 rows costs about what its rows hold (ExcelJS's streaming reader made ~200 MB of throwaway
// objects for one). The parts come in the form `readablePart` gives them: the main namespace
// unprefixed, every row and cell with its reference (both are also followed here when absent).

/** A tag's attributes: quoted values may hold `>`. */
const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const ROW_OR_CELL = `<(row|c)(?=[\\s/>])${ATTRS}>`;
const NUM_FMT = new RegExp(`<numFmt(?=[\\s/>])${ATTRS}>`, 'g');
const XF = new RegExp(`<xf(?=[\\s/>])${ATTRS}>`, 'g');
const SHEET = new RegExp(`<sheet(?=[\\s/>])${ATTRS}>`, 'g');
const WORKBOOK_PR = new RegExp(`<workbookPr(?=[\\s/>])${ATTRS}>`);
const RELATIONSHIP = new RegExp(`<(?:[\\w.-]+:)?Relationship(?=[\\s/>])${ATTRS}>`, 'g');
const REL_ID = /\s[\w.-]+:id\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** An attribute's raw value in a tag's attribute text (` r="A1" t="s"`), undefined when absent. */
function attr(attrs: string, name: string): string | undefined {
  for (let i = attrs.indexOf(name); i >= 0; i = attrs.indexOf(name, i + 1)) {
    if (!isSpace(attrs.charCodeAt(i - 1))) continue;
    let j = i + name.length;
    while (isSpace(attrs.charCodeAt(j))) j++;
    if (attrs[j] !== '=') continue;
    j++;
    while (isSpace(attrs.charCodeAt(j))) j++;
    const quote = attrs[j];
    if (quote !== '"' && quote !== "'") continue;
    const end = attrs.indexOf(quote, j + 1);
    return end < 0 ? undefined : attrs.slice(j + 1, end);
  }
  return undefined;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/g;

/** XML character data as text: entities and character references decoded, line ends as a parser gives them. */
export function xmlText(raw: string): string {
  if (raw.includes('<![CDATA['))
    return raw
      .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
      .map((p) => (p.startsWith('<![CDATA[') ? p.slice(9, -3).replace(/\r\n?/g, '\n') : xmlText(p)))
      .join('');
  const s = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name) return NAMED[name]!;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A cell's text with SpreadsheetML's own escapes (`_x000D_`, `_x005F_` for `_`) decoded. */
export function sheetText(raw: string): string {
  const s = xmlText(raw);
  return s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : s;
}

/** Where a child element's content starts and ends (`<v>…</v>`), an empty element as empty; undefined when absent. */
function child(xml: string, name: string, from: number, to: number): [number, number] | undefined {
  for (let i = xml.indexOf(`<${name}`, from); i >= 0 && i < to; i = xml.indexOf(`<${name}`, i + 1)) {
    const next = xml.charCodeAt(i + 1 + name.length);
    if (next !== 62 && next !== 47 && !isSpace(next)) continue; // '>', '/', space: not a longer name
    const gt = xml.indexOf('>', i);
    if (gt < 0 || gt >= to) throw notWorkbook();
    if (xml.charCodeAt(gt - 1) === 47) return [gt, gt];
    const end = xml.indexOf(`</${name}>`, gt);
    if (end < 0 || end > to) throw notWorkbook();
    return [gt + 1, end];
  }
  return undefined;
}

/** The text of a string item (`<si>`, `<is>`): its `<t>`, or its runs' `<t>` joined; phonetic runs left out. */
function runsText(xml: string, from: number, to: number): string {
  let s = xml.slice(from, to);
  if (s.includes('<rPh')) s = s.replace(/<rPh(?=[\s>])[\s\S]*?<\/rPh>/g, '');
  let text = '';
  for (let at = 0, t = child(s, 't', 0, s.length); t; t = child(s, 't', at, s.length)) {
    text += s.slice(t[0], t[1]);
    at = t[1] + 1;
  }
  return sheetText(text);
}

/** The shared strings by index; an item without text is no text (as ExcelJS read it). */
function sharedStrings(xml: string): Array<string | null> {
  const out: Array<string | null> = [];
  for (let si = child(xml, 'si', 0, xml.length); si; si = child(xml, 'si', si[1] + 1, xml.length)) {
    const text = si[0] === si[1] ? '' : runsText(xml, si[0], si[1]);
    out.push(text === '' ? null : text);
  }
  return out;
}

// Built-in number formats that show a date or a time (ECMA-376 Part 1, 18.8.30).
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A custom format that shows a date or time: a date or time letter outside quotes, brackets and escapes (as ExcelJS tells). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\.|_.|\*./g, '');
  return /[ymdhMsb]/.test(bare);
}

/** For each cell style (`s`), whether it shows numbers as dates. */
function dateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(NUM_FMT)) {
    const id = attr(m[1]!, 'numFmtId');
    const code = attr(m[1]!, 'formatCode');
    if (id !== undefined && code !== undefined) custom.set(Number(id), xmlText(code));
  }
  const start = xml.search(/<cellXfs(?=[\s>])/);
  if (start < 0) return [];
  const end = xml.indexOf('</cellXfs>', start);
  return [...xml.slice(start, end < 0 ? xml.length : end).matchAll(XF)].map((m) => {
    const id = Number(attr(m[1]!, 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code === undefined ? BUILT_IN_DATES.has(id) : id !== 0 && isDateFormat(code);
  });
}

/** A part's name from a relationship's target, relative to the workbook's folder unless absolute. */
function partName(target: string): string {
  const path: string[] = [];
  for (const seg of (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/'))
    if (seg === '..') path.pop();
    else if (seg !== '.' && seg !== '') path.push(seg);
  return path.join('/');
}

interface Cells {
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

const dateCell = (d: Date, ctx: Cells): SheetCell => ({ text: Number.isNaN(d.getTime()) ? null : ctx.dateText(d) });

/** A value as its type says: numbers as JavaScript writes them, dates by `dateText`, booleans as true/false. */
function valueOf(raw: string, type: string | undefined, style: number, ctx: Cells): SheetCell {
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
 * A cell's content (the XML between its tags) as text. A formula is read by its saved value, never
 * evaluated; with none (or an error saved) it says so.
 */
function cellOf(content: string, attrs: string, ctx: Cells): SheetCell {
  const type = attr(attrs, 't');
  const s = attr(attrs, 's');
  const style = s === undefined ? 0 : parseInt(s, 10);
  const v = child(content, 'v', 0, content.length);
  if (child(content, 'f', 0, content.length)) {
    if (!v || type === 'e') return { text: null, formulaWithoutValue: true };
    return valueOf(content.slice(v[0], v[1]), type, style, ctx);
  }
  if (type === 'inlineStr') {
    const is = child(content, 'is', 0, content.length);
    if (is) return { text: runsText(content, is[0], is[1]) };
  }
  return v ? valueOf(content.slice(v[0], v[1]), type, style, ctx) : { text: null };
}

/** A column's 1-based number from a cell reference (`AB12` → 28); NaN without letters. */
function columnOf(ref: string): number {
  let n = 0;
  let i = 0;
  for (let c = ref.charCodeAt(0); c >= 65 && c <= 90; c = ref.charCodeAt(++i)) n = n * 26 + c - 64;
  return i ? n : NaN;
}

/** The rows of a sheet's XML: its header (row 1) and every row after it, cells by the header's columns. */
function sheetRows(xml: string, ctx: Cells): ImportSheet {
  const start = xml.search(/<sheetData(?=[\s/>])/);
  if (start < 0) throw notWorkbook();
  const open = xml.indexOf('>', start);
  if (open < 0) throw notWorkbook();
  const headers: string[] = [];
  const rows: SheetRow[] = [];
  if (xml.charCodeAt(open - 1) === 47) return { format: 'xlsx', headers, rows }; // <sheetData/>
  const end = xml.indexOf('</sheetData>', open);
  if (end < 0) throw notWorkbook();
  const data = xml.slice(0, end);

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
  const re = new RegExp(ROW_OR_CELL, 'g');
  re.lastIndex = open + 1;
  for (let m = re.exec(data); m; m = re.exec(data)) {
    const attrs = m[2]!;
    const empty = attrs.endsWith('/');
    const ref = attr(attrs, 'r');
    if (m[1] === 'row') {
      finish();
      row = ref === undefined ? row + 1 : parseInt(ref, 10);
      col = 0;
      // The header is row 1, the first row read; a sheet starting lower has none (and no rows).
      if (!headers.length) {
        if (row !== 1) break;
        header = [];
      } else cells = new Array<SheetCell>(headers.length);
      continue;
    }
    const given = ref === undefined ? NaN : columnOf(ref);
    col = Number.isNaN(given) ? col + 1 : given;
    let to = re.lastIndex;
    if (!empty) {
      to = data.indexOf('</c>', re.lastIndex);
      if (to < 0) throw notWorkbook();
      re.lastIndex = to + 4;
    }
    const from = m.index + m[0].length;
    if (header) {
      // Every cell of the header counts as a column, a blank one too.
      while (header.length < col - 1) header.push('');
      header[col - 1] = empty ? '' : (cellOf(data.slice(from, to), attrs, ctx).text ?? '');
    } else if (cells && col <= cells.length && !empty) cells[col - 1] = cellOf(data.slice(from, to), attrs, ctx);
  }
  finish();
  return { format: 'xlsx', headers, rows };
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The first worksheet of the workbook (the first sheet the workbook lists whose part is a
 * worksheet; failing that, the first `sheetN.xml` of the archive), read as text cells; dates as
 * `dateText` says. A part that is not the XML it should be is `notWorkbook`.
 */
export function readFirstSheet(parts: readonly ZipPart[], dateText: (d: Date) => string): ImportSheet {
  const byName = new Map<string, ZipPart>();
  for (const p of parts) byName.set(p.name.toLowerCase(), p);
  const text = (name: string | undefined) => (name === undefined ? undefined : byName.get(name.toLowerCase())?.content.toString('utf8'));

  const workbook = text('xl/workbook.xml') ?? '';
  const rels = new Map<string, { type: string; target: string }>();
  for (const m of (text('xl/_rels/workbook.xml.rels') ?? '').matchAll(RELATIONSHIP)) {
    const id = attr(m[1]!, 'Id');
    const target = attr(m[1]!, 'Target');
    if (id === undefined || target === undefined || attr(m[1]!, 'TargetMode') === 'External') continue;
    rels.set(id, { type: attr(m[1]!, 'Type') ?? '', target: partName(xmlText(target)) });
  }
  const related = (type: string) => [...rels.values()].find((r) => r.type === REL + type)?.target;

  let sheetName: string | undefined;
  for (const m of workbook.matchAll(SHEET)) {
    const id = REL_ID.exec(m[1]!);
    const rel = id ? rels.get(id[1] ?? id[2]!) : undefined;
    if (rel?.type === `${REL}worksheet` && byName.has(rel.target.toLowerCase())) {
      sheetName = rel.target;
      break;
    }
  }
  sheetName ??= parts.find((p) => WORKSHEET.test(p.name))?.name;
  const sheet = text(sheetName);
  if (sheet === undefined) throw notWorkbook();

  const pr = WORKBOOK_PR.exec(workbook);
  const date1904 = pr ? ['1', 'true'].includes(attr(pr[1]!, 'date1904') ?? '') : false;
  const shared = text(related('sharedStrings') ?? 'xl/sharedStrings.xml');
  const styles = text(related('styles') ?? 'xl/styles.xml');
  return sheetRows(sheet, {
    shared: shared === undefined ? [] : sharedStrings(shared),
    dates: styles === undefined ? [] : dateStyles(styles),
    date1904,
    dateText,
  });
}
