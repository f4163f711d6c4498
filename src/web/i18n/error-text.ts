import i18next, { type TFunction } from 'i18next';
import { createFormatters } from './format';
import { codeForStatus } from '../../domain/error-codes';
import type { FieldIssue } from '../../domain/validation';
import { toHttpError, type AppHttpError } from '../providers/session';

// Every API error in the user's language. The server's body carries a stable `code`
// (translated under errors:codes.<code>) and field issues as { code, params }
// (translated in the `validation` namespace, whose English is VALIDATION_EN).

/** A field issue as the server sends it in `issues`. */
export type Issue = FieldIssue;

/** How an error should be presented: the ErrorState and the retry policy read this. */
export type ErrorKind = 'offline' | 'unreachable' | 'timeout' | 'not_found' | 'forbidden' | 'unauthorized' | 'server' | 'client';

// A translator of any namespace: react-i18next's `t` or i18next's own.
type Translate = TFunction | ((key: string, options?: Record<string, unknown>) => string);

const call = (t: Translate, key: string, options: Record<string, unknown> = {}) =>
  (t as (key: string, options?: Record<string, unknown>) => string)(key, options);

/** The kind of an error, from its status and code (network failures have status 0). */
export function errorKind(error: unknown): ErrorKind {
  const e = toHttpError(error);
  const status = e.statusCode ?? 0;
  if (status === 0) {
    if (e.code === 'timeout') return 'timeout';
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
    return 'unreachable';
  }
  if (status === 502 || status === 503 || status === 504) return 'unreachable';
  if (status === 404) return 'not_found';
  if (status === 403) return 'forbidden';
  if (status === 401) return 'unauthorized';
  if (status >= 500) return 'server';
  return 'client';
}

/** True for an error worth retrying automatically (network, time-out, 5xx, 408, 429). */
export function isRetryable(error: unknown): boolean {
  const { statusCode = 0 } = toHttpError(error);
  return statusCode === 0 || statusCode >= 500 || statusCode === 408 || statusCode === 429;
}

/**
 * The translated text of any API error: by the body's `code`, else by status, else the
 * network failure (never the HTTP library's English "Network Error").
 */
export function errorText(t: Translate, error: unknown): string {
  const e: AppHttpError = toHttpError(error);
  const kind = errorKind(e);
  if (kind === 'offline' || kind === 'unreachable' || kind === 'timeout') {
    // A 503 from the server has its own code; a missing response is the network's.
    if (e.statusCode === 0) return call(t, `errors:network.${kind}`);
  }
  if (e.code) {
    // The error's details fill the text's placeholders (a closed month names its month, as the reader writes it).
    const text = call(t, `errors:codes.${e.code}`, { ...readable(e.details ?? {}), defaultValue: '' });
    if (text) return text;
    // A rule's refusal carried on a field (a 409/422 whose code names its issue): that issue's own
    // words, with its params, rather than "This change breaks a business rule".
    const issue = Object.values((e.issues ?? {}) as Record<string, Issue>).find((i) => i?.code === e.code);
    if (issue) return issueText(t, issue);
  }
  const status = e.statusCode ?? 0;
  const byStatus = codeForStatus(status);
  if (byStatus) return call(t, `errors:codes.${byStatus}`);
  return call(t, 'errors:status.other', { status });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;

/**
 * A message's params as the reader writes them: a date as the date fields show it (31/01/2024 in
 * French), a month in words (octobre 2026), not as the API sends them (2024-01-31, 2026-10).
 */
function readable(params: Record<string, unknown>): Record<string, unknown> {
  const fmt = createFormatters(i18next.resolvedLanguage ?? i18next.language ?? 'en');
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v !== 'string' ? v : ISO_DATE.test(v) ? fmt.date(v) : ISO_MONTH.test(v) ? fmt.month(v, 'long') : v,
    ]),
  );
}

/** A refusal in its own words: the first field issue it names, else what went wrong. */
export function refusalText(t: Translate, error: unknown): string {
  const issue = Object.values((toHttpError(error).issues ?? {}) as Record<string, Issue>)[0];
  return issue ? issueText(t, issue) : errorText(t, error);
}

/** The translated message of one field issue; unknown codes read as "Invalid value". */
export function issueText(t: Translate, issue: Issue): string {
  const params = readable(issue.params ?? {});
  const text = call(t, `validation:${issue.code}`, { ...params, defaultValue: '' });
  return text || call(t, 'validation:invalid', params);
}
