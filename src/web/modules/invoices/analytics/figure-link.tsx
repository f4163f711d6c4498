import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { filtersQuery, type Figure, type ListFilters } from '../../../../domain/modules/invoices/invoices.analytics';
import { useFormatters } from '../../../i18n/format';

/** The invoice list filtered to the invoices a figure sums. */
export const listUrl = (filters: ListFilters) => `/invoices?${filtersQuery(filters)}`;

/** A figure as a link to the invoice list that sums to it. */
export function FigureLink({
  figure,
  filters,
  currency,
  testId,
}: {
  figure: Figure;
  filters: ListFilters;
  currency: string;
  testId?: string;
}) {
  const fmt = useFormatters();
  const { t } = useTranslation('invoices');
  return (
    <Link
      component={RouterLink}
      to={listUrl(filters)}
      underline="hover"
      data-testid={testId}
      data-total={figure.total}
      title={t('analytics.invoiceCount', { count: figure.count, formatted: fmt.number(figure.count) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {fmt.money(figure.total, currency)}
    </Link>
  );
}
