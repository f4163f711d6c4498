import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import type { PnlRow } from '../../../domain/modules/pnl/pnl.schema';
import { useFormatters } from '../../i18n/format';
import { chartRows } from './pnl-chart-rows';

/** Room for a customer's, project's or person's name beside its bar; a longer name ends with "…". */
const LABEL_WIDTH = 168;
const LABEL_CHARS = 24;
const BAR_ROW = 34;

const shorten = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1).trimEnd()}…` : label);

/**
 * Revenue and profit of each row as bars; hidden from assistive tech, the table below carries every
 * figure. Months stand in their order, under their bars; customers, projects and people lie as
 * horizontal bars, largest first, each with its name (the top ones, then one "others" bar).
 */
export function PnlChart({ rows, labelOf, chronological }: { rows: PnlRow[]; labelOf: (r: PnlRow) => string; chronological: boolean }) {
  const { t } = useTranslation(['pnl', 'common']);
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const bars = chartRows(rows, labelOf, chronological).map((b) =>
    b.others === undefined ? b : { ...b, label: t('pnl:others', { count: b.others, formatted: fmt.number(b.others) }) },
  );
  const amount = (v: number) => fmt.number(v, { notation: 'compact' });
  const series = [
    { id: 'revenue', label: t('pnl:measures.revenue'), color: theme.palette.info.main, data: bars.map((r) => Number(r.revenue)) },
    {
      id: 'profit',
      label: t('pnl:measures.profit'),
      color: theme.palette.success.main,
      data: bars.map((r) => (r.profit === null ? null : Number(r.profit))),
    },
  ];
  const labels = bars.map((b) => b.label);
  return (
    <Card sx={{ p: 2, minWidth: 0 }}>
      <Box aria-hidden sx={{ width: 1, minWidth: 0 }} data-testid="pnl-chart">
        {chronological ? (
          <BarChart
            height={280}
            skipAnimation
            enableKeyboardNavigation={false}
            margin={{ left: 8, right: 8 }}
            xAxis={[{ scaleType: 'band', data: labels, reverse: rtl }]}
            // Wide enough for a compact amount in every language (Arabic's "١٫٢ مليون").
            yAxis={[{ valueFormatter: amount, position: rtl ? 'right' : 'left', width: 72 }]}
            series={series}
          />
        ) : (
          <BarChart
            layout="horizontal"
            height={72 + BAR_ROW * bars.length}
            skipAnimation
            enableKeyboardNavigation={false}
            margin={{ left: 8, right: 16 }}
            yAxis={[
              {
                scaleType: 'band',
                data: labels,
                valueFormatter: shorten,
                position: rtl ? 'right' : 'left',
                width: LABEL_WIDTH,
                // Every bar keeps its name: the rows are tall enough for one line each.
                tickLabelInterval: () => true,
              },
            ]}
            xAxis={[{ valueFormatter: amount, reverse: rtl }]}
            series={series}
          />
        )}
      </Box>
    </Card>
  );
}
