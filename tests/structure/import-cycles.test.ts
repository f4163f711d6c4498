import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

// The import structure's rules, as `npm run lint` checks them (.dependency-cruiser.cjs): no import
// cycle in src/ — type-only imports count, they tie two files together as much — and the kit
// (src/server/http) imports no server module: what a module adds to every write reaches the kit
// through a hook it declares. The same rules must also catch what they are for.

const root = resolve(import.meta.dirname, '../..');

async function violations(dir: string, files: string[], tsConfigFile?: string) {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  const tsConfig = tsConfigFile ? extractTSConfig(join(dir, tsConfigFile)) : undefined;
  const cruiseOptions = {
    ...options,
    baseDir: dir,
    ...(tsConfigFile ? { tsConfig: { fileName: join(dir, tsConfigFile) } } : { tsConfig: undefined }),
  };
  const { output } = await cruise(files, cruiseOptions, {}, { tsConfig });
  const result = output as ICruiseResult;
  return { modules: result.modules.length, found: result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`) };
}

describe('import structure', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'structure-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  };

  it('the rules catch a cycle of type-only imports and the kit importing a module', async () => {
    write('src/domain/a.ts', "import type { B } from './b';\nexport type A = { b?: B };\n");
    write('src/domain/b.ts', "import type { A } from './a';\nexport type B = { a?: A };\n");
    write('src/server/modules/mail/mail.ts', 'export const send = () => 1;\n');
    write('src/server/http/kit.ts', "import { send } from '../modules/mail/mail';\nexport const kit = send;\n");
    const { found } = await violations(scratch, ['src']);
    expect(found.sort()).toEqual([
      'kit-imports-no-module: src/server/http/kit.ts → src/server/modules/mail/mail.ts',
      'no-cycle: src/domain/a.ts → src/domain/b.ts',
    ]);
  });

  it('src/ keeps them: no cycle, and the kit imports no module', async () => {
    const { modules, found } = await violations(root, ['src'], 'tsconfig.base.json');
    expect(modules).toBeGreaterThan(500);
    expect(found).toEqual([]);
    // Reading and resolving the whole tree takes seconds on a loaded machine.
  }, 60_000);
});
