import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from './constants.js';
import { isCountryCode } from './countries.js';

// Field builders shared by every resource's schemas. Messages are issue codes (validation.ts),
// translated by the client; the same schema validates the form and the route.

/** Required single-line text, trimmed. */
export const requiredText = (max: number, min = 1) => z.string().trim().min(min, { message: 'required' }).max(max);

/** A short upper-case code of letters, digits, - and _ (ACME, VNG-01): customers' and projects' codes go on invoices. */
export const codeText = (max: number) =>
  requiredText(max)
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]*$/, { message: 'code_chars' }));

/** Optional field of any kind: absent, null (or blank, for text) is stored as null. */
export const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** Optional text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional country, as its ISO 3166-1 alpha-2 code ('vn' is VN): blank is null, anything else is refused ('country'). */
export const optionalCountry = z
  .string()
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCountryCode(v), { message: 'country' });

/** An issue's code, or 'required' when nothing was given (an empty picker is missing, not malformed). */
const blankOr =
  (code: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : code;

export const isoDate = z.iso.date({ error: blankOr('date') }).refine((d) => d >= DATE_MIN && d <= DATE_MAX, { message: 'date_range' });
export const optionalDate = orNull(isoDate);

/** An instant with its offset, within the same years as dates. */
export const isoDateTime = z.iso
  .datetime({ offset: true, message: 'datetime' })
  .refine((d) => d.slice(0, 10) >= DATE_MIN && d.slice(0, 10) <= DATE_MAX, { message: 'date_range' });

/** A whole number that fits PostgreSQL's integer column. */
export const intNumber = z.int().min(-2_147_483_648).max(2_147_483_647);
/** An amount in its record's currency, to the cent, that fits numeric(14, 2). */
export const moneyAmount = z.number().min(0).max(999_999_999_999.99).multipleOf(0.01);

/** One free tag: letters, digits and `+#._/-` (c++, c#, .net, node.js), inner spaces kept single, lower-cased. */
export const tagText = (maxLength: number) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(maxLength)
    .transform((t) => t.replace(/\s+/g, ' '))
    .refine((t) => t === '' || /^(?=.*[\p{L}\p{N}])[\p{L}\p{M}\p{N} +#._/-]+$/u.test(t), { message: 'tag_chars' });

/** Free tags: each a `tagText`, blank ones dropped, each kept once. */
export const tagList = (maxTags: number, maxLength: number) =>
  z
    .array(tagText(maxLength))
    .max(maxTags)
    .transform((tags) => [...new Set(tags.filter(Boolean))]);

export const uuidRef = z.uuid({ error: blankOr('invalid_id') });
export const optionalRef = orNull(uuidRef);

/** ISO 4217 codes the firm deals in; the base currency is USD. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'VND', 'CNY', 'AED', 'SGD', 'JPY', 'AUD'] as const;
export const currency = z.enum(CURRENCIES);

/** Row columns every entity has. */
export const rowShape = {
  id: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.uuid().nullable(),
};

/** A file kept on a row (a CV): the stored file and what a page shows of it. */
export const storedFileRefSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});
export type StoredFileRef = z.infer<typeof storedFileRefSchema>;

/** A file of a slot keeping several (an external cost's vendor invoices): its reference and the content's SHA-256. */
export const manyFileRefSchema = storedFileRefSchema.extend({ sha256: z.string() });
export type ManyFileRef = z.infer<typeof manyFileRefSchema>;

/** A `many` slot's listing: each file with the other rows that hold the same content. */
export const manyFileListSchema = z.object({
  data: z.array(manyFileRefSchema.extend({ duplicates: z.array(z.object({ id: z.uuid(), label: z.string() })) })),
});
/** A `many` slot's answer to an upload: the file, and the other rows already holding the same content. */
export const manyFileAddedSchema = manyFileRefSchema.extend({ duplicates: z.array(z.object({ id: z.uuid(), label: z.string() })) });
