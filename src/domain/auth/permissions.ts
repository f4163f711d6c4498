// The spec's role × section table (section 6) and navigation role lists, kept once.
// The server enforces these; the client hides and disables with the same functions.

export const ROLES = ['admin', 'hr_lead', 'sale_lead', 'developer', 'hr', 'sale', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const SECTIONS = [
  'dashboard',
  'users',
  'headcount',
  'invoice',
  'salary',
  'logworks',
  'candidates',
  'customers',
  'jobs',
  'external-costs',
  'pnl',
  'kpi',
  'commission',
  'hr-commission',
  'leave',
] as const;
export type Section = (typeof SECTIONS)[number];

/** The spec's section titles, as the navigation compares them. */
export const SECTION_TITLES: Record<Section, string> = {
  dashboard: 'Dashboard',
  users: 'Users',
  headcount: 'Headcount',
  invoice: 'Invoice',
  salary: 'Salary',
  logworks: 'Logworks',
  candidates: 'Candidates',
  customers: 'Customers',
  jobs: 'Jobs',
  'external-costs': 'External Costs',
  pnl: 'Profit & Loss',
  kpi: 'KPI',
  commission: 'Commission',
  'hr-commission': 'HR Commission',
  leave: 'Leave',
};

const ALL: readonly Section[] = SECTIONS;

export const ROLE_SECTIONS: Record<Role, readonly Section[]> = {
  admin: ALL,
  hr_lead: ALL,
  sale_lead: ALL.filter((s) => s !== 'hr-commission'),
  developer: ['dashboard', 'logworks', 'leave'],
  hr: ['dashboard', 'users', 'candidates', 'customers', 'jobs', 'logworks', 'external-costs', 'hr-commission', 'leave'],
  sale: ['dashboard', 'candidates', 'customers', 'jobs', 'headcount', 'invoice', 'external-costs', 'kpi', 'commission', 'leave'],
  manager: ['dashboard', 'headcount', 'invoice', 'users', 'candidates', 'customers', 'jobs', 'external-costs', 'leave'],
};

export const PRIVILEGED_ROLES: readonly Role[] = ['admin', 'hr_lead', 'sale_lead'];

/** Roles are compared in lower case; anything else is not a role. */
export function toRole(value: unknown): Role | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : undefined;
}

export function isPrivileged(role: unknown): boolean {
  const r = toRole(role);
  return r !== undefined && PRIVILEGED_ROLES.includes(r);
}

/** Section-access table: an unknown role has no sections. */
export function sectionsOf(role: unknown): readonly Section[] {
  const r = toRole(role);
  return r ? ROLE_SECTIONS[r] : [];
}

export function canAccessSection(role: unknown, section: Section): boolean {
  return sectionsOf(role).includes(section);
}

/** Explicit role lists of navigation items (section 6), keyed by nav path. */
export const NAV_ROLES = {
  '/logwork/all-devs': ['admin', 'sale_lead', 'hr_lead', 'hr'],
  '/external-costs': ['admin', 'hr', 'hr_lead', 'sale', 'sale_lead', 'manager'],
  '/pnl': ['admin', 'hr_lead', 'sale_lead', 'manager'],
  '/kpi': ['admin', 'hr_lead', 'sale_lead', 'sale'],
  '/kpi/list': ['admin', 'hr_lead', 'sale_lead'],
  '/kpi/dashboard': ['admin', 'hr_lead', 'sale_lead', 'sale'],
  '/kpi/project-bonuses': ['admin', 'hr_lead', 'sale_lead', 'sale'],
  '/commission': ['admin', 'hr_lead', 'sale_lead', 'sale'],
  '/commission/matrix': ['admin', 'hr_lead'],
  '/hr-commission': ['admin', 'hr_lead', 'hr'],
  '/hr-commission/matrix': ['admin', 'hr_lead'],
  '/leave/approvals': ['admin', 'hr_lead', 'sale_lead', 'manager'],
  '/leave/dashboard': ['admin', 'hr_lead', 'sale_lead'],
  '/leave/matrix': ['admin', 'hr_lead'],
} as const satisfies Record<string, readonly Role[]>;

/** Navigation treats an unknown role as developer (the spec's other reading). */
export function navRole(role: unknown): Role {
  return toRole(role) ?? 'developer';
}

/** Navigation visibility: explicit role list if the item has one, else the section table. */
export function canSeeNavItem(role: unknown, item: { roles?: readonly Role[]; section?: Section }): boolean {
  const r = navRole(role);
  if (item.roles) return item.roles.includes(r);
  return item.section ? ROLE_SECTIONS[r].includes(item.section) : true;
}

/** Role guard: path prefix → module (section). Root is the dashboard. */
const PREFIX_SECTIONS: ReadonlyArray<[string, Section]> = [
  ['users', 'users'],
  ['headcounts', 'headcount'],
  ['invoices', 'invoice'],
  ['salary', 'salary'],
  ['logwork', 'logworks'],
  ['candidates', 'candidates'],
  ['customers', 'customers'],
  ['clients', 'customers'],
  ['jobs', 'jobs'],
  ['external-costs', 'external-costs'],
  ['pnl', 'pnl'],
  ['kpi', 'kpi'],
  ['commission', 'commission'],
  ['hr-commission', 'hr-commission'],
  ['leave', 'leave'],
];

export function sectionForPath(pathname: string): Section | undefined {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === '') return 'dashboard';
  return PREFIX_SECTIONS.find(([prefix]) => prefix === first)?.[1];
}

/**
 * Route guard: a path with an explicit navigation role list (closest listed prefix) follows
 * that list; any other path follows the section table. The lists and the table agree except
 * for Profit & Loss, which the spec's navigation shows to manager: a manager may open it
 * (docs/decisions/001).
 */
export function canAccessPath(role: unknown, pathname: string): boolean {
  const section = sectionForPath(pathname);
  if (!section) return toRole(role) !== undefined; // personal-info, tickets and the like: any signed-in user
  const r = toRole(role);
  if (!r) return false;
  const listed = (Object.keys(NAV_ROLES) as Array<keyof typeof NAV_ROLES>)
    .filter((p) => pathname === p || pathname.startsWith(p + '/'))
    .sort((a, b) => b.length - a.length)[0];
  return listed ? (NAV_ROLES[listed] as readonly Role[]).includes(r) : canAccessSection(r, section);
}

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

/**
 * Who may do what beyond reading a section. Writes on most resources are for the
 * privileged roles; modules widen this where the domain says so (e.g. hr on candidates).
 */
export function canAccess(role: unknown, section: Section, action: Action, writers?: readonly Role[]): boolean {
  if (!canAccessSection(role, section)) return false;
  if (action === 'list' || action === 'show') return true;
  const r = toRole(role)!;
  return (writers ?? PRIVILEGED_ROLES).includes(r);
}
