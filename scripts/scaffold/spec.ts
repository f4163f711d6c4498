import { SECTIONS, type Section } from '../../src/domain/auth/permissions.js';
import { FILE_KINDS, type FileKind } from '../../src/domain/file-slots.js';

/** The field types the scaffold understands, Rails-style. */
export const SCAFFOLD_TYPES = [
  'string',
  'text',
  'email',
  'int',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'enum',
  'ref',
  'refs',
  'file',
] as const;
export type ScaffoldType = (typeof SCAFFOLD_TYPES)[number];

export interface FieldSpec {
  name: string;
  type: ScaffoldType;
  /** enum values */
  values?: string[];
  /** ref / refs: the resource pointed at */
  ref?: string;
  /** file: the kinds its slot takes (a declared file slot at `/:id/<kebab-name>`, not a form field) */
  kinds?: FileKind[];
  required: boolean;
  unique: boolean;
  /** The shared currency field that money fields are in (added when money has none). */
  currency?: boolean;
}

export interface ResourceSpec {
  /** Plural kebab-case resource name: 'external-costs'. */
  name: string;
  /** camelCase of the name: 'externalCosts' (variables, the Drizzle table). */
  camel: string;
  /** Singular PascalCase: 'ExternalCost' (types). */
  type: string;
  /** snake_case table name: 'external_costs'. */
  table: string;
  /** What one row is called: 'External cost'. */
  label: string;
  base: '/api/v1' | '/api';
  path: string;
  route: string;
  section: Section;
  fields: FieldSpec[];
}

export const USAGE = `Usage: npm run new:resource -- <name> <field>:<type>[:required][:unique] ... [--section <section>] [--path <api-path>] [--base /api] [--label <Label>]

  <name>     plural kebab-case resource name, e.g. external-costs
  <type>     ${SCAFFOLD_TYPES.filter((t) => !['enum', 'ref', 'refs', 'file'].includes(t)).join(' ')} enum(a|b|c) ref(<resource>) refs(<resource>) file(pdf|docx|…)
  The first field names a row (list title, pickers): it must be a string and is always required.
  --section  one of: ${SECTIONS.join(', ')} (default: the section named like the resource)

Example: npm run new:resource -- vendors name:string:unique contactEmail:email rating:int status:enum(active|blocked) customerId:ref(customers) --section external-costs`;

export class ScaffoldError extends Error {}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
// Columns every row has, or that the kit adds.
const RESERVED = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'archivedAt', 'search', 'q', 'page', 'limit', 'sort', 'order']);

export const camelOf = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const snakeOf = (camel: string) =>
  camel
    .replace(/([A-Z])/g, '_$1')
    .toLowerCase()
    .replace(/^_/, '');

/** 'external-costs' → 'external-cost'; 'companies' → 'company'; 'statuses' → 'status'. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|us|x|ch|sh)es$/.test(word)) return word.replace(/es$/, '');
  if (/s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word;
}

function parseField(arg: string): FieldSpec {
  const m = /^([A-Za-z0-9_]+):(\w+)(?:\(([^)]*)\))?((?::\w+)*)$/.exec(arg);
  if (!m) throw new ScaffoldError(`"${arg}" is not <field>:<type>[:required][:unique]`);
  const [, name, kind, inner, flags] = m as unknown as [string, string, string, string | undefined, string];
  if (!CAMEL.test(name)) throw new ScaffoldError(`field "${name}" must be camelCase, e.g. startDate`);
  if (RESERVED.has(name)) throw new ScaffoldError(`field "${name}" is added by the kit; choose another name`);
  if (!(SCAFFOLD_TYPES as readonly string[]).includes(kind)) throw new ScaffoldError(`field "${name}": unknown type "${kind}"`);
  const type = kind as ScaffoldType;
  const modifiers = flags.split(':').filter(Boolean);
  for (const f of modifiers) if (f !== 'required' && f !== 'unique') throw new ScaffoldError(`field "${name}": unknown modifier "${f}"`);
  const spec: FieldSpec = { name, type, required: modifiers.includes('required'), unique: modifiers.includes('unique') };
  if (type === 'enum') {
    const values = (inner ?? '').split('|').filter(Boolean);
    if (values.length < 2 || values.some((v) => !/^[a-z][a-z0-9_]*$/.test(v)))
      throw new ScaffoldError(`field "${name}": enum needs two or more snake_case values, e.g. enum(open|on_hold|closed)`);
    spec.values = values;
  } else if (type === 'ref' || type === 'refs') {
    if (!inner || !KEBAB.test(inner)) throw new ScaffoldError(`field "${name}": ${type} needs a resource, e.g. ${type}(customers)`);
    spec.ref = inner;
  } else if (type === 'file') {
    const kinds = (inner ?? '').split('|').filter(Boolean);
    if (!kinds.length || kinds.some((k) => !(k in FILE_KINDS)))
      throw new ScaffoldError(`field "${name}": file needs its kinds among ${Object.keys(FILE_KINDS).join(', ')}, e.g. file(pdf|docx)`);
    if (spec.required) throw new ScaffoldError(`field "${name}": a file is uploaded after the row exists, so it cannot be required`);
    spec.kinds = kinds as FileKind[];
  } else if (inner !== undefined) throw new ScaffoldError(`field "${name}": ${type} takes no parameters`);
  if (spec.unique && !['string', 'email', 'int', 'date'].includes(type))
    throw new ScaffoldError(`field "${name}": only string, email, int and date fields can be unique`);
  return spec;
}

/**
 * Reads the command line into a resource spec, refusing anything the generated code could not
 * carry. `known` are the resources already declared (names and API paths).
 */
