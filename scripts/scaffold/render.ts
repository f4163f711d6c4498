import { PRIVILEGED_ROLES, ROLES, ROLE_SECTIONS, type Role } from '../../src/domain/auth/permissions.js';
import { snakeOf, type FieldSpec, type ResourceSpec } from './spec.js';

// The text of every file the scaffold writes. Prettier formats them afterwards, so the
// templates only need to be correct, not pretty.

const upper = (s: string) => snakeOf(s).toUpperCase();
const enumConst = (r: ResourceSpec, f: FieldSpec) => `${upper(r.type)}_${upper(f.name)}_VALUES`;
const title = (r: ResourceSpec) => r.fields[0]!;
/** Fields of the form and the list; a file is a slot of its own (`files` in the declaration). */
const formFields = (r: ResourceSpec) => r.fields.filter((f) => f.type !== 'file');
const fileFields = (r: ResourceSpec) => r.fields.filter((f) => f.type === 'file');
const kebabOf = (camel: string) => snakeOf(camel).replace(/_/g, '-');
/** Fields the accent-free `q` searches: the title and the other short, non-unique texts. */
const searched = (r: ResourceSpec) => r.fields.filter((f, i) => i === 0 || ((f.type === 'string' || f.type === 'email') && !f.unique));
const humanize = (name: string) =>
  snakeOf(name)
    .replace(/_id(s)?$/, '$1')
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

// ---------------------------------------------------------------- domain

function createBuilder(f: FieldSpec, r: ResourceSpec): string {
  const opt = (required: string, optional: string) => (f.required ? required : optional);
  switch (f.type) {
    case 'string':
      return opt('requiredText(200)', 'optionalText(200)');
    case 'text':
      return opt('requiredText(5000)', 'optionalText(5000)');
    case 'email':
      return opt('emailSchema', 'orNull(emailSchema)');
    case 'int':
      return opt('intNumber', 'orNull(intNumber)');
    case 'decimal':
      return opt('decimalAmountText', 'orNull(decimalAmountText)');
    case 'money':
      return opt('moneyText', 'orNull(moneyText)');
    case 'date':
      return opt('isoDate', 'optionalDate');
    case 'datetime':
      return opt('isoDateTime', 'orNull(isoDateTime)');
    case 'boolean':
      return 'z.boolean()';
    case 'enum':
      return f.currency ? 'currency' : `z.enum(${enumConst(r, f)})`;
    case 'ref':
      return opt('uuidRef', 'optionalRef');
    case 'refs':
      return 'z.array(uuidRef).max(50)';
    case 'file':
      throw new Error('a file is no form field');
  }
}

function entityType(f: FieldSpec, r: ResourceSpec): string {
  const nullable = (t: string) => (f.required ? t : `${t}.nullable()`);
  switch (f.type) {
    case 'int':
      return nullable('z.number()');
    // Decimals travel as text, never as binary floats.
    case 'decimal':
    case 'money':
      return nullable('z.string()');
    case 'boolean':
      return 'z.boolean()';
    case 'enum':
      return f.currency ? 'currency' : `z.enum(${enumConst(r, f)})`;
    case 'ref':
      return nullable('z.uuid()');
    case 'refs':
      return 'z.array(z.uuid())';
    case 'file':
      return 'storedFileRefSchema.nullable()';
    default:
      return nullable('z.string()');
  }
}

/** The create schema's default, when the field has one: enums start at their first value. */
function createDefault(f: FieldSpec): string | undefined {
  if (f.type === 'boolean') return 'false';
  if (f.type === 'refs') return '[]';
  if (f.type === 'enum' && !f.required) return f.currency ? "'USD'" : `'${f.values![0]}'`;
  return undefined;
}

