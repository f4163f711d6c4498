import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/error-state';
import { PnlChart } from './pnl-chart';
import { PnlDrillDialog } from './pnl-drill-dialog';
import { PnlNotices } from './pnl-notices';
import { PnlTable } from './pnl-table';
import { PnlToolbar } from './pnl-toolbar';
import { usePnl, type PnlCell } from './use-pnl-data';
import { usePnlFilters } from './use-pnl-filters';
import { usePnlLabels } from './use-pnl-labels';

/** Profit and loss over a range of months, grouped by month, customer, project or person; each figure opens its sources. */
export function PnlPage() {
  const { t } = useTranslation(['pnl', 'common']);
  const { q, valid, set } = usePnlFilters();
  const query = usePnl(q);
  const [cell, setCell] = useState<PnlCell | null>(null);
  const data = query.data;
  const cur = data?.baseCurrency ?? 'USD';
  // The rows on screen may still be the previous grouping's (kept while the next one loads).
  const shownGroup = data?.groupBy ?? q.groupBy;
  const { monthName, labelOf } = usePnlLabels(shownGroup);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PnlToolbar q={q} set={set} data={data} />
      {!valid && <Alert severity="warning">{t('pnl:badRange')}</Alert>}
      {query.isFetching && data && <LinearProgress aria-label={t('common:loading')} />}
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Stack spacing={2} data-testid="pnl-loading" aria-busy>
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : data.rows.length === 0 ? (
        <Card sx={{ p: 3 }} data-testid="pnl-empty">
          <Typography sx={{ color: 'text.secondary' }}>{t('pnl:empty')}</Typography>
        </Card>
      ) : (
        <>
          <PnlNotices data={data} monthName={monthName} />
          <PnlChart rows={data.rows} labelOf={labelOf} chronological={shownGroup === 'month'} />
          <PnlTable data={data} shownGroup={shownGroup} labelOf={labelOf} onOpen={setCell} />
          {(data.rows.some((r) => r.masked) || data.totals.masked) && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('pnl:masked')}
            </Typography>
          )}
        </>
      )}
      {cell && data && (
        <PnlDrillDialog
          cell={cell}
          q={{ from: data.from, to: data.to, groupBy: data.groupBy }}
          currency={cur}
          onClose={() => setCell(null)}
          monthName={monthName}
        />
      )}
    </Stack>
  );
}
