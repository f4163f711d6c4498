import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { VALIDATION_EN } from '../../domain/validation';
import { LANGS } from './langs';
import { errorText } from './error-text';

// Every refusal the server can answer (409, 422) says the rule in the reader's words: its code has
// a text of its own (errors:codes) or is a field issue's code, whose words (validation) the toast
// then uses — never "This change breaks a business rule". The codes are read from the sources, so
// a new refusal cannot be forgotten.

const sources = import.meta.glob<string>(['../../server/**/*.ts', '../../domain/**/*.ts', '!**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function refusalCodes(): string[] {
  const codes = new Set<string>();
  const patterns = [
    /(?:unprocessable|conflict)\(\s*(?:`[^`]*`|'[^']*'|"[^"]*"|[^,()]+(?:\([^()]*\))?)\s*,\s*'([a-z_]+)'/gs,
    /refusal:\s*'([a-z_]+)'/g,
    /new AppError\(\s*(?:409|422)[^;]*?code:\s*'([a-z_]+)'/gs,
  ];
  for (const text of Object.values(sources)) for (const p of patterns) for (const m of text.matchAll(p)) codes.add(m[1]!);
  return [...codes].sort();
}

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../locales/*/{errors,validation}.json', { eager: true, import: 'default' });
const bundle = (lang: string, ns: string) => files[`../locales/${lang}/${ns}.json`] as Record<string, unknown>;

// The refusals of an action or an archive, shown as a toast with no field to sit under: their own text.
const ACTION_REFUSALS = [
  'salary_paid',
  'salary_locked',
  'salary_status',
  'invoice_status',
  'invoice_numbered',
  'invoice_not_editable',
  'invoice_not_creditable',
  'credit_note_not_payable',
  'invoice_credited',
];

describe('refusals in the reader’s words', () => {
  it('reads the server’s refusal codes', () => {
    const codes = refusalCodes();
    expect(codes.length).toBeGreaterThan(50);
    for (const c of ['month_closed', 'salary_paid', 'invoice_status', 'ticket_move']) expect(codes).toContain(c);
  });

  it.each(LANGS.map((l) => l.value))('every 409/422 code has words in %s', (lang) => {
    const codes = (bundle(lang, 'errors').codes ?? {}) as Record<string, string>;
    const validation = bundle(lang, 'validation') as Record<string, string>;
    const silent = refusalCodes().filter((c) => !codes[c]?.trim() && !(c in VALIDATION_EN && validation[c]?.trim()));
    expect(silent, `refusals that would read "This change breaks a business rule" in ${lang}`).toEqual([]);
    const actions = ACTION_REFUSALS.filter((c) => !codes[c]?.trim());
    expect(actions, `action refusals without their own words in ${lang}`).toEqual([]);
  });

  it('a refusal named by a field issue reads as that issue, not as the status’s generic text', async () => {
    const i = i18next.createInstance();
    await i.init({
      lng: 'en',
      ns: ['errors', 'validation'],
      resources: { en: { errors: bundle('en', 'errors') as Tree, validation: bundle('en', 'validation') as Tree } },
      interpolation: { escapeValue: false },
    });
    const refusal = (data: unknown) => ({ isAxiosError: true, message: 'x', response: { status: 422, data } });
    expect(errorText(i.t.bind(i), refusal({ code: 'net_negative', message: 'x', issues: { deductions: { code: 'net_negative' } } }))).toBe(
      VALIDATION_EN.net_negative,
    );
    expect(errorText(i.t.bind(i), refusal({ code: 'salary_paid', message: 'x', issues: { status: { code: 'salary_paid' } } }))).toBe(
      "A paid salary can't be archived: money paid stays on record",
    );
  });
});
