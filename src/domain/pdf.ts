/**
 * The languages the server writes its PDFs in. The branded CV is written in English, Vietnamese
 * or French; the invoice in any of the interface's five languages (its fonts carry Chinese and
 * Arabic letters too), the customer's.
 */
export const PDF_LANGS = ['en', 'vi', 'fr'] as const;
export type PdfLang = (typeof PDF_LANGS)[number];

/** The PDF's language for a UI language: itself when the font writes it, else English. */
export const pdfLangFor = (ui: string): PdfLang => ((PDF_LANGS as readonly string[]).includes(ui) ? (ui as PdfLang) : 'en');

/** The languages of the documents a customer receives: the interface's own values. */
export const DOCUMENT_LANGS = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type DocumentLang = (typeof DOCUMENT_LANGS)[number];

/** The BCP 47 locale each document language formats its dates, numbers and amounts in. */
export const DOCUMENT_LOCALES: Record<DocumentLang, string> = { en: 'en-US', fr: 'fr-FR', vi: 'vi-VN', cn: 'zh-CN', ar: 'ar' };
