import type { ZodType } from 'zod';
import { PRIVILEGED_ROLES, ROLES, ROLE_SECTIONS, type Role, type Section } from './auth/permissions.js';
import { declaredAllows } from './auth/access-overrides.js';
import { SLOT_KEY, slotReadAction, slotWriteAction, type FileSlotDecl } from './file-slots.js';
import type { ImportDecl } from './imports.js';
import type { MonthCloseDecl } from './modules/month-close/month-close.rules.js';
import { statesProblems, type StatesDecl } from './state-actions.js';

/**
 * A resource is a declaration: the server's routes, the client's routes, navigation, list,
 * form and detail pages, and the contract tests are all driven by it. Rules that are really
 * the resource's own (who may change a role, allocation ≤ 100 %) stay plain code beside it.
 */

export const CRUD_ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export', 'lookup'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

/** Kinds of field, as the form picks its widget and the list its format. */
export type FieldType =
  | 'string'
  | 'text'
  | 'email'
  | 'password'
  | 'int'
  | 'decimal'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum'
  | 'ref'
  | 'refs'
  /** Free short labels (hashtags): a text[] column, filtered by any of them. */
  | 'tags';

/**
 * How a field filters a list:
 * - 'eq': `field=v` (repeated keys mean any of them) and `field_ne=v`;
 * - 'range': `field_gte` / `field_lte` (as @refinedev/simple-rest sends them), plus equality;
 * - 'search': part of the accent-free `q` search (no query key of its own).
 * A unique field is found exactly whatever its kind: a searched one takes `field=` and
 * `field_ne=` too (`filterKeys`).
 */
export type FilterKind = 'eq' | 'range' | 'search';

export interface FieldDecl {
  type: FieldType;
  sort?: boolean;
  filter?: FilterKind;
  /** enum values (type 'enum'). */
  values?: readonly string[];
  /**
   * Another resource this field points to, and the field of that resource that names a row.
   * `labels`: a GET path under this resource's API path answering `[{ id, label }]` for `?id=…`, the
   * names of the rows its records point to — for callers who read the records but may not look the
   * other resource up (a developer's tickets name their assignee). `where`: the only rows a picker
   * offers, by enum fields of the other resource (an owner sale: `{ role: ['sale', 'sale_lead'] }`).
   */
  ref?: { resource: string; label: string; labels?: string; where?: Readonly<Record<string, readonly string[]>> };
  /** tags: a GET path under the resource's API path answering `[{ tag, count }]`, the form's suggestions. */
  suggestions?: string;
  /**
   * How a plain value reads: a year never digit-grouped ('2027'), a 'YYYY-MM' month named in the user's
   * language ('janv. 2026'), an ISO country code (an enum of COUNTRY_CODES) by its name in that language
   * ('VN': 'Viêt Nam'), picked by typing that name.
   */
  display?: 'year' | 'month' | 'country';
  /** money: the field holding the currency. */
  currencyField?: string;
  /** Set by the server (computed, counters): shown, never edited. */
  readOnly?: boolean;
  /** Shown in the list (the order of `fields` is the column order); the first columns matter most at 390 px. */
  list?: boolean;
  /** Shown in the form (create and edit); defaults to true for fields in the create schema. */
  form?: boolean;
  /** Colours of an enum's chip, value → MUI colour. */
  colors?: Record<string, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info'>;
  /** Unique among live rows: a duplicate is a 409 naming this field. */
  unique?: boolean;
}

export type AccessTable<TCustom extends string = string> = Record<CrudAction | TCustom, readonly Role[]>;

/** Rows a role may only see when it owns them (`field` = the caller's id); 'write' still reads every row. */
export interface OwnerScope {
  field: string;
  roles: readonly Role[];
  applies: 'all' | 'write';
  /** The caller also reads the rows owned by the people who report to them (users.managerId): leave, logwork. */
  managers?: boolean;
}

/**
 * Rows of another resource that point at a record through one of their reference fields (a customer's
 * projects, seats, invoices): the archive dialog lists them with links, as Django admin lists related
 * objects. `live` names the rows still at work by enum values of the other resource (`status: ['open']`):
 * while one is left the record is not archived (409 `in_use`, with the counts).
 */
export interface DependantDecl {
  resource: string;
  /** The other resource's `ref`/`refs` field that points here. */
  field: string;
  live?: Readonly<Record<string, readonly string[]>>;
}

