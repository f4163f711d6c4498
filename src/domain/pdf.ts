/**
 * The languages the server writes its PDFs in (branded CV, invoice): those its shipped font can
 * write. It has no Chinese or Arabic letters, so those readers get the English document.
 */
export const PDF_LANGS = ['en', 'vi', 'fr'] as const;
export type PdfLang = (typeof PDF_LANGS)[number];

/** The PDF's language for a UI language: itself when the font writes it, else English. */
export const pdfLangFor = (ui: string): PdfLang => ((PDF_LANGS as readonly string[]).includes(ui) ? (ui as PdfLang) : 'en');
