import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AllDevsResponse } from '../../../domain/modules/timesheets/all-devs';
import { useFormatters } from '../../i18n/format';
import { ALL_DEVS_NS as NS, usePercent } from './all-devs-ui';

/** The month's hours expected, logged and billable, and the utilisation, of everyone under the filters. */
export function AllDevsTotals({ totals }: { totals: AllDevsResponse['totals'] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const percent = usePercent();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, mb: 1 }} data-testid="all-devs-totals">
      <Typography variant="body2">
        {t(`${NS}:expected`)}: <b>{fmt.number(totals.expected)}</b>
      </Typography>
      <Typography variant="body2">
        {t(`${NS}:logged`)}: <b>{fmt.number(totals.logged)}</b>
      </Typography>
      <Typography variant="body2">
        {t(`${NS}:billable`)}: <b>{fmt.number(totals.billable)}</b>
      </Typography>
      <Typography variant="body2">
        {t(`${NS}:utilisation`)}: <b>{percent(totals.utilisation)}</b>
      </Typography>
    </Stack>
  );
}