export function parseArgs(argv: string[], known: ReadonlyArray<{ name: string; path: string; route: string }>): ResourceSpec {
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new ScaffoldError(`${a} needs a value`);
      options[a.slice(2)] = value;
      i++;
    } else positional.push(a);
  }
  for (const k of Object.keys(options))
    if (!['section', 'path', 'base', 'label'].includes(k)) throw new ScaffoldError(`unknown option --${k}`);
  const [name, ...fieldArgs] = positional;
  if (!name) throw new ScaffoldError('a resource name is needed');
  if (!KEBAB.test(name)) throw new ScaffoldError(`"${name}" must be plural kebab-case, e.g. external-costs`);
  if (known.some((r) => r.name === name)) throw new ScaffoldError(`resource "${name}" already exists`);
  if (!fieldArgs.length) throw new ScaffoldError('at least one field is needed');

  const fields = fieldArgs.map(parseField);
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) throw new ScaffoldError(`field "${f.name}" is given twice`);
    seen.add(f.name);
  }
  const title = fields[0]!;
  if (title.type !== 'string')
    throw new ScaffoldError(`the first field names a row and must be a string (got ${title.name}:${title.type})`);
  title.required = true;
  for (const f of fields)
    if (f.ref && f.ref !== name && !known.some((r) => r.name === f.ref))
      throw new ScaffoldError(`field "${f.name}": no resource "${f.ref}"`);

  // Money is kept in its record's currency.
  if (fields.some((f) => f.type === 'money')) {
    if (seen.has('currency')) throw new ScaffoldError('field "currency" is added for the money fields: leave it out');
    fields.push({ name: 'currency', type: 'enum', required: false, unique: false, currency: true });
  }

  const section = (options.section ?? (SECTIONS as readonly string[]).find((s) => s === name)) as Section | undefined;
  if (!section || !(SECTIONS as readonly string[]).includes(section))
    throw new ScaffoldError(`--section is needed: one of ${SECTIONS.join(', ')}`);
  const base = (options.base ?? '/api/v1') as ResourceSpec['base'];
  if (base !== '/api/v1' && base !== '/api') throw new ScaffoldError('--base is /api/v1 or /api');
  const path = options.path ?? name;
  if (!/^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/.test(path)) throw new ScaffoldError(`--path "${path}" is not a kebab-case path`);
  if (known.some((r) => r.path === path)) throw new ScaffoldError(`API path "${path}" is taken`);
  const route = `/${name}`;
  if (known.some((r) => r.route === route)) throw new ScaffoldError(`route ${route} is taken`);

  const camel = camelOf(name);
  const one = singular(name);
  const type = camelOf(one).replace(/^./, (c) => c.toUpperCase());
  const label = options.label ?? one.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return { name, camel, type, table: snakeOf(camel), label, base, path, route, section, fields };
}
