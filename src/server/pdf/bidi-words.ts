/**
 * Right-to-left text on a PDF line, word by word: pdfkit draws left to right, and fontkit shapes and
 * mirrors one run of Arabic letters at a time, so the order of the words (and of the runs inside a
 * word) is put right here. A simplified form of the Unicode bidi algorithm at word level: enough for
 * names, addresses and labels, which is what the documents hold.
 */

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const LTR = /[A-Za-z\u00c0-\u024f\u1e00-\u1eff\u3040-\u9fff]/u;

export const isRtlText = (text: string) => RTL.test(text);

/** A paragraph reads right to left when its first strong letter is right-to-left. */
export function baseIsRtl(text: string): boolean {
  for (const ch of text) {
    if (RTL.test(ch)) return true;
    if (LTR.test(ch)) return false;
  }
  return false;
}

/**
 * The words of one line in the order they are drawn, left to right. Right-to-left words form runs
 * that are reversed; in a right-to-left paragraph the whole line is reversed and its left-to-right
 * runs (Latin names, figures) put back in reading order.
 */
export function visualOrder<W>(words: W[], textOf: (w: W) => string, rtlBase: boolean): W[] {
  const level = words.map((w) => {
    const text = textOf(w);
    if (RTL.test(text)) return 1;
    if (!rtlBase) return 0;
    // In a right-to-left paragraph, Latin words and figures are left-to-right islands; punctuation follows the paragraph.
    return LTR.test(text) || /\d/.test(text) ? 2 : 1;
  });
  const out = words.map((w, i) => ({ w, level: level[i]! }));
  for (let l = Math.max(0, ...level); l >= 1; l--) {
    let i = 0;
    while (i < out.length) {
      if (out[i]!.level < l) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j]!.level >= l) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out.map((x) => x.w);
}
