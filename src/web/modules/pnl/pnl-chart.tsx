import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import type { PnlRow } from '../../../domain/modules/pnl/pnl.schema';
import { useFormatters } from '../../i18n/format';

/** Revenue and profit of each row as bars; hidden from assistive tech, the table below carries every figure. */
export function PnlChart({ rows, labelOf }: { rows: PnlRow[]; labelOf: (r: PnlRow) => string }) {
  const { t } = useTranslation(['pnl', 'common']);
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  return (
    <Card sx={{ p: 2, minWidth: 0 }}>
      <Box aria-hidden sx={{ width: 1, minWidth: 0 }} data-testid="pnl-chart">
        <BarChart
          height={280}
          skipAnimation
          enableKeyboardNavigation={false}
          margin={{ left: 8, right: 8 }}
          xAxis={[{ scaleType: 'band', data: rows.map(labelOf), reverse: rtl }]}
          yAxis={[{ valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), position: rtl ? 'right' : 'left', width: 56 }]}
          series={[
            {
              id: 'revenue',
              label: t('pnl:measures.revenue'),
              color: theme.palette.info.main,
              data: rows.map((r) => Number(r.revenue)),
            },
            {
              id: 'profit',
              label: t('pnl:measures.profit'),
              color: theme.palette.success.main,
              data: rows.map((r) => (r.profit === null ? null : Number(r.profit))),
            },
          ]}
        />
      </Box>
    </Card>
  );
}