export interface ResourceDecl<TCustom extends string = string> {
  /** Refine resource name, plural kebab-case: 'customers'. */
  name: string;
  /** What one row is called in messages: 'Customer'. */
  label: string;
  base: '/api/v1' | '/api';
  /** API path under `base`, as the spec names it: 'user', 'customers'. */
  path: string;
  /** Client route root: '/customers'. */
  route: string;
  section: Section;
  access: AccessTable<TCustom>;
  schemas: { entity: ZodType; create: ZodType; update: ZodType };
  fields: Record<string, FieldDecl>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Field that names a row (detail title, pickers' label). */
  recordTitle: string;
  /**
   * Archive instead of delete: money and history depend on business rows. An archived row is listed
   * under `?archived=true`, opens read-only, and `POST /:id/restore` (the `delete` action's roles) undoes it.
   */
  softDelete: boolean;
  /** What points at a row, listed before it is archived (`GET /:id/dependants`); soft-deleting resources only. */
  dependants?: readonly DependantDecl[];
  owner?: OwnerScope;
  /** Fields never written to the audit log nor shown in History. */
  auditOmit?: readonly string[];
  /**
   * Its item in the client's navigation, shown by default to whoever may list it. `{ action }`: only
   * to those who may do that action (a reference list every role reads through the pickers, in the
   * navigation of its keepers). `false`: no item; a parent page reaches it (holidays, leave balances).
   * Either way the forms that pick it link to its list.
   */
  nav?: false | { action: string };
  /** Files kept on each row, by path segment (`cv` → `/<path>/:id/cv`): routes, checks and the pages' cards come from here. */
  files?: Record<string, FileSlotDecl>;
  /**
   * The firm's month close (decision 017): the field (an ISO date or a `YYYY-MM` month) that puts a row
   * in a month. Every write of the kit touching a closed month — create, update, delete, a file slot's
   * change — is refused with 422 `month_closed`; a module's own write routes call `assertMonthsOpen`.
   */
  closesWithMonth?: MonthCloseDecl;
  /** Its state changes (send, approve, mark paid…): `POST /<path>/:id/<segment>` each, and the buttons that call them (state-actions.ts). */
  states?: StatesDecl;
  /**
   * What a row's own state allows beyond the role's rights, as the server's rules decide it (a paid
   * salary is never archived, a numbered invoice is cancelled instead): the list and the detail page
   * offer Edit and Archive only where these say yes. Absent: every row allows both.
   */
  rowRights?: { edit?: (row: Readonly<Record<string, unknown>>) => boolean; delete?: (row: Readonly<Record<string, unknown>>) => boolean };
  /**
   * How a row reads as a card (the list on a phone) and by name (its page's title, a confirmation):
   * `title`, the fields that name it, joined (a salary: its person and month; default the
   * `recordTitle`); `figures`, the fields a card shows under its status (default: the listed ones).
   */
  card?: { title?: readonly string[]; figures?: readonly string[] };
  /**
   * A spreadsheet import (`/<path>/import/*`: template, validate, errors, preview, execute, and the
   * imports kept): rows matched by `key`, each written by the resource's own create and update rules.
   * Needs an `import` action in `access` (who may import: who may create).
   */
  import?: ImportDecl;
}

/** The fields that name a row: the declared card title, else the record title. */
export const titleFields = (decl: Pick<ResourceDecl, 'card' | 'recordTitle'>): readonly string[] =>
  decl.card?.title?.length ? decl.card.title : [decl.recordTitle];

/** Whether a row's own state lets the kit's edit or delete (archive) start: `rowRights`, else yes. */
export function rowAllows(
  decl: Pick<ResourceDecl, 'rowRights'>,
  action: 'edit' | 'delete',
  row: Readonly<Record<string, unknown>>,
): boolean {
  return decl.rowRights?.[action]?.(row) ?? true;
}

export function defineResource<const T extends ResourceDecl>(decl: T): T {
  for (const [name, f] of Object.entries(decl.fields)) {
    if (f.type === 'enum' && !f.values?.length) throw new Error(`${decl.name}.${name}: an enum needs values`);
    if ((f.type === 'ref' || f.type === 'refs') && !f.ref) throw new Error(`${decl.name}.${name}: a reference needs ref`);
  }
  const entityKeys = Object.keys((decl.schemas.entity as ZodType & { shape?: object }).shape ?? {});
  for (const [key, slot] of Object.entries(decl.files ?? {})) {
    if (!SLOT_KEY.test(key)) throw new Error(`${decl.name}.files.${key}: a slot's key is a kebab-case path segment`);
    if (!entityKeys.includes(slot.field)) throw new Error(`${decl.name}.files.${key}: the entity has no field ${slot.field}`);
    if (slot.field in decl.fields) throw new Error(`${decl.name}.files.${key}: ${slot.field} is the slot's, not a form field`);
    if (!slot.types.length) throw new Error(`${decl.name}.files.${key}: a slot needs types`);
    for (const action of [slotReadAction(slot), slotWriteAction(slot)])
      if (!Object.hasOwn(decl.access, action)) throw new Error(`${decl.name}.files.${key}: the access table has no action ${action}`);
  }
  if (decl.closesWithMonth && !entityKeys.includes(decl.closesWithMonth.field))
    throw new Error(`${decl.name}.closesWithMonth: the entity has no field ${decl.closesWithMonth.field}`);
  for (const problem of decl.states ? statesProblems(decl.states, decl.access, entityKeys) : [])
    throw new Error(`${decl.name}.states: ${problem}`);
  for (const field of [...(decl.card?.title ?? []), ...(decl.card?.figures ?? [])])
    if (!decl.fields[field]) throw new Error(`${decl.name}.card: no declared field ${field}`);
  if (decl.nav && !Object.hasOwn(decl.access, decl.nav.action))
    throw new Error(`${decl.name}.nav: the access table has no action ${decl.nav.action}`);
  for (const problem of decl.import ? importProblems(decl) : []) throw new Error(`${decl.name}.import: ${problem}`);
  if (decl.dependants?.length && !decl.softDelete)
    throw new Error(`${decl.name}: dependants are listed before an archive; it needs softDelete`);
  if (!decl.fields[decl.defaultSort.field]?.sort && decl.defaultSort.field !== 'createdAt')
    throw new Error(`${decl.name}: the default sort field must be sortable`);
  return decl;
}

/** What is wrong with a declared import: its key fields declared, not excluded, and who may import named. */
function importProblems(decl: ResourceDecl): string[] {
  const imp = decl.import!;
  const problems: string[] = [];
  if (!imp.key.length) problems.push('a key needs at least one field');
  for (const k of imp.key) {
    if (!decl.fields[k]) problems.push(`no declared field ${k}`);
    else if (imp.exclude?.includes(k)) problems.push(`the key field ${k} is excluded`);
  }
  if (!Object.hasOwn(decl.access, 'import')) problems.push('the access table has no action import');
  return problems;
}

/** Roles whose section table includes `section`. */
export function sectionRoles(section: Section): Role[] {
  return ROLES.filter((r) => ROLE_SECTIONS[r].includes(section));
}

/** The common case: the section reads, the privileged roles write. Override per action. */
export function standardAccess(section: Section, overrides: Partial<AccessTable> = {}): AccessTable {
  const readers = sectionRoles(section);
  const writers = readers.filter((r) => PRIVILEGED_ROLES.includes(r));
  return {
    list: readers,
    show: readers,
    create: writers,
    edit: writers,
    delete: writers,
    export: readers,
    lookup: readers,
    ...overrides,
  };
}

/**
 * Whether the row's owner scope lets this user change it: a role that writes only its own rows
 * (`owner.roles`) may change a row whose owner field names someone else in no case. The server
 * refuses such a write (403 not_owner); lists and record pages use the same rule to show no Edit
 * or Delete on it.
 */
export function ownerAllowsWrite(
  decl: Pick<ResourceDecl, 'owner'>,
  user: { id: string; role: string } | undefined,
  row: Record<string, unknown>,
): boolean {
  if (!decl.owner || !user || !decl.owner.roles.includes(user.role as Role)) return true;
  return row[decl.owner.field] === user.id;
}

/** Whether this role reads only the rows whose owner field names them (a sale: their own bonuses). */
export function readsOwnOnly(decl: Pick<ResourceDecl, 'owner'>, role: string): boolean {
  return !!decl.owner && decl.owner.applies === 'all' && decl.owner.roles.includes(role as Role);
}

/** The declaration's answer, before the firm's overrides (`can()` applies them). */
export const allowsAction = declaredAllows;

export type FilterOp = 'eq' | 'ne' | 'gte' | 'lte';

/**
 * Query keys a list accepts for a field, by its filter kind, with the comparison each stands for.
 * A unique field always has equality: a stock client's `?email=a@b.c` names one row, even where
 * the field is otherwise searched (users' e-mail, a tech stack's name).
 */
export function filterKeys(name: string, f: FieldDecl): Array<{ key: string; op: FilterOp }> {
  if (f.filter === 'range')
    return [
      { key: name, op: 'eq' },
      { key: `${name}_gte`, op: 'gte' },
      { key: `${name}_lte`, op: 'lte' },
    ];
  if (f.filter === 'eq' || f.unique)
    return [
      { key: name, op: 'eq' },
      { key: `${name}_ne`, op: 'ne' },
    ];
  return [];
}

const TEXT_TYPES: readonly FieldType[] = ['string', 'text', 'email'];

/**
 * Whether a filter compares the field's texts case-insensitively: texts that tell rows apart
 * (unique ones, e-mail addresses) are matched as their uniqueness is checked, `lower(a) = lower(b)`,
 * so `?code=acme` finds "ACME". Other texts (a country) compare as they are.
 */
export function filtersCaseless(f: Pick<FieldDecl, 'type' | 'unique'>): boolean {
  return TEXT_TYPES.includes(f.type) && (f.unique === true || f.type === 'email');
}

/**
 * The list filter that shows a record's dependants of one kind, as query keys of the other resource's
 * list (`customerId=…`, and `status=open&status=on_hold` for the live ones): the dialog's links and the
 * server's counts read the same filter.
 */
export function dependantFilter(d: DependantDecl, id: string, liveOnly = false): Record<string, string[]> {
  return { [d.field]: [id], ...(liveOnly && d.live ? Object.fromEntries(Object.entries(d.live).map(([k, v]) => [k, [...v]])) : {}) };
}
