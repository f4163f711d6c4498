import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { analyticsFilters, type InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { useFormatters } from '../../../i18n/format';
import { AnalyticsSection, chartBox } from './analytics-section';
import { FigureLink, listUrl } from './figure-link';

/** What is owed as of the date by how late it is: a bar and a row per bucket, each opening its invoices. */
export function AgeingSection({ data, navigate }: { data: InvoiceAnalytics; navigate: (to: string) => void }) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const cur = data.baseCurrency;
  const money = (v: number | null) => (v === null ? '' : fmt.money(v, cur));
  const bucketLabel = (b: string) => t(`invoices:analytics.buckets.${b}`);
  return (
    <AnalyticsSection title={t('invoices:analytics.ageing', { date: fmt.date(data.asOf) })} testId="analytics-ageing">
      <Box aria-hidden sx={chartBox}>
        {/* Lying bars: each bucket's name on its own line beside its bar ("Plus de 90 jours" whole),
            where names under standing bars were dropped whenever they did not fit side by side. */}
        <BarChart
          layout="horizontal"
          height={60 + 34 * data.ageing.length}
          skipAnimation
          enableKeyboardNavigation={false}
          hideLegend
          margin={{ left: 8, right: 16 }}
          yAxis={[
            {
              scaleType: 'band',
              data: data.ageing.map((b) => bucketLabel(b.bucket)),
              position: rtl ? 'right' : 'left',
              width: 136,
              tickLabelInterval: () => true,
            },
          ]}
          xAxis={[{ valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), reverse: rtl }]}
          series={[
            { id: 'ageing', data: data.ageing.map((b) => Number(b.total)), valueFormatter: money, color: theme.palette.warning.main },
          ]}
          onItemClick={(_e, item) => {
            const b = data.ageing[item.dataIndex];
            if (b) navigate(listUrl(analyticsFilters.bucket(b.bucket, data.asOf)));
          }}
          sx={{ '& .MuiBarElement-root': { cursor: 'pointer' } }}
        />
      </Box>
      <Table size="small" aria-label={t('invoices:analytics.ageing', { date: fmt.date(data.asOf) })}>
        <TableBody>
          {data.ageing.map((b) => (
            <TableRow key={b.bucket}>
              <TableCell component="th" scope="row">
                {bucketLabel(b.bucket)}
              </TableCell>
              <TableCell align="right">{fmt.number(b.count)}</TableCell>
              <TableCell align="right">
                <FigureLink
                  figure={b}
                  filters={analyticsFilters.bucket(b.bucket, data.asOf)}
                  currency={cur}
                  testId={`ageing-${b.bucket}`}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </AnalyticsSection>
  );
}
