import i18next from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText, issueText, type Issue } from '../../i18n/error-text';
import { toHttpError } from '../../providers/session';

/**
 * Puts the server's field errors on their fields, translated from `issues`
 * ({ field: { code, params } }; the English `errors` only when a field has no issue), and
 * returns the translated general message — empty when every field error found its field,
 * so that an error shown on its field is not shown (or toasted) a second time.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  t: (key: string, options?: Record<string, unknown>) => string = i18next.t.bind(i18next) as never,
): string {
  const httpError = toHttpError(error);
  const issues = (httpError.issues ?? {}) as Record<string, Issue>;
  const errors = (httpError.errors ?? {}) as Record<string, unknown>;
  const names = new Set([...Object.keys(issues), ...Object.keys(errors)]);
  let unplaced = false;
  for (const field of names) {
    // A nested key (`lines.1.quantity`) belongs to its field's own inputs.
    if (!fields.some((f) => field === f || field.startsWith(`${f}.`))) {
      unplaced = true;
      continue;
    }
    const issue = issues[field];
    const message = issue ? issueText(t, issue) : englishMessage(errors[field]);
    setError(field as Path<T>, { type: 'server', message });
  }
  const placedAll = names.size > 0 && !unplaced;
  return placedAll ? '' : errorText(t, httpError);
}

function englishMessage(raw: unknown): string {
  if (Array.isArray(raw)) return raw.join(', ');
  if (typeof raw === 'object' && raw && 'message' in raw) return String((raw as { message: unknown }).message);
  return String(raw);
}
