import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { useFormatters } from '../../../i18n/format';
import { Widget } from './widget';
import { BigFigure } from './big-figure';
import { useDateRange } from './use-date-range';
import { ShareBar } from './share-bar';

type Utilisation = NonNullable<Dashboard['utilisation']>;

/** Billable hours over available hours for the period, opening everyone's logwork. */
export function UtilisationWidget({ data }: { data: Utilisation }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useDateRange();
  return (
    <Widget title={t('dashboard:utilisation.title')} testId="widget-utilisation">
      <BigFigure
        label={t('dashboard:utilisation.period', { range: range({ startDate: data.from, endDate: data.to }) })}
        value={data.rate === null ? '—' : fmt.number(data.rate, { style: 'percent', maximumFractionDigits: 0 })}
        to="/logwork/all-devs"
        testId="utilisation-rate"
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('dashboard:utilisation.hours', { billable: fmt.number(data.billableHours), available: fmt.number(data.availableHours) })}
      </Typography>
      {data.rate !== null && <ShareBar share={data.rate} />}
    </Widget>
  );
}
