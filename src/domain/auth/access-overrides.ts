import { SECTIONS, toRole, type Role, type Section } from './permissions.js';

/**
 * A firm's changes to the declared access (docs/decisions/014): the declarations' `access` tables
 * stay the defaults, an override grants or revokes one role's action on one resource, and the
 * effective access is the default unless an override says otherwise.
 */

/** What access decisions read of a resource's declaration (resource.ts declares the whole of it). */
interface DeclaredAccess {
  name: string;
  section: Section;
  access: Readonly<Record<string, readonly Role[]>>;
}

/** `role:resource:action` → allowed. */
export type AccessOverrides = ReadonlyMap<string, boolean>;

export const NO_OVERRIDES: AccessOverrides = new Map();

export const overrideKey = (role: string, resource: string, action: string) => `${role}:${resource}:${action}`;

export function overridesFrom(rows: ReadonlyArray<{ role: string; resource: string; action: string; allowed: boolean }>): AccessOverrides {
  return new Map(rows.map((r) => [overrideKey(r.role, r.resource, r.action), r.allowed]));
}

/** The declaration's answer, before any override. */
export function declaredAllows(decl: Pick<DeclaredAccess, 'access'>, role: unknown, action: string): boolean {
  const r = toRole(role);
  // Own keys only: an action named like Object's members ('toString', 'constructor') is no action.
  const access = decl.access as Record<string, readonly Role[] | undefined>;
  const roles = Object.hasOwn(access, action) ? access[action] : undefined;
  return r !== undefined && Array.isArray(roles) && roles.includes(r);
}

/** Default plus override. An override only ever names a declared action: an unknown one stays refused. */
export function effectiveAllows(
  decl: Pick<DeclaredAccess, 'access' | 'name'>,
  role: unknown,
  action: string,
  overrides: AccessOverrides,
): boolean {
  const r = toRole(role);
  if (!r || !Object.hasOwn(decl.access, action)) return false;
  return overrides.get(overrideKey(r, decl.name, action)) ?? declaredAllows(decl, r, action);
}

/** Every action a declaration names, in the matrix's order: the kit's first, then the module's own. */
export function actionsOf(decl: Pick<DeclaredAccess, 'access'>): string[] {
  const kit = ['list', 'show', 'create', 'edit', 'delete', 'export', 'lookup'];
  const own = Object.keys(decl.access).filter((a) => !kit.includes(a));
  return [...kit.filter((a) => Object.hasOwn(decl.access, a)), ...own];
}

/** Actions that make no sense without reading the rows they act on. */
export const REQUIRES: Readonly<Record<string, readonly string[]>> = {
  create: ['list', 'show'],
  edit: ['list', 'show'],
  delete: ['list', 'show'],
  export: ['list', 'show'],
  // An import matches its rows against those the caller reads, and its template is the list.
  import: ['list', 'show'],
};

/** Refusal codes of a change, each with what it names. */
export type ChangeRefusal =
  { code: 'admin_locked' } | { code: 'access_requires'; actions: string[] } | { code: 'access_required_by'; actions: string[] };

/**
 * The changes one request makes, after its safeguards: granting an action brings the reads it needs
 * when `together` is asked, else it is refused naming them; revoking a read takes the actions that
 * need it with it when `together` is asked, else it is refused naming them. Admin's access never
 * shrinks (no lock-out).
 */
export function planChange(
  decl: Pick<DeclaredAccess, 'access' | 'name'>,
  role: Role,
  action: string,
  allowed: boolean,
  overrides: AccessOverrides,
  together: boolean,
): { ok: true; changes: Array<{ action: string; allowed: boolean }> } | ({ ok: false } & ChangeRefusal) {
  const has = (a: string) => effectiveAllows(decl, role, a, overrides);
  if (role === 'admin' && !allowed && declaredAllows(decl, role, action)) return { ok: false, code: 'admin_locked' };
  const changes = [{ action, allowed }];
  if (allowed) {
    const missing = (REQUIRES[action] ?? []).filter((a) => Object.hasOwn(decl.access, a) && !has(a));
    if (missing.length && !together) return { ok: false, code: 'access_requires', actions: missing };
    changes.push(...missing.map((a) => ({ action: a, allowed: true })));
  } else {
    const dependants = Object.entries(REQUIRES)
      .filter(([a, needs]) => needs.includes(action) && Object.hasOwn(decl.access, a) && has(a))
      .map(([a]) => a);
    if (dependants.length && !together) return { ok: false, code: 'access_required_by', actions: dependants };
    if (role === 'admin' && dependants.some((a) => declaredAllows(decl, role, a))) return { ok: false, code: 'admin_locked' };
    changes.push(...dependants.map((a) => ({ action: a, allowed: false })));
  }
  return { ok: true, changes };
}

/** Sections in the spec's order, each with the resources declared under it. */
export function resourcesBySection<T extends DeclaredAccess>(resources: readonly T[]): Array<{ section: Section; resources: T[] }> {
  return SECTIONS.map((section) => ({ section, resources: resources.filter((r) => r.section === section) }));
}

// The client's current overrides (its own role's, from the session): `can()` reads them when the
// caller passes none. The server always passes the overrides it read for the request.
let active: AccessOverrides = NO_OVERRIDES;
export const activeAccessOverrides = (): AccessOverrides => active;
export function setActiveAccessOverrides(overrides: AccessOverrides): void {
  active = overrides;
}
