import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The letters Barlow lacks — Arabic, Chinese — drawn with Noto Sans Arabic and Noto Sans SC as
 * their npm packages ship them: one file per Unicode range, as their stylesheets list them. Only
 * the files a document needs are read, once per server, and only the letters it draws are embedded.
 */

const require = createRequire(import.meta.url);
const PACKAGES = ['@fontsource/noto-sans-arabic', '@fontsource/noto-sans-sc'] as const;

export interface FallbackFile {
  /** The WOFF file's path. */
  path: string;
  ranges: Array<readonly [number, number]>;
}

const BLOCK = /url\(\.\/files\/([\w-]+)\.woff\) format\('woff'\);\s*unicode-range:\s*([^;]+);/g;

/** The files of one weight, in the packages' order (Arabic first), each with the code points it covers. */
function filesOf(weight: 400 | 700): FallbackFile[] {
  return PACKAGES.flatMap((pkg) => {
    const dir = dirname(require.resolve(`${pkg}/package.json`));
    const css = readFileSync(join(dir, `${weight}.css`), 'utf8');
    return [...css.matchAll(BLOCK)].map(([, name, ranges]) => ({
      path: join(dir, 'files', `${name}.woff`),
      ranges: ranges!.split(',').map((r) => {
        const [from, to = from] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(from!, 16), parseInt(to!, 16)] as const;
      }),
    }));
  });
}

const byWeight = new Map<number, FallbackFile[]>();

/** The fallback files that may draw this code point, most likely first. */
export function fallbackFilesFor(codePoint: number, weight: 400 | 700): FallbackFile[] {
  let files = byWeight.get(weight);
  if (!files) byWeight.set(weight, (files = filesOf(weight)));
  return files.filter((f) => f.ranges.some(([a, b]) => codePoint >= a && codePoint <= b));
}
