import { z } from 'zod';

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
  filters: Record<string, string[]>;
}

const asArray = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const MAX_PAGE_SIZE = 100;

export function listQuerySchema(sortable: string[], filters: string[]) {
  // json-server sends `_sort`/`_order` repeated for several sorters: the first one decides.
  const first = z.union([z.string(), z.array(z.string()).min(1)]).transform((v) => (Array.isArray(v) ? v[0]! : v));
  const sortEnum = first.pipe(z.enum(sortable as [string, ...string[]], { message: `Sort by one of: ${sortable.join(', ')}` }));
  const order = first.transform((v) => v.toLowerCase()).pipe(z.enum(['asc', 'desc'], { message: 'Order is asc or desc' }));
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
    id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
  };
  for (const f of filters) shape[f] = asArray.pipe(z.array(z.string().max(200)).max(50)).optional();
  return z.object(shape).transform((raw): ListQuery => {
    const r = raw as Record<string, unknown>;
    const filterValues: Record<string, string[]> = {};
    for (const f of filters) if (r[f]) filterValues[f] = r[f] as string[];
    const id = r.id as string | string[] | undefined;
    return {
      page: r.page as number | undefined,
      limit: r.limit as number | undefined,
      _start: r._start as number | undefined,
      _end: r._end as number | undefined,
      sort: (r.sort ?? r._sort) as string | undefined,
      order: ((r.order ?? r._order) as 'asc' | 'desc' | undefined) ?? 'asc',
      q: (r.q as string | undefined) || undefined,
      ids: id === undefined ? undefined : Array.isArray(id) ? id : [id],
      filters: filterValues,
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