export function renderSchema(r: ResourceSpec): string {
  const builders = new Set(['rowShape']);
  if (fileFields(r).length) builders.add('storedFileRefSchema');
  for (const f of formFields(r)) {
    const b = createBuilder(f, r);
    for (const name of [
      'requiredText',
      'optionalText',
      'orNull',
      'intNumber',
      'isoDate',
      'optionalDate',
      'isoDateTime',
      'uuidRef',
      'optionalRef',
      'currency',
    ])
      if (new RegExp(`\\b${name}\\b`).test(b)) builders.add(name);
  }
  const decimals = ['decimalAmountText', 'moneyText'].filter((name) =>
    formFields(r).some((f) => new RegExp(`\\b${name}\\b`).test(createBuilder(f, r))),
  );
  const email = r.fields.some((f) => f.type === 'email');
  const enums = r.fields.filter((f) => f.type === 'enum' && !f.currency);
  const defaults = formFields(r).flatMap((f) => {
    const d = createDefault(f);
    return d === undefined ? [] : [`${f.name}: fields.${f.name}.default(${d})`];
  });
  return `import { z } from 'zod';
import { ${[...builders].sort().join(', ')} } from '../../fields.js';
${decimals.length ? `import { ${decimals.join(', ')} } from '../../money.js';\n` : ''}${email ? "import { emailSchema } from '../auth/auth.schema.js';\n" : ''}
${enums.map((f) => `export const ${enumConst(r, f)} = [${f.values!.map((v) => `'${v}'`).join(', ')}] as const;`).join('\n')}

/** ${r.label}: what the API returns. */
export const ${lower(r.type)}Schema = z.object({
  ...rowShape,
${r.fields.map((f) => `  ${f.name}: ${entityType(f, r)},`).join('\n')}
});
export type ${r.type} = z.infer<typeof ${lower(r.type)}Schema>;

const fields = {
${formFields(r)
  .map((f) => `  ${f.name}: ${createBuilder(f, r)},`)
  .join('\n')}
};
export const ${lower(r.type)}CreateSchema = z.strictObject({ ...fields${defaults.length ? `, ${defaults.join(', ')}` : ''} });
export const ${lower(r.type)}UpdateSchema = z.strictObject(fields).partial();
`;
}

const lower = (s: string) => s.replace(/^./, (c) => c.toLowerCase());

function fieldDecl(f: FieldSpec, r: ResourceSpec, labels: ReadonlyMap<string, string>, listed: boolean): string {
  const parts: string[] = [];
  const isTitle = f === title(r);
  switch (f.type) {
    case 'string':
    case 'email':
      parts.push(`type: '${f.type}'`, 'sort: true', `filter: '${isTitle || !f.unique ? 'search' : 'eq'}'`);
      break;
    case 'text':
      parts.push("type: 'text'");
      break;
    case 'int':
    case 'decimal':
    case 'date':
    case 'datetime':
      parts.push(`type: '${f.type}'`, 'sort: true', "filter: 'range'");
      break;
    case 'money':
      parts.push("type: 'money'", "currencyField: 'currency'", 'sort: true', "filter: 'range'");
      break;
    case 'boolean':
      parts.push("type: 'boolean'", 'sort: true', "filter: 'eq'");
      break;
    case 'enum':
      parts.push("type: 'enum'", `values: ${f.currency ? 'CURRENCIES' : enumConst(r, f)}`, 'sort: true', "filter: 'eq'");
      break;
    case 'ref':
    case 'refs':
      parts.push(`type: '${f.type}'`, `ref: { resource: '${f.ref}', label: '${labels.get(f.ref!)}' }`, "filter: 'eq'");
      break;
    case 'file':
      throw new Error('a file is no form field');
  }
  if (listed) parts.push('list: true');
  if (f.unique) parts.push('unique: true');
  return `    ${f.name}: { ${parts.join(', ')} },`;
}

export function renderResource(r: ResourceSpec, labels: ReadonlyMap<string, string>): string {
  const enums = r.fields.filter((f) => f.type === 'enum' && !f.currency).map((f) => enumConst(r, f));
  const listed = new Set(
    formFields(r)
      .filter((f) => f.type !== 'text' && f.type !== 'refs')
      .slice(0, 6)
      .map((f) => f.name),
  );
  const currency = r.fields.some((f) => f.currency);
  const s = lower(r.type);
  return `import { defineResource, standardAccess } from '../../resource.js';
${currency ? "import { CURRENCIES } from '../../fields.js';\n" : ''}import { ${[...enums, `${s}CreateSchema`, `${s}Schema`, `${s}UpdateSchema`].join(', ')} } from './${r.name}.schema.js';

// Scaffolded: the section reads, the privileged roles write. Widen or narrow per action,
// and keep the contract suite's hand-written access table in step.
export const ${r.camel}Resource = defineResource({
  name: '${r.name}',
  label: '${r.label}',
  base: '${r.base}',
  path: '${r.path}',
  route: '${r.route}',
  section: '${r.section}',
  access: standardAccess('${r.section}'),
  schemas: { entity: ${s}Schema, create: ${s}CreateSchema, update: ${s}UpdateSchema },
  fields: {
${formFields(r)
  .map((f) => fieldDecl(f, r, labels, listed.has(f.name)))
  .join('\n')}
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: '${title(r).name}', order: 'asc' },
  recordTitle: '${title(r).name}',
  softDelete: true,${
    fileFields(r).length
      ? `
  // Read with \`show\`, replaced and deleted with \`edit\` (set \`access\` for other actions), at most FILE_MAX_BYTES (or \`maxBytes\`).
  files: {
${fileFields(r)
  .map(
    (f) =>
      `    '${kebabOf(f.name)}': { field: '${f.name}', label: '${humanize(f.name)}', types: [${f.kinds!.map((k) => `'${k}'`).join(', ')}] },`,
  )
  .join('\n')}
  },`
      : ''
  }
});
`;
}

