import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { issueOf, type FieldIssue, type IssueLike } from '../../../domain/validation';
import { issueText } from '../../i18n/error-text';

type Values = Record<string, unknown>;

export /** Object schemas' fields (zod 4 keeps refinements on the object, so `.shape` is there). */
const shapeOf = (schema: ZodType): Record<string, ZodType> => (schema as unknown as { shape?: Record<string, ZodType> }).shape ?? {};

/**
 * The domain's schema as the form's resolver (no second schema in the web): blank optional
 * inputs become null first, and every issue becomes a code (the schema's own message, else
 * derived from the zod issue with issueOf) translated with issueText.
 */
export function domainResolver(schema: ZodType, t: TFunction): Resolver<Values> {
  const shape = shapeOf(schema);
  const nullable = new Set(Object.keys(shape).filter((k) => shape[k]!.safeParse(null).success));
  const inner = zodResolver(
    schema as never,
    { error: (iss: IssueLike) => JSON.stringify(issueOf(iss)) } as never,
  ) as unknown as Resolver<Values>;
  return async (values, ctx, opts) => {
    const normalized = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' && nullable.has(k) ? null : v]));
    const result = await inner(normalized, ctx, opts);
    const errors: FieldErrors<Values> = {};
    for (const [field, err] of Object.entries(result.errors)) {
      const message = firstMessage(err);
      if (message === undefined) continue;
      // A schema's own code (its message) gets the code's params too (a date's example).
      const issue: FieldIssue = message.startsWith('{') ? (JSON.parse(message) as FieldIssue) : issueOf({ code: 'custom', message });
      errors[field] = { type: 'validate', message: issueText(t, issue) };
    }
    return { values: result.values, errors } as Awaited<ReturnType<Resolver<Values>>>;
  };
}

function firstMessage(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const m = (err as { message?: unknown }).message;
  if (typeof m === 'string') return m;
  for (const v of Object.values(err)) {
    const inner = firstMessage(v);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
