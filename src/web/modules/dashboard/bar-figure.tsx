import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useFormatters } from '../../i18n/format';
import { visuallyHidden } from '../../components/visually-hidden';

export interface Bar {
  key: string;
  label: string;
  /** What the bar's length is drawn from. */
  value: number;
  /** The figure as it is read (an exact amount); the number's own format when absent. */
  shown?: string;
}

/**
 * Horizontal bars (their labels stay readable at 390 px) with the same numbers in a table that
 * only screen readers read: the drawing is hidden from them. In right-to-left the labels move to
 * the right and the bars grow leftwards (the charts mirror their text themselves).
 */
export function BarFigure({ caption, headers, bars, testId }: { caption: string; headers: [string, string]; bars: Bar[]; testId: string }) {
  const theme = useTheme();
  const fmt = useFormatters();
  const rtl = theme.direction === 'rtl';
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      {/* Inert: Chromium makes an SVG with focus listeners a Tab stop, which would have no name here. */}
      <Box aria-hidden inert sx={{ width: 1 }}>
        <BarChart
          layout="horizontal"
          height={bars.length * 30 + 8}
          hideLegend
          skipAnimation
          // The drawing is hidden from assistive technology; the table beside it is what they read.
          enableKeyboardNavigation={false}
          margin={{ top: 4, bottom: 4, left: 8, right: 8 }}
          series={[{ data: bars.map((b) => b.value), color: theme.palette.primary.main, valueFormatter: (v) => fmt.number(v) }]}
          // Each bar's label carries its number: no value axis to read across.
          yAxis={[
            {
              scaleType: 'band',
              data: bars.map((b) => `${b.label} · ${b.shown ?? fmt.number(b.value)}`),
              width: 150,
              position: rtl ? 'right' : 'left',
            },
          ]}
          xAxis={[{ reverse: rtl, position: 'none', tickMinStep: 1 }]}
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
              <td>{b.shown ?? fmt.number(b.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
