// npm run i18n:untranslated [-- <namespace> ...]: the texts of fr, vi, cn and ar that are still
// word for word the English one (the scaffold writes English into every language). Some are
// right as they are (a brand, "Code", "Email" in French): this is a list to read, not a test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANG_VALUES } from '../src/web/i18n/langs.js';

type Tree = { [key: string]: string | Tree };
const dir = join(import.meta.dirname, '../src/web/locales');

function flatten(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
}
const read = (lang: string, ns: string): Map<string, string> => {
  try {
    return new Map(flatten(JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8')) as Tree));
  } catch {
    return new Map();
  }
};

const wanted = process.argv.slice(2);
const namespaces = readdirSync(join(dir, 'en'))
  .map((f) => f.replace(/\.json$/, ''))
  .filter((ns) => !wanted.length || wanted.includes(ns))
  .sort();
let count = 0;
for (const ns of namespaces) {
  const en = read('en', ns);
  for (const lang of LANG_VALUES.filter((l) => l !== 'en')) {
    const other = read(lang, ns);
    const same = [...en].filter(([k, v]) => /\p{L}{2}/u.test(v) && other.get(k) === v);
    if (!same.length) continue;
    console.log(`${lang}/${ns}.json`);
    for (const [k, v] of same) console.log(`  ${k}: ${JSON.stringify(v)}`);
    count += same.length;
  }
}
console.log(count ? `${count} texts read as in English.` : 'Every text is translated.');
