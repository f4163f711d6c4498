import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HrCommissionTrend } from '../../../domain/modules/hr-commission/hr-commission-views.schema';
import { useFormatters } from '../../i18n/format';

const MEASURES = ['earned', 'paid', 'clawedBack'] as const;

/**
 * Twelve months of HR commission: earned, paid and clawed back as bars (hidden from assistive tech)
 * and the same figures in the table beneath it.
 */
export function TrendSection({ trend }: { trend: HrCommissionTrend }) {
  const { t } = useTranslation(['hr-commissions']);
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const color = { earned: theme.palette.success.main, paid: theme.palette.info.main, clawedBack: theme.palette.error.main };
  const title = t('hr-commissions:trend.title', { currency: trend.currency });
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }} data-testid="hr-commission-trend">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box aria-hidden sx={{ width: 1, minWidth: 0 }}>
        <BarChart
          height={260}
          skipAnimation
          enableKeyboardNavigation={false}
          margin={{ left: 8, right: 8 }}
          xAxis={[{ scaleType: 'band', data: trend.data.map((m) => fmt.month(m.month)), reverse: rtl }]}
          yAxis={[{ valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), position: rtl ? 'right' : 'left', width: 72 }]}
          series={MEASURES.map((k) => ({
            id: k,
            label: t(`hr-commissions:trend.${k}`),
            color: color[k],
            data: trend.data.map((m) => Number(m[k])),
            valueFormatter: (v: number | null) => (v === null ? '' : fmt.money(v, trend.currency)),
          }))}
        />
      </Box>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('hr-commissions:trend.month')}</TableCell>
              {MEASURES.map((k) => (
                <TableCell key={k} align="right">
                  {t(`hr-commissions:trend.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {trend.data.map((m) => (
              <TableRow key={m.month} data-testid={`hr-commission-trend-${m.month}`}>
                <TableCell component="th" scope="row">
                  {fmt.month(m.month, 'long')}
                </TableCell>
                {MEASURES.map((k) => (
                  <TableCell key={k} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    <bdi>{fmt.money(m[k], trend.currency)}</bdi>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
