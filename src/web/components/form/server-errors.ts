import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toHttpError } from '../../providers/session';

/**
 * Puts the server's field errors ({ errors: { field: message } }) on their fields and
 * returns the general message for fields the form does not have.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string {
  const httpError = toHttpError(error);
  const errors = (httpError.errors ?? {}) as Record<string, unknown>;
  let unplaced = false;
  for (const [field, raw] of Object.entries(errors)) {
    const message = Array.isArray(raw)
      ? raw.join(', ')
      : typeof raw === 'object' && raw && 'message' in raw
        ? String((raw as { message: unknown }).message)
        : String(raw);
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  const placedAll = Object.keys(errors).length > 0 && !unplaced;
  return placedAll ? '' : httpError.message;
}
