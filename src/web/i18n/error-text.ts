import type { TFunction } from 'i18next';
import type { FieldIssue } from '../../domain/validation';
import { toHttpError } from '../providers/session';

// Minimal versions; the shell helper's richer ones replace them at merge (same names).

/** A field issue (code + params) in the current language; an unknown code reads as 'invalid'. */
export function issueText(t: TFunction, issue: FieldIssue): string {
  return String(t(`validation:${issue.code}`, { ...issue.params, defaultValue: t('validation:invalid') }));
}

/** What went wrong with a request, for a person: the server's own message, else a generic text. */
export function errorText(t: TFunction, error: unknown): string {
  const e = toHttpError(error);
  if (e.statusCode === 0 && !e.isCancel) return String(t('common:resource.networkError'));
  return e.message || String(t('common:resource.loadError'));
}
