import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { useFormatters } from '../../../i18n/format';
import { Widget, WidgetEmpty } from './widget';
import { BigFigure } from './big-figure';
import { useDateRange } from './use-date-range';

type MyLeave = NonNullable<Dashboard['leave']>;

/** The caller's leave balance this year and their next leave. */
export function MyLeaveWidget({ data }: { data: MyLeave }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useDateRange();
  const { balance, next } = data;
  return (
    <Widget title={t('dashboard:leave.title')} testId="widget-my-leave">
      <BigFigure
        label={t('dashboard:leave.remaining', { year: balance.year })}
        value={fmt.number(balance.remaining)}
        to="/leave"
        testId="leave-remaining"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mt: 1 }}>
        {(['entitlement', 'used', 'pending'] as const).map((f) => (
          <Box key={f}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`leave-matrix:fields.${f}`)}
            </Typography>
            <Typography data-testid={`leave-${f}`}>{fmt.number(balance[f])}</Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {t('dashboard:leave.next')}
      </Typography>
      {next ? (
        <Link component={RouterLink} to={`/leave/${next.id}`} underline="hover" data-testid="leave-next">
          {`${t(`leave-requests:values.type.${next.type}`)} · ${range(next)}`}
        </Link>
      ) : (
        <WidgetEmpty>{t('dashboard:leave.noNext')}</WidgetEmpty>
      )}
    </Widget>
  );
}
