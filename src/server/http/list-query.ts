import { z } from 'zod';
import { filterKeys, filtersCaseless, type FieldDecl, type FilterOp, type ResourceDecl } from '../../domain/resource.js';
import { isoDate, tagText } from '../../domain/fields.js';

/** Paging, sorting, search and declared filters; json-server's `_start/_end/_sort/_order` too. */
export interface ListQuery {
  page?: number;
  limit?: number;
  _start?: number;
  _end?: number;
  sort?: string;
  order: 'asc' | 'desc';
  q?: string;
  ids?: string[];
  /** Declared filters (`status=`, `status_ne=`, `joinDate_gte=`), values typed by the field. */
  filters: Array<{ field: string; op: FilterOp; values: unknown[] }>;
}

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const MAX_PAGE_SIZE = 100;
const many = (item: z.ZodType) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(item as z.ZodType<unknown, string>).max(50));

/** A query value of a field's type: what `?field=` must parse as. */
function valueSchema(f: FieldDecl): z.ZodType {
  switch (f.type) {
    case 'enum':
      return z.enum(f.values as [string, ...string[]]);
    case 'ref':
    case 'refs':
      return z.uuid({ message: 'invalid_id' });
    case 'int':
      return z.coerce.number({ message: 'not_number' }).int();
    case 'decimal':
    case 'money':
      return z.coerce.number({ message: 'not_number' }).finite();
    case 'boolean':
      return z.enum(['true', 'false']).transform((v) => v === 'true');
    case 'tags':
      // Read as the tags are stored: `?hashtags=Java` finds "java".
      return tagText(200).refine(Boolean, { message: 'required' });
    case 'date':
      return isoDate;
    case 'datetime':
      // A day or an instant: `createdAt_gte=2026-01-01` means from that day on.
      return z.union([isoDate, z.iso.datetime({ offset: true, message: 'datetime' })]);
    default:
      return z.string().max(200);
  }
}

/**
 * What a filter key means, for the OpenAPI document: a client discovers the filters there, each query
 * parameter with its field and comparison (`x-filter`, the suffix simple-rest sends for its operator).
 */
function filterDoc(field: string, f: FieldDecl, op: FilterOp) {
  const many = f.type === 'refs' || f.type === 'tags';
  const caseless = filtersCaseless(f) ? ', ignoring letter case' : '';
  const description = {
    eq: many
      ? `Filter: ${field} holds any of the values (repeat the key for several)`
      : `Filter: ${field} equals one of the values${caseless} (repeat the key for several)`,
    ne: many
      ? `Filter: ${field} holds none of the values`
      : `Filter: ${field} differs from every value${caseless}; rows without a ${field} included`,
    gte: `Filter: ${field} is at least the value`,
    lte: `Filter: ${field} is at most the value`,
  }[op];
  return { description, 'x-filter': { field, operator: op } };
}

/**
 * The query schema of a resource's lists: every key is declared, so an unknown key, an
 * undeclared sort or filter, or a value of the wrong type is a 400 naming the key
 * (`?role[$ne]=admin` or `?joinDate_gte=…` on an undeclared field never silently return every row).
 */
export function listQuerySchema(decl: Pick<ResourceDecl, 'fields'>, extra: Record<string, z.ZodType> = {}) {
  const sortable = Object.entries(decl.fields)
    .filter(([, f]) => f.sort)
    .map(([name]) => name);
  // json-server sends `_sort`/`_order` repeated for several sorters: the first one decides.
  const first = z.union([z.string(), z.array(z.string()).min(1)]).transform((v) => (Array.isArray(v) ? v[0]! : v));
  const sortEnum = first.pipe(z.enum(sortable as [string, ...string[]]));
  const order = first.transform((v) => v.toLowerCase()).pipe(z.enum(['asc', 'desc']));
  const filterKeysByName = new Map<string, { field: string; op: FilterOp }>();
  const shape: Record<string, z.ZodType> = {
    page: int(1, 1_000_000).optional(),
    limit: int(1, MAX_PAGE_SIZE).optional(),
    _start: int(0, 100_000_000).optional(),
    _end: int(0, 100_000_000).optional(),
    sort: sortEnum.optional(),
    _sort: sortEnum.optional(),
    order: order.optional(),
    _order: order.optional(),
    q: z.string().trim().max(200).optional(),
    id: many(z.uuid({ message: 'invalid_id' })).optional(),
    ...extra,
  };
  for (const [name, f] of Object.entries(decl.fields)) {
    for (const { key, op } of filterKeys(name, f)) {
      shape[key] = many(valueSchema(f))
        .optional()
        .meta(filterDoc(name, f, op));
      filterKeysByName.set(key, { field: name, op });
    }
  }
  return z.strictObject(shape).transform((raw): ListQuery & Record<string, unknown> => {
    const r = raw as Record<string, unknown>;
    const filters: ListQuery['filters'] = [];
    for (const [key, filter] of filterKeysByName) {
      const values = r[key] as unknown[] | undefined;
      if (values?.length) filters.push({ ...filter, values });
    }
    const rest = Object.fromEntries(Object.keys(extra).map((k) => [k, r[k]]));
    return {
      ...rest,
      page: r.page as number | undefined,
      limit: r.limit as number | undefined,
      _start: r._start as number | undefined,
      _end: r._end as number | undefined,
      sort: (r.sort ?? r._sort) as string | undefined,
      order: ((r.order ?? r._order) as 'asc' | 'desc' | undefined) ?? 'asc',
      q: (r.q as string | undefined) || undefined,
      ids: r.id as string[] | undefined,
      filters,
    };
  });
}

export function pageFromQuery(q: ListQuery): { offset: number; limit: number } {
  if (q._start !== undefined || q._end !== undefined) {
    const start = q._start ?? 0;
    const end = q._end ?? start + 10;
    return { offset: start, limit: Math.max(0, Math.min(MAX_PAGE_SIZE, end - start)) };
  }
  const limit = q.limit ?? 10;
  return { offset: ((q.page ?? 1) - 1) * limit, limit };
}
