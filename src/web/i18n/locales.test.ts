// Every text in all five languages: fails when any key of any namespace file (ours and
// every other found on disk) is missing or empty in any language, compared with English.
import { describe, expect, it } from 'vitest';
import { LANGS } from './langs';

type Tree = { [key: string]: string | Tree };

// Every locale file on disk, read by the bundler (web code never touches node:fs).
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });
const parse = (p: string) => {
  const [, lang, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(p)!;
  return { lang: lang!, ns: ns! };
};

function flatten(tree: Tree, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flatten(value, full));
    else out[full] = value;
  }
  return out;
}

function read(lang: string, ns: string): Record<string, unknown> | undefined {
  const entry = Object.entries(files).find(([p]) => {
    const f = parse(p);
    return f.lang === lang && f.ns === ns;
  });
  return entry ? flatten(entry[1]) : undefined;
}

const langs = LANGS.map((l) => l.value);
const namespaces = Array.from(new Set(Object.keys(files).map((p) => parse(p).ns))).sort();
const folders = Array.from(new Set(Object.keys(files).map((p) => parse(p).lang)));

// Plural keys (i18next: key_one, key_other…) are compared as one key: English has the
// forms English needs, each language exactly the forms its own plural rules have.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralCategories = (lang: string) => new Intl.PluralRules(lang === 'cn' ? 'zh' : lang).resolvedOptions().pluralCategories as string[];

/** The plural keys' bases of an English namespace: those with both _one and _other. */
const pluralBases = (en: Record<string, unknown>) =>
  new Set(
    Object.keys(en)
      .filter((k) => k.endsWith('_other') && `${k.slice(0, -6)}_one` in en)
      .map((k) => k.slice(0, -6)),
  );
const isPlural = (bases: Set<string>, k: string) => PLURAL.test(k) && bases.has(k.replace(PLURAL, ''));

function pluralProblems(en: Record<string, unknown>, other: Record<string, unknown>, lang: string): string[] {
  const bases = pluralBases(en);
  const problems: string[] = [];
  for (const base of bases) {
    const have = Object.keys(other)
      .filter((k) => isPlural(bases, k) && k.replace(PLURAL, '') === base)
      .map((k) => PLURAL.exec(k)![1]!);
    const want = pluralCategories(lang);
    for (const c of want) if (!have.includes(c)) problems.push(`${base}_${c} missing`);
    for (const c of have) if (!want.includes(c)) problems.push(`${base}_${c} is not a plural form of ${lang}`);
  }
  return problems;
}

const placeholders = (s: unknown) =>
  typeof s === 'string' ? Array.from(s.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g), (m) => m[1]).sort() : [];

describe('locale files', () => {
  it('exist for the five languages and at least the spec namespaces', () => {
    expect([...folders].sort()).toEqual(expect.arrayContaining([...langs].sort()));
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'navbar', 'settings', 'notifications']));
    const strays = folders.filter((d) => !langs.includes(d as (typeof langs)[number]));
    expect(strays, 'language folders outside en, fr, vi, cn, ar').toEqual([]);
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const en = read('en', ns);

    it('has an English file with non-empty texts', () => {
      expect(en, `src/web/locales/en/${ns}.json`).toBeDefined();
      const empty = Object.entries(en ?? {})
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => k);
      expect(empty, `empty or non-text keys in en/${ns}.json`).toEqual([]);
    });

    it.each(langs.filter((l) => l !== 'en'))('is complete in %s', (lang) => {
      const other = read(lang, ns);
      expect(other, `src/web/locales/${lang}/${ns}.json is missing`).toBeDefined();
      expect(pluralProblems(en ?? {}, other ?? {}, lang), `plural forms in ${lang}/${ns}.json`).toEqual([]);
      const bases = pluralBases(en ?? {});
      const missing = Object.keys(en ?? {}).filter((k) => {
        if (isPlural(bases, k)) return false;
        const v = other?.[k];
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(missing, `missing or empty keys in ${lang}/${ns}.json`).toEqual([]);
      const extra = Object.keys(other ?? {}).filter((k) => !isPlural(bases, k) && !(k in (en ?? {})));
      expect(extra, `keys in ${lang}/${ns}.json that English lacks`).toEqual([]);
      const badVars = Object.keys(other ?? {}).filter((k) => {
        const source = en?.[k] ?? (isPlural(bases, k) ? en?.[k.replace(PLURAL, '_other')] : undefined);
        return JSON.stringify(placeholders(source)) !== JSON.stringify(placeholders(other?.[k]));
      });
      expect(badVars, `interpolation variables differing from English in ${lang}/${ns}.json`).toEqual([]);
    });
  });
});
