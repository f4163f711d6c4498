// Latin fragments (e-mails, passwords, codes) inside a right-to-left sentence: without
// isolation the bidi algorithm moves their edge punctuation to the wrong side
// ("<role>@demo.local" shows as "role>@demo.local<"). Each run is wrapped in
// FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, so it reads in its own direction.

const FSI = '\u2068';
const PDI = '\u2069';
// From a letter, digit or '<' to a letter, digit or closing mark, spaces allowed inside.
const LATIN_RUN = /[A-Za-z0-9<][\x20-\x7E]*[A-Za-z0-9>!.?)]|[A-Za-z0-9]/g;

export function isolateLatinRuns(text: string, direction: 'ltr' | 'rtl'): string {
  if (direction !== 'rtl') return text;
  return text.replace(LATIN_RUN, (run) => `${FSI}${run}${PDI}`);
}
