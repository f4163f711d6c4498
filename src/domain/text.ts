import { z } from 'zod';

/**
 * Characters no text field of ours stores:
 * - C0 controls and DEL, C1 controls: PostgreSQL cannot store NUL at all, and the others
 *   are never typed by a person (they break logs, CSV exports and terminals);
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 *   which make text display in another order than it reads ("Trojan Source");
 * - interlinear annotation marks, the byte-order mark inside text and the noncharacters
 *   U+FFFE/U+FFFF.
 * Left alone on purpose: the left-to-right and right-to-left marks (U+200E/U+200F) and the
 * zero-width (non-)joiners (U+200C/U+200D), which right-to-left scripts, Indic scripts and
 * emoji need.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb\ufffe\uffff]/u;
const FORBIDDEN_MULTILINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb\ufffe\uffff]/u;
/** A lone UTF-16 surrogate has no UTF-8 form: the database would store U+FFFD instead. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(value: string, opts: { multiline?: boolean } = {}): boolean {
  return !(opts.multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The one string schema for text people type: refuses control and format characters with
 * the issue code `control_characters` (so the field is named in the 400). `multiline` lets
 * tab, line feed and carriage return through (descriptions, messages, notes).
 * Chain the usual checks after it: `text().trim().min(2).max(120)`.
 */
export const text = (opts: { multiline?: boolean } = {}) =>
  z.string().refine((v) => isCleanText(v, opts), { message: 'control_characters', abort: true });

/** Removes what `text()` refuses (for names the server makes up from others' input, e.g. file names). */
export function stripUnsafeText(value: string): string {
  return [...value].filter((c) => isCleanText(c)).join('');
}

/** A text as search compares it: lower case, without accents ("Nguyễn Đức" → "nguyen duc"), as the server's search column. */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .trim();
}
