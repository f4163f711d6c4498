import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { DocumentLang, PdfLang } from '../../domain/pdf.js';
import type { Services } from '../services.js';
import { arabicForms, mapFormsToLetters } from './arabic-forms.js';
import { baseIsRtl, isRtlText, visualOrder } from './bidi-words.js';
import { fallbackFilesFor } from './fallback-fonts.js';
import { woffToSfnt } from './woff.js';

/**
 * The documents the firm sends out under its name (the branded CV, the invoice): A4 pages drawn
 * with pdfkit in the shipped Unicode font, the firm's logo and name at the top, its name and the
 * page number at the foot of every page.
 */

export { PDF_LANGS, type PdfLang } from '../../domain/pdf.js';

// Barlow, cut by its publisher into Latin, Latin Extended and Vietnamese files: each character is
// drawn with the first file that has it. Arabic and Chinese letters come from the Noto fallbacks.
const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts');
const SUBSETS = ['latin', 'latin-ext', 'vietnamese'] as const;
const WEIGHTS = { regular: 400, bold: 700 } as const;
export type Weight = keyof typeof WEIGHTS;
let fontFiles: Record<Weight, Buffer[]> | undefined;
const fontsOf = () =>
  (fontFiles ??= {
    regular: SUBSETS.map((s) => woffToSfnt(readFileSync(join(FONT_DIR, `barlow-${s}-${WEIGHTS.regular}-normal.woff`)))),
    bold: SUBSETS.map((s) => woffToSfnt(readFileSync(join(FONT_DIR, `barlow-${s}-${WEIGHTS.bold}-normal.woff`)))),
  });

export const BRAND = '#1f4e79';
export const INK = '#1b1b1b';
export const MUTED = '#5f6368';
export const MARGIN = 50;

/** The logo as pdfkit embeds it: PNG and JPEG as they are, SVG drawn to a PNG first. */
async function logoOf(path: string): Promise<Buffer> {
  const content = await readFile(path);
  return extname(path).toLowerCase() === '.svg' ? sharp(content, { density: 288 }).png().toBuffer() : content;
}

const logos = new WeakMap<Services, Promise<Buffer | null>>();
/** The firm's logo, read once per server; one that cannot be read leaves the documents without it. */
export function firmLogo(s: Services, log: FastifyBaseLogger): Promise<Buffer | null> {
  let logo = logos.get(s);
  if (!logo) {
    logo = logoOf(s.config.FIRM_LOGO_PATH).catch((err: unknown) => {
      log.warn({ err, path: s.config.FIRM_LOGO_PATH }, 'the firm logo could not be read; documents go without it');
      return null;
    });
    logos.set(s, logo);
  }
  return logo;
}

type Doc = InstanceType<typeof PDFDocument>;
type FontkitFont = Parameters<typeof mapFormsToLetters>[0];

/**
 * The fonts as fontkit parsed them for the first document, handed to every later one (pdfkit takes
 * a parsed font as a source): parsing six WOFF files was most of a one-page PDF's time. Each
 * document still makes its own subsets of them.
 */
let parsedFonts: Record<Weight, unknown[]> | undefined;
const parsedFont = (doc: Doc, name: string) => {
  doc.font(name);
  return keepCharacters((doc as unknown as { _font: { font: GlyphCache } })._font.font);
};

type Glyph = { codePoints: number[] };
type GlyphCache = { getGlyph(id: number, characters?: number[]): Glyph };
/**
 * fontkit caches a glyph with the characters of its first request. A document's subset asks for an
 * accented letter's parts (Á draws A) with none, and a later document sharing the font would then
 * write A with no character behind it: a reader would extract "M?PLE". A glyph asked for with its
 * characters gets them back.
 */
