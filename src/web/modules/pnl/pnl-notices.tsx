import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { Pnl } from '../../../domain/modules/pnl/pnl.schema';

/** What the figures rest on: months frozen by their close, and months whose exchange rates are missing. */
export function PnlNotices({ data, monthName }: { data: Pnl; monthName: (m: string) => string }) {
  const { t } = useTranslation(['pnl', 'common']);
  return (
    <>
      {data.frozenMonths.length > 0 && (
        <Alert severity="info" data-testid="pnl-frozen">
          {t('pnl:frozen', { months: data.frozenMonths.map(monthName).join(', ') })}{' '}
          <Link component={RouterLink} to="/external-costs/month-close">
            {t('pnl:closedMonths')}
          </Link>
        </Alert>
      )}
      {data.missingRates.length > 0 && (
        <Alert severity="warning">
          {t('pnl:missingRates', { list: data.missingRates.map((m) => `${m.currency} ${monthName(m.month)}`).join(', ') })}
        </Alert>
      )}
    </>
  );
}
