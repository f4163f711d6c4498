import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { analyticsFilters, filtersQuery } from '../../../../domain/modules/invoices/invoices.analytics';
import { useFormatters } from '../../../i18n/format';
import { Widget } from './widget';
import { BigFigure } from './big-figure';

type Revenue = NonNullable<Dashboard['revenue']>;

/**
 * Revenue in the base currency: this month against last (invoices not cancelled, by billing month),
 * what is outstanding and what of it is overdue — each figure opens the invoice list it sums. A sale
 * reads their customers' (the server scopes it).
 */
export function RevenueWidget({ data, today, own }: { data: Revenue; today: string; own: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  const monthName = (period: string) => fmt.month(period, 'long');
  const to = (filters: Record<string, string | string[]>) => `/invoices?${filtersQuery(filters)}`;
  return (
    <Widget title={t(own ? 'dashboard:revenue.titleOwn' : 'dashboard:revenue.title', { currency: cur })} testId="widget-revenue">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <BigFigure
          label={t('dashboard:revenue.month', { month: monthName(data.thisMonth.period) })}
          value={fmt.money(data.thisMonth.total, cur)}
          to={to(analyticsFilters.month(data.thisMonth.period))}
          testId="revenue-this-month"
        />
        <BigFigure
          label={t('dashboard:revenue.month', { month: monthName(data.lastMonth.period) })}
          value={fmt.money(data.lastMonth.total, cur)}
          to={to(analyticsFilters.month(data.lastMonth.period))}
          testId="revenue-last-month"
        />
        <BigFigure
          label={t('dashboard:revenue.outstanding', { count: data.outstanding.count, formatted: fmt.number(data.outstanding.count) })}
          value={fmt.money(data.outstanding.total, cur)}
          to={to(analyticsFilters.outstanding())}
          testId="revenue-outstanding"
        />
        <BigFigure
          label={t('dashboard:revenue.overdue', { count: data.overdue.count, formatted: fmt.number(data.overdue.count) })}
          value={fmt.money(data.overdue.total, cur)}
          to={to(analyticsFilters.overdue(today))}
          testId="revenue-overdue"
        />
      </Box>
      <Link component={RouterLink} to="/invoices/analytics" underline="hover" sx={{ display: 'inline-block', mt: 2 }}>
        {t('dashboard:revenue.analytics')}
      </Link>
    </Widget>
  );
}
