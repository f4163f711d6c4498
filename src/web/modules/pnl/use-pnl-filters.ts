import { useSearchParams } from 'react-router';
import { pnlQuerySchema, type PnlQuery } from '../../../domain/modules/pnl/pnl.rules';

const monthAgo = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};

/**
 * The P&L's range and grouping live in the address (a reload or a shared link shows the same); the
 * last six months by customer when absent, and when the address holds a range the rules refuse.
 */
export function usePnlFilters() {
  const [sp, setSp] = useSearchParams();
  const parsed = pnlQuerySchema.safeParse({
    from: sp.get('from') || monthAgo(5),
    to: sp.get('to') || monthAgo(0),
    groupBy: sp.get('groupBy') || undefined,
  });
  const q: PnlQuery = parsed.success ? parsed.data : { from: monthAgo(5), to: monthAgo(0), groupBy: 'customer' };
  /** One filter changed; the range shown is written out with it, so that the address keeps it. */
  const set = (key: keyof PnlQuery, value: string) => {
    const next = new URLSearchParams(sp);
    next.set('from', q.from);
    next.set('to', q.to);
    next.set(key, value);
    setSp(next, { replace: true });
  };
  return { q, valid: parsed.success, set };
}