function keepCharacters<F extends GlyphCache>(font: F): F {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (!glyph.codePoints.length && characters.length) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

/** Arabic comes already joined (arabic-forms.ts): the font's own joining and ligatures stay off. */
const PRESHAPED = Object.fromEntries(
  ['ccmp', 'locl', 'isol', 'fina', 'fin2', 'fin3', 'medi', 'med2', 'init', 'rlig', 'rclt', 'calt', 'liga'].map((f) => [f, false]),
);
const featuresOf = (text: string) => (isRtlText(text) ? { features: PRESHAPED as unknown as PDFKit.Mixins.OpenTypeFeatures[] } : {});

/** The fallback fonts as fontkit parsed them, by file: read once per server, like Barlow. */
const parsedFallbacks = new Map<string, unknown>();

/** Which of a weight's font files has each character (pdfkit keeps the fontkit font it loaded). */
function coverage(doc: Doc, weight: Weight): Array<(codePoint: number) => boolean> {
  return SUBSETS.map((_, i) => {
    doc.font(`${weight}-${i}`);
    const font = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
    return (cp: number) => font.hasGlyphForCodePoint(cp);
  });
}

export interface WriteOptions {
  weight?: Weight;
  size: number;
  color?: string;
  x?: number;
  y?: number;
  width?: number;
  gap?: number;
  align?: 'left' | 'right';
}

/** A document under way: its pdfkit doc, the text writer, the width between the margins, and the finish. */
export interface BrandedPdf {
  doc: Doc;
  width: number;
  write: (text: string | Array<{ text: string; weight: Weight }>, o: WriteOptions) => void;
  /** The firm's logo and name at the top; returns where the content starts. */
  letterhead: (firmName: string, logo: Buffer | null, details?: string[]) => number;
  /** Draws the footer on every page and ends the document. */
  finish: (footer: string) => Promise<{ content: Buffer; missing: string[] }>;
}

export function openPdf(opts: { lang: PdfLang | DocumentLang; title: string; author: string }): BrandedPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 24, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: opts.lang === 'cn' ? 'zh-CN' : opts.lang,
    info: { Title: opts.title, Author: opts.author, Creator: opts.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const files = parsedFonts ?? fontsOf();
  for (const weight of ['regular', 'bold'] as const) files[weight].forEach((src, i) => doc.registerFont(`${weight}-${i}`, src as Buffer));
  parsedFonts ??= {
    regular: SUBSETS.map((_, i) => parsedFont(doc, `regular-${i}`)),
    bold: SUBSETS.map((_, i) => parsedFont(doc, `bold-${i}`)),
  };
  const has = { regular: coverage(doc, 'regular'), bold: coverage(doc, 'bold') };
  const width = doc.page.width - 2 * MARGIN;
  /** The characters the fonts have no letter for (Chinese, Arabic…): the caller is told. */
  const missing = new Set<string>();
  const fontHas = (name: string, cp: number) => {
    doc.font(name);
    return (doc as unknown as { _font: { font: FontkitFont } })._font.font.hasGlyphForCodePoint(cp);
  };
  // The fallback file that draws a character, registered in this document when first needed.
  const fallbackNames = new Map<string, string | null>();
  const fallbackFace = (weight: Weight, cp: number): string | undefined => {
    for (const file of fallbackFilesFor(cp, WEIGHTS[weight])) {
      let name = fallbackNames.get(file.path);
      if (name === undefined) {
        name = `${weight}-fb-${fallbackNames.size}`;
        try {
          const parsed = parsedFallbacks.get(file.path);
          doc.registerFont(name, (parsed ?? woffToSfnt(readFileSync(file.path))) as Buffer);
          if (!parsed) parsedFallbacks.set(file.path, parsedFont(doc, name));
        } catch {
          name = null;
        }
        fallbackNames.set(file.path, name);
      }
      if (!name) continue;
      doc.font(name);
      if ((doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font.hasGlyphForCodePoint(cp))
        return name;
    }
    return undefined;
  };

  /**
   * Text in runs of one font file each, parts of it bold; a character no file has is drawn by the
   * first one (as a box). The lines are broken here, at spaces only: pdfkit would break between
   * two runs, in the middle of a word such as "Nguyễn".
   */
  const write: BrandedPdf['write'] = (text, o) => {
    const parts = typeof text === 'string' ? [{ text, weight: o.weight ?? 'regular' }] : text;
    type Run = { font: string; text: string; width: number };
    type Word = { runs: Run[]; width: number; space: number };
    const words: Word[] = [{ runs: [], width: 0, space: 0 }];
    const rtlBase = baseIsRtl(parts.map((p) => p.text).join(''));
    doc.fontSize(o.size);
    for (const part of parts) {
      // Bidi marks (Intl puts them in Arabic amounts) are dropped: the words are ordered here.
      for (const ch of arabicForms(part.text.normalize('NFC'))
        .replace(/[ \t\r\n]+/g, ' ')
        .replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '')) {
        const word = words.at(-1)!;
        if (ch === ' ') {
          doc.font(`${part.weight}-0`);
          word.space += doc.widthOfString(' ');
          continue;
        }
        if (word.space > 0) words.push({ runs: [], width: 0, space: 0 });
        const current = words.at(-1)!;
        const cp = ch.codePointAt(0)!;
        const last = current.runs.at(-1);
        // Punctuation after Arabic letters stays in their font, so the word is one right-to-left run.
        const keep = last && isRtlText(last.text) && !/[\p{L}\p{N}]/u.test(ch) && fontHas(last.font, cp);
        const found = keep ? -1 : has[part.weight].findIndex((h) => h(cp));
        const fallback = keep ? last.font : found < 0 ? fallbackFace(part.weight, cp) : undefined;
        if (found < 0 && !fallback) missing.add(ch);
        const font = fallback ?? `${part.weight}-${Math.max(0, found)}`;
        if (last?.font === font) last.text += ch;
        else current.runs.push({ font, text: ch, width: 0 });
      }
    }
    // A run is measured whole, with the kerning pdfkit draws it with.
    for (const word of words) {
      for (const run of word.runs) run.width = doc.font(run.font).widthOfString(run.text, featuresOf(run.text));
      word.width = word.runs.reduce((sum, run) => sum + run.width, 0);
    }
    const x0 = o.x ?? doc.x;
    const room = o.width ?? width - (x0 - MARGIN);
    const lines: Array<typeof words> = [[]];
    let used = 0;
    for (const word of words) {
      const line = lines.at(-1)!;
      const before = line.length ? line.at(-1)!.space : 0;
      if (line.length && used + before + word.width > room) {
        lines.push([word]);
        used = word.width;
      } else {
        line.push(word);
        used += before + word.width;
      }
    }
    let y = o.y ?? doc.y;
    doc.fillColor(o.color ?? INK);
    for (const line of lines) {
      const height = doc.currentLineHeight(true);
      if (y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      // One baseline for every font of the line (Barlow's): a fallback font's taller ascent would lift or drop its words.
      doc.font(`${parts[0]!.weight}-0`);
      const ascent = ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * o.size;
      const lineWidth = line.reduce((sum, w, i) => sum + w.width + (i < line.length - 1 ? w.space : 0), 0);
      let x = o.align === 'right' ? x0 + room - lineWidth : x0;
      const wordText = (w: Word) => w.runs.map((r) => r.text).join('');
      // A reader sees words apart by their gaps, which reordered words blur: a line with right-to-left
      // words draws its spaces as characters.
      const spaced = line.some((w) => isRtlText(wordText(w)));
      // Neighbouring right-to-left words of one font are drawn as one run, in reading order (fontkit
      // lays it out right to left): a reader then takes the words back in their order.
      const drawn: Word[] = [];
      for (const word of visualOrder(line, wordText, rtlBase)) {
        const last = drawn.at(-1);
        const one = (w: Word) => w.runs.length === 1 && isRtlText(w.runs[0]!.text);
        if (last && one(last) && one(word) && last.runs[0]!.font === word.runs[0]!.font) {
          last.runs[0] = { ...last.runs[0]!, text: `${word.runs[0]!.text} ${last.runs[0]!.text}` };
          last.width += last.space + word.width;
          last.space = word.space;
        } else drawn.push({ ...word, runs: [...word.runs] });
      }
      drawn.forEach((word, i) => {
        const at = x;
        // A right-to-left word's runs (its letters, then a comma) are drawn last to first.
        for (const run of isRtlText(wordText(word)) ? [...word.runs].reverse() : word.runs) {
          doc.font(run.font);
          if (isRtlText(run.text)) mapFormsToLetters((doc as unknown as { _font: { font: FontkitFont } })._font.font, run.text);
          doc.text(run.text, x, y + ascent, { lineBreak: false, baseline: 'alphabetic', ...featuresOf(run.text) });
          x += run.width;
        }
        x = at + word.width;
        if (i < drawn.length - 1) {
          if (spaced) doc.font(`${parts[0]!.weight}-0`).text(' ', x, y + ascent, { lineBreak: false, baseline: 'alphabetic' });
          // Reordered, the space after a word may belong to its neighbour (the last word has none).
          x += Math.max(word.space, drawn[i + 1]!.space);
        }
      });
      y += height + (o.gap ?? 2);
    }
    doc.x = MARGIN;
    doc.y = y;
  };

  const letterhead: BrandedPdf['letterhead'] = (firmName, logo, details = []) => {
    const top = MARGIN - 10;
    let textX = MARGIN;
    if (logo) {
      try {
        doc.image(logo, MARGIN, top, { fit: [44, 44] });
        textX = MARGIN + 56;
      } catch {
        // A logo pdfkit cannot read leaves the name alone rather than the document undone.
      }
    }
    write(firmName, { weight: 'bold', size: 17, color: BRAND, x: textX, y: top + 12, width: width - (textX - MARGIN) });
    for (const line of details) write(line, { size: 9.5, color: MUTED, x: textX, width: width - (textX - MARGIN) });
    const ruleY = Math.max(doc.y, top + 44) + 10;
    doc
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + width, ruleY)
      .lineWidth(2)
      .strokeColor(BRAND)
      .stroke();
    return ruleY;
  };

  const finish: BrandedPdf['finish'] = async (footer) => {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN;
      doc
        .moveTo(MARGIN, y - 8)
        .lineTo(MARGIN + width, y - 8)
        .lineWidth(0.5)
        .strokeColor('#c8d3de')
        .stroke();
      write(footer, { size: 8.5, color: MUTED, x: MARGIN, y, width: width - 70 });
      write(`${i + 1} / ${range.count}`, { size: 8.5, color: MUTED, x: MARGIN + width - 60, y, width: 60, align: 'right' });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    await done;
    return { content: Buffer.concat(chunks), missing: [...missing] };
  };

  return { doc, width, write, letterhead, finish };
}

/** Sends a PDF as a download under `name` (any letters: an ASCII fallback name goes with it). */
export function sendPdf(reply: FastifyReply, content: Buffer, name: string, missingGlyphs: number) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(content.length))
      // How many distinct characters are drawn as empty boxes: the page can warn before the file is sent.
      .header('x-missing-glyphs', String(missingGlyphs))
      .header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(content)
  );
}
