import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next, { type i18n as I18n } from 'i18next';
import { VALIDATION_EN } from '../../domain/validation';
import { LANGS } from './langs';
import { errorKind, errorText, isRetryable, issueText } from './error-text';
import { changeLanguage, initI18n } from './index';

// The codes the server's error bodies carry (src/server/http/errors.ts and the modules),
// plus those another change may add, plus the client's own for a request without answer.
const API_ERROR_CODES = [
  'bonus_scale_used',
  'fund_allocated',
  'fund_incomplete',
  'fund_not_allocated',
  'no_rate',
  'performance_exists',
  'project_bonus_paid',
  'project_bonus_status',
  'kpi_exists',
  'statement_exists',
  'statement_frozen',
  'statement_incomplete',
  'statement_state',
  'statement_line_unknown',
  'question_answered',
  'seat_already_billed',
  'billed_by_invoice',
  'no_billable_seat',
  'seat_currencies',
  'approve_own',
  'not_approver',
  'leave_overlap',
  'leave_balance',
  'leave_no_working_days',
  'leave_not_pending',
  'leave_not_cancellable',
  'leave_matrix_exists',
  'note_required',
  'validation_failed',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'route_not_found',
  'method_not_allowed',
  'not_acceptable',
  'conflict',
  'duplicate',
  'referenced',
  'invalid_value',
  'rule_violated',
  'rate_limited',
  'too_many_attempts',
  'payload_too_large',
  'file_too_large',
  'file_type',
  'file_empty',
  'file_missing',
  'multipart_expected',
  'unsupported_media_type',
  'uri_too_long',
  'internal_error',
  'service_unavailable',
  'email_not_verified',
  'account_inactive',
  'invalid_credentials',
  'code_invalid',
  'password_wrong',
  'session_ended',
  'token_invalid',
  'admin_only',
  'self_role_change',
  'self_delete',
  'manager_self',
  'manager_missing',
  'recipients_missing',
  'bad_url',
  'malformed_multipart',
  'control_characters',
  'duplicate_candidate',
  'hours_range',
  'hours_step',
  'day_over_24h',
  'future_date',
  'month_closed',
  'cell_repeated',
  'timesheet_duplicate',
  'project_in_use',
  'openings_below_hires',
  'seat_hours_outside',
  'user_in_use',
  'job_closed',
  'ticket_transition',
  'ticket_handler_only',
  'ticket_not_open',
  'assignee_not_handler',
  'matrix_invalid',
  'split_invalid',
  'split_no_recruiter',
];

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../locales/*/{errors,validation}.json', { eager: true, import: 'default' });
const bundle = (lang: string, ns: string) => files[`../locales/${lang}/${ns}.json`];

async function instance(lang: string): Promise<I18n> {
  const i = i18next.createInstance();
  await i.init({
    lng: lang,
    fallbackLng: false,
    ns: ['errors', 'validation'],
    defaultNS: 'errors',
    interpolation: { escapeValue: false },
    resources: { [lang]: { errors: bundle(lang, 'errors')!, validation: bundle(lang, 'validation')! } },
  });
  return i;
}

const axiosError = (status: number | undefined, data?: unknown, code?: string) => ({
  isAxiosError: true,
  message: status ? `Request failed with status code ${status}` : 'Network Error',
  code,
  response: status ? { status, data } : undefined,
});

describe('translations of API errors', () => {
  it.each(LANGS.map((l) => l.value))('has every server code and every VALIDATION_EN key in %s', (lang) => {
    const errors = bundle(lang, 'errors') as { codes?: Record<string, string> };
    const missingCodes = API_ERROR_CODES.filter((c) => !errors.codes?.[c]?.trim());
    expect(missingCodes, `errors:codes.* missing in ${lang}`).toEqual([]);
    const validation = (bundle(lang, 'validation') ?? {}) as Record<string, string>;
    const missing = Object.keys(VALIDATION_EN).filter((k) => !validation[k]?.trim());
    expect(missing, `validation keys missing in ${lang}`).toEqual([]);
    expect(Object.keys(validation).sort(), 'the validation namespace has exactly the keys of VALIDATION_EN').toEqual(
      Object.keys(VALIDATION_EN).sort(),
    );
  });

  it('has English equal to the domain catalogue', () => {
    expect(bundle('en', 'validation')).toEqual(VALIDATION_EN);
  });
});

describe('errorText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('translates by code, then by status, and never says "Network Error"', async () => {
    const fr = await instance('fr');
    const t = fr.t.bind(fr);
    expect(errorText(t, axiosError(401, { statusCode: 401, code: 'invalid_credentials', message: 'Invalid e-mail or password' }))).toBe(
      'E-mail ou mot de passe incorrect',
    );
    expect(errorText(t, axiosError(404, 'Not Found'))).toBe('Cet enregistrement est introuvable');
    expect(errorText(t, axiosError(500, { message: 'boom' }))).toBe('Une erreur s’est produite sur le serveur');
    expect(errorText(t, axiosError(418, {}))).toBe('La requête a échoué (statut 418)');
    const network = errorText(t, axiosError(undefined, undefined, 'ERR_NETWORK'));
    expect(network).toMatch(/serveur est injoignable/);
    expect(network).not.toMatch(/Network Error/);
    expect(errorText(t, axiosError(undefined, undefined, 'ECONNABORTED'))).toBe('Le serveur met trop de temps à répondre.');
  });

  it('tells offline, unreachable, 404, 403 and server errors apart', () => {
    expect(errorKind(axiosError(undefined))).toBe('unreachable');
    expect(errorKind(axiosError(503, { code: 'service_unavailable' }))).toBe('unreachable');
    expect(errorKind(axiosError(404))).toBe('not_found');
    expect(errorKind(axiosError(403))).toBe('forbidden');
    expect(errorKind(axiosError(500))).toBe('server');
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorKind(axiosError(undefined))).toBe('offline');
  });

  it('retries network and server failures, never a 404 or 403', () => {
    expect(isRetryable(axiosError(undefined))).toBe(true);
    expect(isRetryable(axiosError(503))).toBe(true);
    expect(isRetryable(axiosError(404))).toBe(false);
    expect(isRetryable(axiosError(403))).toBe(false);
    expect(isRetryable(axiosError(400))).toBe(false);
  });
});

describe('issueText', () => {
  it('translates a field issue with its parameters, unknown codes as "invalid"', async () => {
    const ar = await instance('ar');
    const t = ar.t.bind(ar);
    expect(issueText(t, { code: 'too_short', params: { min: 3 } })).toBe('3 أحرف على الأقل');
    expect(issueText(t, { code: 'no_such_code' })).toBe('قيمة غير صالحة');
    const en = await instance('en');
    expect(issueText(en.t.bind(en), { code: 'choice', params: { allowed: 'a, b' } })).toBe('Use one of: a, b');
  });
});

describe('issueText with dates', () => {
  it('writes the dates of a date issue as the date fields show them in the user’s language', async () => {
    await initI18n();
    await changeLanguage('fr');
    const t = i18next.t.bind(i18next);
    expect(issueText(t, { code: 'date', params: { example: '2024-01-31' } })).toBe('Utilisez une date comme 31/01/2024');
    expect(issueText(t, { code: 'date_range', params: { min: '1900-01-01', max: '2099-12-31' } })).toBe(
      'Utilisez une date entre 01/01/1900 et 31/12/2099',
    );
    await changeLanguage('en');
    expect(issueText(i18next.t.bind(i18next), { code: 'date', params: { example: '2024-01-31' } })).toBe('Use a date like 01/31/2024');
  });
});
