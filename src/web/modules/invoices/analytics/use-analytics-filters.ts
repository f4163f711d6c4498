import { useSearchParams } from 'react-router';
import { invoiceAnalyticsQuerySchema } from '../../../../domain/modules/invoices/invoices.analytics';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The analytics' date and months back live in the address; today and twelve months when absent or refused. */
export function useAnalyticsFilters() {
  const [sp, setSp] = useSearchParams();
  const parsed = invoiceAnalyticsQuerySchema.safeParse({ asOf: sp.get('asOf') || undefined, months: sp.get('months') || undefined });
  const asOf = parsed.success ? (parsed.data.asOf ?? todayUtc()) : todayUtc();
  const months = parsed.success ? parsed.data.months : 12;
  const set = (key: 'asOf' | 'months', value: string) => {
    const next = new URLSearchParams(sp);
    next.set(key, value);
    setSp(next, { replace: true });
  };
  return { asOf, months, set };
}
