import type { CrudFilter, CrudSort } from '@refinedev/core';
import { filterKeys, type ResourceDecl } from '../../../domain/resource';

// A list's state lives in the URL (reload, back and a shared link keep it): page, pageSize,
// sort, order, q, and each declared filter under its API key (`status=a&status=b`,
// `createdAt_gte=…`). The same state becomes the data request and the export's query.

export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 10;

export interface ListState {
  page: number;
  pageSize: number;
  sort: { field: string; order: 'asc' | 'desc' };
  q: string;
  /** API filter key → values (several values of one key mean any of them). */
  filters: Record<string, string[]>;
  /** The archived rows instead of the live ones (`archived=true`; soft-deleting resources). */
  archived?: boolean;
}

/** Every filter key a resource's list accepts. */
export function allowedFilterKeys(decl: ResourceDecl): string[] {
  return Object.entries(decl.fields).flatMap(([name, f]) => filterKeys(name, f).map((k) => k.key));
}

export function parseListState(decl: ResourceDecl, sp: URLSearchParams, pageSize = DEFAULT_PAGE_SIZE): ListState {
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const size = Number(sp.get('pageSize'));
  const sortField = sp.get('sort');
  const sort =
    sortField && decl.fields[sortField]?.sort
      ? { field: sortField, order: sp.get('order') === 'desc' ? ('desc' as const) : ('asc' as const) }
      : decl.defaultSort;
  const filters: Record<string, string[]> = {};
  for (const key of allowedFilterKeys(decl)) {
    const values = sp.getAll(key).filter((v) => v !== '');
    if (values.length) filters[key] = values;
  }
  const archived = decl.softDelete && sp.get('archived') === 'true';
  return {
    page,
    pageSize: PAGE_SIZES.includes(size) ? size : pageSize,
    sort,
    q: sp.get('q') ?? '',
    filters,
    ...(archived ? { archived } : {}),
  };
}

/** The URL of a state; defaults are left out so that a plain list keeps a plain URL. */
export function writeListState(decl: ResourceDecl, s: ListState, defaultPageSize = DEFAULT_PAGE_SIZE): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.page > 1) sp.set('page', String(s.page));
  if (s.pageSize !== defaultPageSize) sp.set('pageSize', String(s.pageSize));
  if (s.sort.field !== decl.defaultSort.field || s.sort.order !== decl.defaultSort.order) {
    sp.set('sort', s.sort.field);
    sp.set('order', s.sort.order);
  }
  if (s.q) sp.set('q', s.q);
  for (const [key, values] of Object.entries(s.filters)) for (const v of values) sp.append(key, v);
  if (s.archived) sp.set('archived', 'true');
  return sp;
}

const OPERATORS = { _gte: 'gte', _lte: 'lte', _ne: 'ne' } as const;

/** Refine filters: simple-rest sends them back as the same keys (arrays as repeated keys). */
export function toCrudFilters(s: Pick<ListState, 'q' | 'filters' | 'archived'>, fixed: Record<string, string> = {}): CrudFilter[] {
  const out: CrudFilter[] = [];
  if (s.q.trim()) out.push({ field: 'q', operator: 'eq', value: s.q.trim() });
  for (const [key, values] of Object.entries(s.filters)) {
    const suffix = (Object.keys(OPERATORS) as (keyof typeof OPERATORS)[]).find((x) => key.endsWith(x));
    if (suffix) out.push({ field: key.slice(0, -suffix.length), operator: OPERATORS[suffix], value: values[0] });
    else out.push({ field: key, operator: 'in', value: values.length === 1 ? values[0] : values });
  }
  for (const [field, value] of Object.entries(fixed)) out.push({ field, operator: 'eq', value });
  if (s.archived) out.push({ field: 'archived', operator: 'eq', value: 'true' });
  return out;
}

export const toSorters = (s: Pick<ListState, 'sort'>): CrudSort[] => [{ field: s.sort.field, order: s.sort.order }];

/** The export's query: exactly the list's filters, q and sort (no paging). */
export function exportQuery(s: ListState, format: 'xlsx' | 'csv', fixed: Record<string, string> = {}): URLSearchParams {
  const sp = new URLSearchParams({ format });
  if (s.q.trim()) sp.set('q', s.q.trim());
  for (const [key, values] of Object.entries(s.filters)) for (const v of values) sp.append(key, v);
  for (const [key, v] of Object.entries(fixed)) sp.set(key, v);
  if (s.archived) sp.set('archived', 'true');
  sp.set('_sort', s.sort.field);
  sp.set('_order', s.sort.order);
  return sp;
}

/** A bulk action's query on the whole filtered list: the list's filters, q and fixed values (never paging nor sort). */
export function bulkQuery(s: Pick<ListState, 'q' | 'filters'>, fixed: Record<string, string> = {}): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.q.trim()) sp.set('q', s.q.trim());
  for (const [key, values] of Object.entries(s.filters)) for (const v of values) sp.append(key, v);
  for (const [key, v] of Object.entries(fixed)) sp.set(key, v);
  return sp;
}
