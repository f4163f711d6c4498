import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { http } from '../../../providers/http';

const API = '/api/v1/invoice/analytics';

/** The analytics as of a date over the months before it; the last answer stays on screen while the next loads. */
export function useInvoiceAnalytics(asOf: string, months: number) {
  return useQuery({
    queryKey: ['invoices', 'analytics', asOf, months],
    queryFn: async () => (await http.get<InvoiceAnalytics>(API, { params: { asOf, months } })).data,
    placeholderData: keepPreviousData,
  });
}
