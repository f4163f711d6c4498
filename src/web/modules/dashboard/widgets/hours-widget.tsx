import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { useFormatters } from '../../../i18n/format';
import { Widget } from './widget';
import { BigFigure } from './big-figure';
import { useDateRange } from './use-date-range';
import { ShareBar } from './share-bar';

type Hours = NonNullable<Dashboard['hours']>;

/** The caller's hours logged this week against those expected. */
export function HoursWidget({ data, week }: { data: Hours; week: Dashboard['week'] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useDateRange();
  const label = t('dashboard:hours.logged', { range: range({ startDate: week.from, endDate: week.to }) });
  return (
    <Widget title={t('dashboard:hours.title')} testId="widget-hours">
      <BigFigure label={label} value={t('dashboard:hours.value', { hours: fmt.number(data.logged) })} to="/logwork" testId="hours-logged" />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="hours-expected">
        {t('dashboard:hours.expected', { hours: fmt.number(data.expected) })}
      </Typography>
      {data.expected > 0 && <ShareBar share={data.logged / data.expected} />}
    </Widget>
  );
}
