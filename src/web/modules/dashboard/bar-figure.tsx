import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useFormatters } from '../../i18n/format';

/** Out of sight, still read by screen readers. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * Horizontal bars (their labels stay readable at 390 px) with the same numbers in a table that
 * only screen readers read: the drawing is hidden from them. In right-to-left the labels move to
 * the right and the bars grow leftwards.
 */
export function BarFigure({ caption, headers, bars, testId }: { caption: string; headers: [string, string]; bars: Bar[]; testId: string }) {
  const theme = useTheme();
  const fmt = useFormatters();
  const rtl = theme.direction === 'rtl';
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      <Box aria-hidden dir="ltr" sx={{ width: 1 }}>
        <BarChart
          layout="horizontal"
          height={Math.max(160, bars.length * 34 + 40)}
          hideLegend
          skipAnimation
          margin={{ top: 8, bottom: 8, left: 8, right: 16 }}
          series={[{ data: bars.map((b) => b.value), color: theme.palette.primary.main, valueFormatter: (v) => fmt.number(v) }]}
          yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 110, position: rtl ? 'right' : 'left' }]}
          xAxis={[{ reverse: rtl, tickMinStep: 1, valueFormatter: (v: number) => fmt.number(v) }]}
        />
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{headers[0]}</th>
            <th scope="col">{headers[1]}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              <td>{fmt.number(b.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
