import { describe, expect, it } from 'vitest';
import { PDF_LANGS, pdfLangFor } from './pdf.js';

describe("a PDF's language", () => {
  it('is English, Vietnamese or French: what the shipped font writes', () => {
    expect(PDF_LANGS).toEqual(['en', 'vi', 'fr']);
  });

  it.each([
    ['en', 'en'],
    ['vi', 'vi'],
    ['fr', 'fr'],
    // The font has no Chinese or Arabic letters: those readers get the English document.
    ['cn', 'en'],
    ['ar', 'en'],
    // The UI's own language values are matched as they are: a tag or another spelling is not one of them.
    ['zh', 'en'],
    ['VI', 'en'],
    ['vi-VN', 'en'],
    ['', 'en'],
  ])('for the UI in %j → %s', (ui, lang) => {
    expect(pdfLangFor(ui)).toBe(lang);
  });
});
