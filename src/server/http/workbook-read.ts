import type { ZipPart } from '../stored-zip.js';
import { notWorkbook } from './workbook.js';
import { sheetRows, type ReadSheet } from './workbook-sheet.js';
import { attr, child, runsText, xmlText } from './workbook-text.js';

// The first worksheet of a checked workbook (`inspectWorkbook`'s parts) as rows of text cells, read
// from its XML with string searches: no parser's events, no object per tag, so a read of 10 000
// rows allocates ~21 MB, mostly the rows it returns (ExcelJS's streaming reader, used before,
// allocated ~245 MB). The parts come as `readablePart` gives them (the main namespace unprefixed).
// This file finds the parts and reads the workbook-wide ones (shared strings, date styles); the
// sheet's rows are scanned in `workbook-sheet.ts`, on the XML primitives of `workbook-text.ts`.

export type { ReadSheet, SheetCell, SheetRow } from './workbook-sheet.js';

/** A tag's attributes: quoted values may hold `>`. */
const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const NUM_FMT = new RegExp(`<numFmt(?=[\\s/>])${ATTRS}>`, 'g');
const XF = new RegExp(`<xf(?=[\\s/>])${ATTRS}>`, 'g');
const SHEET = new RegExp(`<sheet(?=[\\s/>])${ATTRS}>`, 'g');
const WORKBOOK_PR = new RegExp(`<workbookPr(?=[\\s/>])${ATTRS}>`);
const RELATIONSHIP = new RegExp(`<(?:[\\w.-]+:)?Relationship(?=[\\s/>])${ATTRS}>`, 'g');
const REL_ID = /\s[\w.-]+:id\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** The shared strings by index; an item without text is no text (as ExcelJS read it). */
function sharedStrings(xml: string): Array<string | null> {
  const out: Array<string | null> = [];
  for (let si = child(xml, '<si', '</si>', 0, xml.length); si; si = child(xml, '<si', '</si>', si[1] + 1, xml.length)) {
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

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The first worksheet of the workbook (the first sheet the workbook lists whose part is a
 * worksheet; failing that, the first `sheetN.xml` of the archive), read as text cells; dates as
 * `dateText` says. A part that is not the XML it should be is `notWorkbook`.
 */
export function readFirstSheet(parts: readonly ZipPart[], dateText: (d: Date) => string): ReadSheet {
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
