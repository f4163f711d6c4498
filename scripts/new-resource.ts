// npm run new:resource -- <name> <field>:<type> ... : a new resource of the kit, from its
// declaration to its migration, screens, translations and contract tests. See
// docs/adding-a-resource.md for what to do next.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LANG_VALUES } from '../src/web/i18n/langs.js';
import { RESOURCES } from '../src/domain/resources.js';
import {
  renderAccessRow,
  renderFactory,
  renderLocale,
  renderModule,
  renderResource,
  renderSchema,
  renderTable,
  renderWebModule,
} from './scaffold/render.js';
import { parseArgs, ScaffoldError, USAGE, type ResourceSpec } from './scaffold/spec.js';

const root = join(import.meta.dirname, '..');

/** `source` with `text` inserted just before the first `before` that follows `after`. */
function insert(file: string, source: string, after: string, before: string, text: string): string {
  const start = source.indexOf(after);
  const at = start < 0 ? -1 : source.indexOf(before, start + after.length);
  if (at < 0) throw new ScaffoldError(`${file}: cannot find where to add the resource (looked for "${after}" … "${before}")`);
  return source.slice(0, at) + text + source.slice(at);
}

function files(r: ResourceSpec, labels: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    [`src/domain/modules/${r.name}/${r.name}.schema.ts`]: renderSchema(r),
    [`src/domain/modules/${r.name}/${r.name}.resource.ts`]: renderResource(r, labels),
    [`src/server/modules/${r.name}/${r.name}.table.ts`]: renderTable(r),
    [`src/server/modules/${r.name}/${r.name}.module.ts`]: renderModule(r),
    [`src/web/modules/${r.name}/index.ts`]: renderWebModule(r),
  };
  for (const lang of LANG_VALUES) out[`src/web/locales/${lang}/${r.name}.json`] = renderLocale(r);
  return out;
}

function main(argv: string[]) {
  const r = parseArgs(argv, RESOURCES);
  const labels = new Map(RESOURCES.map((d) => [d.name, d.recordTitle]));
  labels.set(r.name, r.fields[0]!.name);
  const written = files(r, labels);
  for (const file of Object.keys(written))
    if (existsSync(join(root, file))) throw new ScaffoldError(`${file} exists already: nothing was written`);

  // Every edit is worked out before anything is written: a failure leaves the tree as it was.
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const edits: Record<string, string> = {};
  const registry = 'src/domain/resources.ts';
  edits[registry] = insert(
    registry,
    read(registry),
    "import type { ResourceDecl } from './resource.js';",
    '\n',
    `\nimport { ${r.camel}Resource } from './modules/${r.name}/${r.name}.resource.js';`,
  );
  // The list is on one line while it is short, one entry per line with a trailing comma after.
  const list = edits[registry].slice(0, edits[registry].indexOf('];', edits[registry].indexOf('export const RESOURCES'))).trimEnd();
  edits[registry] = insert(
    registry,
    edits[registry],
    'export const RESOURCES: readonly ResourceDecl[] = [',
    '];',
    list.endsWith(',') ? `${r.camel}Resource,` : `, ${r.camel}Resource`,
  );
  const schema = 'src/server/db/schema.ts';
  edits[schema] = `${read(schema)}export * from '../modules/${r.name}/${r.name}.table.js';\n`;
  const modules = 'src/server/modules/index.ts';
  edits[modules] = insert(
    modules,
    read(modules),
    "import type { ServerModule } from './module.js';",
    '\n',
    `\nimport { ${r.camel}Module } from './${r.name}/${r.name}.module.js';`,
  );
  edits[modules] = insert(modules, edits[modules], 'export const MODULES: readonly ServerModule[] = [', '\n];', `\n  ${r.camel}Module,`);
  const factories = 'tests/fixtures/factories.ts';
  edits[factories] = insert(
    factories,
    read(factories),
    'export const FACTORIES: Record<string, Factory> = {',
    '\n};',
    `\n${renderFactory(r).trimEnd()}`,
  );
  const contract = 'tests/fixtures/access-table.ts';
  edits[contract] = insert(
    contract,
    read(contract),
    'export const EXPECTED_ACCESS: Record<string, Record<string, Role[]>> = {',
    '\n};',
    `\n${renderAccessRow(r).trimEnd()}`,
  );

  // The shell's "coming soon" pages for this path give way to the resource's.
  const routes = 'src/web/app/routes.tsx';
  const soon = read(routes)
    .split('\n')
    .filter((line) => !line.includes(`...crudSoon('${r.route.slice(1)}',`))
    .join('\n');
  if (soon !== read(routes)) edits[routes] = soon;

  for (const [file, text] of Object.entries({ ...written, ...edits })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }

  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  const migration = run('npx', ['drizzle-kit', 'generate', '--name', r.table]);
  const sql = /\[✓\] Your SQL migration file ➜ (\S+)/.exec(migration)?.[1];
  if (!sql) throw new ScaffoldError(`drizzle-kit wrote no migration:\n${migration}`);
  const touched = [...Object.keys(written), ...Object.keys(edits)];
  run('npx', ['prettier', '--write', '--log-level', 'warn', ...touched]);

  console.log(`Resource ${r.name} scaffolded.

Written:
${[...Object.keys(written), sql].map((f) => `  ${f}`).join('\n')}
Edited:
${Object.keys(edits)
  .map((f) => `  ${f}`)
  .join('\n')}

Next (docs/adding-a-resource.md):
  - review the access in src/domain/modules/${r.name}/${r.name}.resource.ts and its row in ${contract};
  - translate src/web/locales/{fr,vi,cn,ar}/${r.name}.json (npm run i18n:untranslated -- ${r.name} lists what is still English);
  - add the rules (hooks, special routes) and demo data (seed) to src/server/modules/${r.name}/${r.name}.module.ts;
  - npm start, then open ${r.route}.`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof ScaffoldError)) throw err;
  console.error(`new:resource: ${err.message}\n\n${USAGE}`);
  process.exit(2);
}
