/**
 * Arabic letters written as their Unicode presentation forms (initial, medial, final, isolated),
 * the joining done here rather than by the font. Noto Sans Arabic draws several letters from one
 * dotless skeleton plus separate dots: shaped by the font, a PDF reader maps such a skeleton back to
 * one letter only, and "للتجارة" is read back as another word. A presentation form is a glyph of its
 * own that maps back to its letter, so the text is found and copied as it was written.
 */

// Each letter's forms: isolated, final, then initial and medial for the letters that join both ways.
const FORMS: Record<number, readonly number[]> = {
  0x0621: [0xfe80],
  0x0622: [0xfe81, 0xfe82],
  0x0623: [0xfe83, 0xfe84],
  0x0624: [0xfe85, 0xfe86],
  0x0625: [0xfe87, 0xfe88],
  0x0626: [0xfe89, 0xfe8a, 0xfe8b, 0xfe8c],
  0x0627: [0xfe8d, 0xfe8e],
  0x0628: [0xfe8f, 0xfe90, 0xfe91, 0xfe92],
  0x0629: [0xfe93, 0xfe94],
  0x062a: [0xfe95, 0xfe96, 0xfe97, 0xfe98],
  0x062b: [0xfe99, 0xfe9a, 0xfe9b, 0xfe9c],
  0x062c: [0xfe9d, 0xfe9e, 0xfe9f, 0xfea0],
  0x062d: [0xfea1, 0xfea2, 0xfea3, 0xfea4],
  0x062e: [0xfea5, 0xfea6, 0xfea7, 0xfea8],
  0x062f: [0xfea9, 0xfeaa],
  0x0630: [0xfeab, 0xfeac],
  0x0631: [0xfead, 0xfeae],
  0x0632: [0xfeaf, 0xfeb0],
  0x0633: [0xfeb1, 0xfeb2, 0xfeb3, 0xfeb4],
  0x0634: [0xfeb5, 0xfeb6, 0xfeb7, 0xfeb8],
  0x0635: [0xfeb9, 0xfeba, 0xfebb, 0xfebc],
  0x0636: [0xfebd, 0xfebe, 0xfebf, 0xfec0],
  0x0637: [0xfec1, 0xfec2, 0xfec3, 0xfec4],
  0x0638: [0xfec5, 0xfec6, 0xfec7, 0xfec8],
  0x0639: [0xfec9, 0xfeca, 0xfecb, 0xfecc],
  0x063a: [0xfecd, 0xfece, 0xfecf, 0xfed0],
  0x0640: [0x0640, 0x0640, 0x0640, 0x0640],
  0x0641: [0xfed1, 0xfed2, 0xfed3, 0xfed4],
  0x0642: [0xfed5, 0xfed6, 0xfed7, 0xfed8],
  0x0643: [0xfed9, 0xfeda, 0xfedb, 0xfedc],
  0x0644: [0xfedd, 0xfede, 0xfedf, 0xfee0],
  0x0645: [0xfee1, 0xfee2, 0xfee3, 0xfee4],
  0x0646: [0xfee5, 0xfee6, 0xfee7, 0xfee8],
  0x0647: [0xfee9, 0xfeea, 0xfeeb, 0xfeec],
  0x0648: [0xfeed, 0xfeee],
  0x0649: [0xfeef, 0xfef0, 0xfbe8, 0xfbe9],
  0x064a: [0xfef1, 0xfef2, 0xfef3, 0xfef4],
  0x067e: [0xfb56, 0xfb57, 0xfb58, 0xfb59],
  0x0686: [0xfb7a, 0xfb7b, 0xfb7c, 0xfb7d],
  0x0698: [0xfb8a, 0xfb8b],
  0x06a9: [0xfb8e, 0xfb8f, 0xfb90, 0xfb91],
  0x06af: [0xfb92, 0xfb93, 0xfb94, 0xfb95],
  0x06cc: [0xfbfc, 0xfbfd, 0xfbfe, 0xfbff],
};

// Lam followed by an alef: one ligature, isolated or final.
const LAM_ALEF: Record<number, readonly [number, number]> = {
  0x0622: [0xfef5, 0xfef6],
  0x0623: [0xfef7, 0xfef8],
  0x0625: [0xfef9, 0xfefa],
  0x0627: [0xfefb, 0xfefc],
};

// Vowel marks and the like: they sit on a letter and do not break its joining.
const isTransparent = (cp: number) => (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670;
const joinsBothWays = (cp: number | undefined) => cp !== undefined && (FORMS[cp]?.length ?? 0) === 4;
const joinsBefore = (cp: number | undefined) => cp !== undefined && cp !== 0x0621 && FORMS[cp] !== undefined;

/** The text with its Arabic letters in the forms their neighbours give them (logical order kept). */
export function arabicForms(text: string): string {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const letterAt = (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < cps.length; i += step) if (!isTransparent(cps[i]!)) return { i, cp: cps[i]! };
    return undefined;
  };
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const forms = FORMS[cp];
    if (!forms) {
      out.push(cp);
      continue;
    }
    const prev = letterAt(i - 1, -1);
    const joinedBefore = !!prev && joinsBothWays(prev.cp);
    const next = letterAt(i + 1, 1);
    if (cp === 0x0644 && next && LAM_ALEF[next.cp]) {
      out.push(LAM_ALEF[next.cp]![joinedBefore ? 1 : 0]);
      // The marks between lam and alef stay with the ligature; the alef is in it.
      for (let k = i + 1; k < next.i; k++) out.push(cps[k]!);
      i = next.i;
      continue;
    }
    const joinedAfter = forms.length === 4 && !!next && joinsBefore(next.cp);
    const form = joinedBefore ? (joinedAfter ? 3 : 1) : joinedAfter ? 2 : 0;
    out.push(forms[Math.min(form, forms.length - 1)]!);
  }
  return String.fromCodePoint(...out);
}

/**
 * A presentation form's glyph maps back to the letters it draws (their compatibility decomposition,
 * the lam-alef ligature to lam and alef): a PDF reader then finds and copies "للتجارة", not its
 * forms. fontkit keeps one glyph object per glyph, which pdfkit reads when it writes the map.
 */
export function mapFormsToLetters(
  font: { glyphForCodePoint(cp: number): { codePoints: number[] }; hasGlyphForCodePoint(cp: number): boolean },
  text: string,
) {
  for (const ch of text) {
    const letters = ch.normalize('NFKC');
    if (letters !== ch) font.glyphForCodePoint(ch.codePointAt(0)!).codePoints = [...letters].map((c) => c.codePointAt(0)!);
  }
}