// ---------------------------------------------------------------- server

function column(f: FieldSpec): string {
  const notNull = f.required ? '.notNull()' : '';
  switch (f.type) {
    case 'string':
    case 'text':
    case 'email':
      return `text()${notNull}`;
    case 'enum':
      return f.required ? 'text().notNull()' : `text().notNull().default('${f.currency ? 'USD' : f.values![0]}')`;
    case 'int':
      return `integer()${notNull}`;
    case 'decimal':
      return `numeric({ precision: 14, scale: 4, mode: 'string' })${notNull}`;
    case 'money':
      return `numeric({ precision: 14, scale: 2, mode: 'string' })${notNull}`;
    case 'date':
      return `date({ mode: 'string' })${notNull}`;
    case 'datetime':
      return `timestamptz()${notNull}`;
    case 'boolean':
      return 'boolean().notNull().default(false)';
    case 'ref':
      return `uuid()${notNull}`;
    case 'refs':
      return "uuid().array().notNull().default(sql`'{}'::uuid[]`)";
    case 'file':
      return 'jsonb().$type<StoredFileRef>()';
  }
}

export function renderTable(r: ResourceSpec): string {
  const kinds = new Set(['index', 'pgTable']);
  for (const f of r.fields) {
    const c = column(f);
    for (const k of ['text', 'integer', 'numeric', 'date', 'boolean', 'uuid', 'jsonb']) if (c.startsWith(`${k}(`)) kinds.add(k);
  }
  if (r.fields.some((f) => f.unique)) kinds.add('uniqueIndex');
  const search = searched(r)
    .map((f) => `coalesce(${snakeOf(f.name)}, '')`)
    .join(` || ' ' || `);
  const indexes = [
    ...r.fields
      .filter((f) => f.unique)
      .map((f) =>
        f.type === 'string' || f.type === 'email'
          ? `uniqueIndex('${r.table}_${snakeOf(f.name)}_key').on(sql\`lower(\${t.${f.name}})\`).where(sql\`archived_at is null\`),`
          : `uniqueIndex('${r.table}_${snakeOf(f.name)}_key').on(t.${f.name}).where(sql\`archived_at is null\`),`,
      ),
    `index('${r.table}_search_trgm').using('gin', sql\`\${t.search} gin_trgm_ops\`),`,
    `index('${r.table}_${snakeOf(title(r).name)}_idx').on(t.${title(r).name}, t.id).where(sql\`archived_at is null\`),`,
    ...r.fields.filter((f) => f.type === 'ref').map((f) => `index('${r.table}_${snakeOf(f.name)}_idx').on(t.${f.name}),`),
    ...r.fields.filter((f) => f.type === 'refs').map((f) => `index('${r.table}_${snakeOf(f.name)}_idx').using('gin', t.${f.name}),`),
  ];
  return `import { sql } from 'drizzle-orm';
import { ${[...kinds].sort().join(', ')} } from 'drizzle-orm/pg-core';
${fileFields(r).length ? "import type { StoredFileRef } from '../../../domain/fields.js';\n" : ''}import { rowColumns, timestamptz } from '../../db/columns.js';

export const ${r.camel} = pgTable(
  '${r.table}',
  {
    ...rowColumns(),
${r.fields.map((f) => `    ${f.name}: ${column(f)},`).join('\n')}
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql\`f_unaccent(lower(${search}))\`),
  },
  (t) => [
${indexes.map((i) => `    ${i}`).join('\n')}
  ],
);
`;
}

export function renderModule(r: ResourceSpec): string {
  return `import { ${r.camel}Resource } from '../../../domain/modules/${r.name}/${r.name}.resource.js';
import type { ServerModule } from '../module.js';
import { ${r.camel} } from './${r.name}.table.js';

// Rules go in the hooks (beforeCreate, beforeUpdate, beforeDelete, afterWrite: they share the
// write's transaction), special endpoints in \`routes\`, demo data in \`seed\`.
export const ${r.camel}Module: ServerModule = {
  name: '${r.name}',
  resource: { decl: ${r.camel}Resource, table: ${r.camel}, searchColumn: ${r.camel}.search },
};
`;
}

// ---------------------------------------------------------------- web

export function renderWebModule(r: ResourceSpec): string {
  return `import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's; give one of your own with \`pages: { show: () => import('./…') }\`.
export const webModule: WebModule = { resource: '${r.name}', icon: ListAltOutlinedIcon };
`;
}

