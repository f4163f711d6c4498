import { notWorkbook } from './workbook.js';

// The XML primitives the workbook reader is built on: attribute values, character data and string
// items found with string searches and character codes, without an XML parser.

export const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Whether a character continues a tag's name (not `>`, `/`, a space or past the end). */
export const isNameChar = (c: number) => c === c && c !== 62 && c !== 47 && !isSpace(c);

/** An attribute's raw value in a tag's attribute text (` r="A1" t="s"`), undefined when absent. */
export function attr(attrs: string, name: string): string | undefined {
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

/** Where a child element's content starts and ends (`<t>…</t>`), an empty element as empty; undefined when absent. */
export function child(xml: string, open: string, close: string, from: number, to: number): [number, number] | undefined {
  for (let i = xml.indexOf(open, from); i >= 0 && i < to; i = xml.indexOf(open, i + 1)) {
    const next = xml.charCodeAt(i + open.length);
    if (next !== 62 && next !== 47 && !isSpace(next)) continue; // '>', '/', space: not a longer name
    const gt = xml.indexOf('>', i);
    if (gt < 0 || gt >= to) throw notWorkbook();
    if (xml.charCodeAt(gt - 1) === 47) return [gt, gt];
    const end = xml.indexOf(close, gt);
    if (end < 0 || end > to) throw notWorkbook();
    return [gt + 1, end];
  }
  return undefined;
}

/** The text of a string item (`<si>`, `<is>`): its `<t>`, or its runs' `<t>` joined; phonetic runs left out. */
export function runsText(xml: string, from: number, to: number): string {
  let s = xml.slice(from, to);
  if (s.includes('<rPh')) s = s.replace(/<rPh(?=[\s>])[\s\S]*?<\/rPh>/g, '');
  let text = '';
  for (let at = 0, t = child(s, '<t', '</t>', 0, s.length); t; t = child(s, '<t', '</t>', at, s.length)) {
    text += s.slice(t[0], t[1]);
    at = t[1] + 1;
  }
  return sheetText(text);
}
