import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { AllDevsPerson, AllDevsResponse, AllDevsSort } from '../../../domain/modules/timesheets/all-devs';
import { useFormatters } from '../../i18n/format';
import { AllDevsRow } from './all-devs-row';
import { ALL_DEVS_NS as NS, stickyCell } from './all-devs-ui';
import type { AllDevsFilters, SetAllDevsFilters } from './use-all-devs-filters';

type Props = {
  rows: AllDevsPerson[];
  days: AllDevsResponse['days'];
  filters: AllDevsFilters;
  set: SetAllDevsFilters;
  exporting: boolean;
  onExportPerson: (p: AllDevsPerson) => void;
};

/** People × days of the month, the name column sticky while the days scroll; sortable by name and totals. */
export function AllDevsTable({ rows, days, filters, set, exporting, onExportPerson }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const weekdayFmt = useMemo(() => new Intl.DateTimeFormat(fmt.locale, { weekday: 'narrow', timeZone: 'UTC' }), [fmt.locale]);

  // A column sorts up by name, down by a figure, then turns on each click.
  const sortHeader = (key: AllDevsSort, label: string) => (
    <TableSortLabel
      active={filters.sort === key}
      direction={filters.sort === key ? filters.order : key === 'name' ? 'asc' : 'desc'}
      onClick={() =>
        set({ sort: key, order: filters.sort === key ? (filters.order === 'asc' ? 'desc' : 'asc') : key === 'name' ? 'asc' : 'desc' })
      }
      data-testid={`sort-${key}`}
    >
      {label}
    </TableSortLabel>
  );

  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" stickyHeader data-testid="all-devs-table" sx={{ '& td, & th': { px: 0.75, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyCell, zIndex: 3 }}>{sortHeader('name', t(`${NS}:name`))}</TableCell>
            {days.map((d) => {
              const off = d.kind !== 'working';
              const title =
                d.kind === 'holiday'
                  ? t(`${NS}:holiday`, { name: d.holidayName })
                  : d.kind === 'weekend'
                    ? t(`${NS}:weekend`)
                    : fmt.date(d.date);
              return (
                <TableCell key={d.date} align="center" title={title} sx={{ bgcolor: off ? 'action.selected' : undefined, minWidth: 34 }}>
                  <Box component="span" sx={{ display: 'block', fontSize: 11 }}>
                    {weekdayFmt.format(new Date(`${d.date}T12:00:00Z`))}
                  </Box>
                  {Number(d.date.slice(8))}
                </TableCell>
              );
            })}
            <TableCell align="right">{t(`${NS}:expected`)}</TableCell>
            <TableCell align="right">{sortHeader('logged', t(`${NS}:logged`))}</TableCell>
            <TableCell align="right">{t(`${NS}:billable`)}</TableCell>
            <TableCell align="right">{sortHeader('utilisation', t(`${NS}:utilisation`))}</TableCell>
            <TableCell align="right">{sortHeader('missing', t(`${NS}:missing`))}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <AllDevsRow key={p.userId} person={p} days={days} exporting={exporting} onExport={onExportPerson} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
