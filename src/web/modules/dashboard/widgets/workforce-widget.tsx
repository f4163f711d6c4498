import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { can } from '../../../../domain/resources';
import { useFormatters } from '../../../i18n/format';
import { BarFigure } from '../bar-figure';
import { Widget, WidgetEmpty } from './widget';
import { BigFigure } from './big-figure';

type Workforce = NonNullable<Dashboard['workforce']>;

/** The customers with most seats, the rest summed up: a long tail of bars reads as noise. */
const TOP_CUSTOMERS = 10;
function customerBars(rows: Workforce['byCustomer'], others: string) {
  const bars = rows.slice(0, TOP_CUSTOMERS).map((c) => ({ key: c.customerId, label: c.name, value: c.count }));
  const rest = rows.slice(TOP_CUSTOMERS).reduce((n, c) => n + c.count, 0);
  return rest ? [...bars, { key: 'others', label: others, value: rest }] : bars;
}

/** Active headcount and bench, then the seats by customer as bars (two cards). */
export function WorkforceWidget({ data, role }: { data: Workforce; role: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const title = t('dashboard:workforce.byCustomer');
  return (
    <>
      <Widget title={t('dashboard:workforce.title')} testId="widget-workforce">
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <BigFigure
            label={t('dashboard:workforce.active')}
            value={fmt.number(data.activeHeadcount)}
            to="/headcounts?status=active"
            testId="workforce-active"
          />
          <BigFigure
            label={t('dashboard:workforce.bench')}
            value={fmt.number(data.bench)}
            to={can(role, 'headcounts', 'bench') ? '/headcounts?view=bench' : undefined}
            testId="workforce-bench"
          />
        </Stack>
      </Widget>
      <Widget title={title} testId="widget-by-customer">
        {!data.byCustomer.length ? (
          <WidgetEmpty>{t('dashboard:workforce.byCustomerEmpty')}</WidgetEmpty>
        ) : (
          <BarFigure
            caption={title}
            headers={[t('dashboard:workforce.customer'), t('dashboard:workforce.seats')]}
            bars={customerBars(data.byCustomer, t('dashboard:workforce.others'))}
            testId="by-customer-chart"
          />
        )}
      </Widget>
    </>
  );
}
