import { describe, expect, it } from 'vitest';
import { arabicForms } from './arabic-forms.js';
import { baseIsRtl, visualOrder } from './bidi-words.js';

const hex = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16));

describe('Arabic letters in their joined forms', () => {
  it.each([
    // ش (initial) ر (final: joins before only) ك (initial again) ة (final)
    ['شركة', ['feb7', 'feae', 'fedb', 'fe94']],
    // ل ل ت ج ا ر ة: initial, medial, medial, medial, final, isolated (after a right-joining alef), isolated
    ['للتجارة', ['fedf', 'fee0', 'fe98', 'fea0', 'fe8e', 'fead', 'fe93']],
    // Lam then alef is one ligature: isolated at the start of a word, final after a joining letter.
    ['لا', ['fefb']],
    // After a letter that joins only before (alef, dal, waw), the next one starts again.
    ['الإصدار', ['fe8d', 'fef9', 'febb', 'feaa', 'fe8d', 'fead']],
    ['سلام', ['feb3', 'fefc', 'fee1']],
    // A vowel mark does not break the joining; Latin and digits pass through.
    ['يومًا 30', ['fef3', 'feee', 'fee3', '64b', 'fe8e', '20', '33', '30']],
    ['Maple', ['4d', '61', '70', '6c', '65']],
  ])('%s', (text, forms) => {
    expect(hex(arabicForms(text))).toEqual(forms);
    // Each form reads back as its letters: what a PDF reader finds.
    expect(arabicForms(text).normalize('NFKC')).toBe(text.normalize('NFKC'));
  });
});

describe('words of a line in drawing order', () => {
  const order = (words: string[]) => visualOrder(words, (w) => w, baseIsRtl(words.join(' ')));
  it.each([
    [
      ['Maple', 'Health'],
      ['Maple', 'Health'],
    ],
    // Right-to-left words inside a left-to-right line turn round; the rest stays.
    [
      ['Client:', 'شركة', 'الخليج', 'للتجارة'],
      ['Client:', 'للتجارة', 'الخليج', 'شركة'],
    ],
    // A right-to-left line: the words right to left, a number or a Latin code kept as it reads.
    [
      ['فاتورة', 'INV-2026-0042'],
      ['INV-2026-0042', 'فاتورة'],
    ],
    [
      ['يرجى', 'ذكر', 'INV-1', 'ABC', 'عند'],
      ['عند', 'INV-1', 'ABC', 'ذكر', 'يرجى'],
    ],
  ])('%j → %j', (words, drawn) => {
    expect(order(words)).toEqual(drawn);
  });
});
