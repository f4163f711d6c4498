import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PnlDrillMeasure, PnlQuery } from '../../../domain/modules/pnl/pnl.rules';
import type { Pnl, PnlDrill } from '../../../domain/modules/pnl/pnl.schema';
import { http } from '../../providers/http';

export const PNL_API = '/api/v1/pnl';

/** A figure of the table opened for its sources: its row (undefined for the totals) and its measure. */
export interface PnlCell {
  key: string | undefined;
  label: string;
  measure: PnlDrillMeasure;
  value: string;
}

/** The P&L for a range and grouping; the last answer stays on screen while the next loads. */
export function usePnl(q: PnlQuery) {
  return useQuery({
    queryKey: ['pnl', q.from, q.to, q.groupBy],
    queryFn: async () => (await http.get<Pnl>(PNL_API, { params: q })).data,
    placeholderData: keepPreviousData,
  });
}

/** One page of the rows a figure sums, from `offset`. */
export function usePnlDrill(q: PnlQuery, cell: PnlCell, offset: number) {
  return useQuery({
    queryKey: ['pnl', 'drill', q.from, q.to, q.groupBy, cell.key, cell.measure, offset],
    queryFn: async () =>
      (await http.get<PnlDrill>(`${PNL_API}/drill-down`, { params: { ...q, key: cell.key, measure: cell.measure, offset } })).data,
    placeholderData: keepPreviousData,
  });
}
