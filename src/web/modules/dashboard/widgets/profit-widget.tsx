import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { formatDecimalLocale } from '../../../../domain/money';
import { useFormatters } from '../../../i18n/format';
import { BarFigure } from '../bar-figure';
import { Widget, WidgetEmpty } from './widget';
import { BigFigure } from './big-figure';

type Profit = NonNullable<Dashboard['profit']>;

const pnlLink = (month: string, groupBy: 'customer' | 'project') => `/pnl?${new URLSearchParams({ from: month, to: month, groupBy })}`;

/** The P&L's roles': profit and margin this month against the last, costs by category, the bench's salary cost. */
export function ProfitWidget({ data }: { data: Profit }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  const hidden = t('dashboard:profit.hidden');
  const money = (v: string | null) => (v === null ? hidden : fmt.money(v, cur));
  const margin = (m: Profit['thisMonth']) =>
    m.margin === null
      ? t('dashboard:profit.noMargin')
      : t('dashboard:profit.margin', { margin: formatDecimalLocale(m.margin, fmt.locale) });
  const month = (m: Profit['thisMonth'], testId: string) => (
    <Box>
      <BigFigure
        label={t('dashboard:profit.month', { month: fmt.month(m.period, 'long') })}
        value={money(m.profit)}
        to={pnlLink(m.period, 'customer')}
        testId={testId}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-margin`}>
        {margin(m)}
      </Typography>
    </Box>
  );
  const costsTitle = t('dashboard:profit.costs', { month: fmt.month(data.thisMonth.period, 'long') });
  return (
    <>
      <Widget title={t('dashboard:profit.title', { currency: cur })} testId="widget-profit">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
          {month(data.thisMonth, 'profit-this-month')}
          {month(data.lastMonth, 'profit-last-month')}
          <BigFigure
            label={t('dashboard:profit.bench')}
            value={money(data.benchCost)}
            to={pnlLink(data.thisMonth.period, 'project')}
            testId="profit-bench"
          />
        </Box>
        <Link component={RouterLink} to="/pnl" underline="hover" sx={{ display: 'inline-block', mt: 2 }}>
          {t('dashboard:profit.open')}
        </Link>
      </Widget>
      <Widget title={costsTitle} testId="widget-costs">
        {!data.costsByCategory.length ? (
          <WidgetEmpty>{t('dashboard:profit.costsEmpty')}</WidgetEmpty>
        ) : (
          <BarFigure
            caption={costsTitle}
            headers={[t('dashboard:profit.category'), t('dashboard:profit.amount', { currency: cur })]}
            bars={data.costsByCategory.map((c) => ({
              key: c.category,
              label: t(`external-costs:values.category.${c.category}`, { defaultValue: c.category }),
              value: Number(c.total),
              shown: fmt.money(c.total, cur),
            }))}
            testId="costs-chart"
          />
        )}
      </Widget>
    </>
  );
}
