import { useSearchParams } from 'react-router';
import { monthSchema, type AllDevsSort } from '../../../domain/modules/timesheets/all-devs';
import { todayIn } from '../../../domain/modules/leave/leave.rules';

export const PAGE_SIZES = [10, 25, 50, 100];

/** The page's filters live in the address: a reload, a shared link and the export all read the same. */
export function useAllDevsFilters() {
  const [params, setParams] = useSearchParams();
  const month = monthSchema.safeParse(params.get('month')).success ? params.get('month')! : todayIn().slice(0, 7);
  const get = (k: string) => params.get(k) ?? '';
  const filters = {
    month,
    q: get('q'),
    customerId: get('customerId'),
    projectId: get('projectId'),
    missing: get('missing') === 'true',
    page: Math.max(1, Number(get('page')) || 1),
    limit: PAGE_SIZES.includes(Number(get('limit'))) ? Number(get('limit')) : 25,
    sort: (['name', 'logged', 'utilisation', 'missing'].includes(get('sort')) ? get('sort') : 'name') as AllDevsSort,
    order: get('order') === 'desc' ? 'desc' : ('asc' as 'asc' | 'desc'),
  };
  /** Any change but the page's own goes back to the first page. */
  const set = (patch: Partial<Record<keyof typeof filters, string | number | boolean | null>>, keepPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || v === false) next.delete(k);
          else next.set(k, String(v));
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

export type AllDevsFilters = ReturnType<typeof useAllDevsFilters>['filters'];
export type SetAllDevsFilters = ReturnType<typeof useAllDevsFilters>['set'];

/** The API's query for these filters; the export sends the same, without page and limit. */
export function apiParams(f: AllDevsFilters, paged: boolean): Record<string, string> {
  const p: Record<string, string> = { month: f.month, sort: f.sort, order: f.order };
  if (f.q.trim()) p.q = f.q.trim();
  if (f.customerId) p.customerId = f.customerId;
  if (f.projectId) p.projectId = f.projectId;
  if (f.missing) p.missing = 'true';
  if (paged) Object.assign(p, { page: String(f.page), limit: String(f.limit) });
  return p;
}