/** The namespace file: English words, written into all five languages until translated. */
export function renderLocale(r: ResourceSpec): string {
  const plural = r.name.replace(/-/g, ' ');
  const values: Record<string, Record<string, string>> = {};
  for (const f of r.fields)
    if (f.type === 'enum' && !f.currency) values[f.name] = Object.fromEntries(f.values!.map((v) => [v, humanize(v)]));
  const ns = {
    title: plural.replace(/^./, (c) => c.toUpperCase()),
    one: r.label.toLowerCase(),
    search: `Search ${searched(r)
      .map((f) => humanize(f.name).toLowerCase())
      .join(', ')}…`,
    fields: { ...Object.fromEntries(formFields(r).map((f) => [f.name, humanize(f.name)])), createdAt: 'Created' },
    ...(Object.keys(values).length ? { values } : {}),
    ...(fileFields(r).length ? { files: Object.fromEntries(fileFields(r).map((f) => [f.name, humanize(f.name)])) } : {}),
  };
  return `${JSON.stringify(ns, null, 2)}\n`;
}

// ---------------------------------------------------------------- tests

/** A valid value of a field for the n-th row a test creates. */
function sample(f: FieldSpec, r: ResourceSpec, update: boolean): string {
  const u = update ? 'u' : '';
  switch (f.type) {
    case 'string':
    case 'text':
      return f.unique || f === title(r) ? `\`${humanize(f.name)} ${u}\${uniq(n)}\`` : `\`${humanize(f.name)} ${u}\${n}\``;
    case 'email':
      return `\`${r.name}.${u}\${uniq(n)}@example.com\``;
    case 'int':
      return f.unique ? `Number(uniq(n).replace(/\\D/g, '').slice(-9))` : update ? 'n + 1' : 'n';
    case 'decimal':
      return update ? '`${n % 100}.5000`' : '`${n % 100}.2500`';
    case 'money':
      return update ? '`${2000 + n}.00`' : '`${1000 + n}.50`';
    case 'date':
      return update ? "'2026-03-01'" : "'2026-01-15'";
    case 'datetime':
      return update ? "'2026-03-01T14:30:00.000Z'" : "'2026-01-15T09:00:00.000Z'";
    case 'boolean':
      return update ? 'false' : 'true';
    case 'enum':
      return f.currency ? (update ? "'EUR'" : "'USD'") : `'${f.values![update ? f.values!.length - 1 : 0]}'`;
    case 'ref':
      return `ctx.idOf('${f.ref}')`;
    case 'refs':
      return `[ctx.idOf('${f.ref}')]`;
    case 'file':
      throw new Error('a file is uploaded, not created');
  }
}

export function renderFactory(r: ResourceSpec): string {
  const t = title(r);
  const updated = formFields(r).find((f) => f !== t && !f.unique && f.type !== 'ref' && f.type !== 'refs') ?? t;
  const uses = (s: string) => [/\bn\b/.test(s), /\bctx\b/.test(s)];
  const createBody = formFields(r)
    .map((f) => `${f.name}: ${sample(f, r, false)}`)
    .join(', ');
  const updateBody = `${updated.name}: ${sample(updated, r, true)}`;
  const [cn, cctx] = uses(createBody);
  const [un, uctx] = uses(updateBody);
  const args = (n: boolean, ctx: boolean) => (ctx ? `(${n ? 'n' : '_n'}, ctx)` : n ? '(n)' : '()');
  return `  '${r.name}': {
    create: ${args(cn!, cctx!)} => ({ ${createBody} }),
    update: ${args(un!, uctx!)} => ({ ${updateBody} }),
    accented: { field: '${t.name}', value: 'Đặng Thị Ngọc Ánh ${r.label}', query: 'ngoc anh' },
  },
`;
}

const LETTER: Record<Role, string> = { admin: 'A', hr_lead: 'HL', sale_lead: 'SL', developer: 'D', hr: 'H', sale: 'S', manager: 'M' };

/** The access row as the spec's section table gives it, for a person to review. */
export function renderAccessRow(r: ResourceSpec): string {
  const readers = ROLES.filter((role) => ROLE_SECTIONS[role].includes(r.section));
  const writers = readers.filter((role) => PRIVILEGED_ROLES.includes(role));
  const list = (roles: Role[]) => `[${roles.map((x) => LETTER[x]).join(', ')}]`;
  return `  // Scaffolded from the ${r.section} section of the spec's table: readers read, privileged roles write. Review it.
  '${r.name}': {
    list: ${list(readers)},
    show: ${list(readers)},
    create: ${list(writers)},
    edit: ${list(writers)},
    delete: ${list(writers)},
    export: ${list(readers)},
    lookup: ${list(readers)},
  },
`;
}
