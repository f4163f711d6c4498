import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { AllDevsPerson, AllDevsResponse } from '../../../domain/modules/timesheets/all-devs';
import { useFormatters } from '../../i18n/format';
import { AllDevsDayCell } from './all-devs-day-cell';
import { ALL_DEVS_NS as NS, stickyCell, usePercent } from './all-devs-ui';

type Props = {
  person: AllDevsPerson;
  days: AllDevsResponse['days'];
  /** An export is under way: another waits for it. */
  exporting: boolean;
  onExport: (p: AllDevsPerson) => void;
};

/** A person's month: name and email, a cell a day, their totals, missing days and their workbook's export. */
export function AllDevsRow({ person: p, days, exporting, onExport }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const percent = usePercent();
  const missing = new Set(p.missingDays);
  return (
    <TableRow hover data-testid={`all-devs-row-${p.userId}`}>
      <TableCell sx={stickyCell} component="th" scope="row">
        <Typography variant="body2" noWrap dir="auto" sx={{ fontWeight: 600 }}>
          {p.fullName}
        </Typography>
        <Typography variant="caption" noWrap dir="ltr" component="div" sx={{ color: 'text.secondary' }}>
          {p.email}
        </Typography>
      </TableCell>
      {days.map((d) => (
        <AllDevsDayCell key={d.date} day={d} cell={p.days[d.date]} missing={missing.has(d.date)} />
      ))}
      <TableCell align="right">{fmt.number(p.expectedHours)}</TableCell>
      <TableCell align="right" sx={{ fontWeight: 600 }}>
        {fmt.number(p.loggedHours)}
      </TableCell>
      <TableCell align="right">{fmt.number(p.billableHours)}</TableCell>
      <TableCell align="right">{percent(p.utilisation)}</TableCell>
      <TableCell align="right" title={t(`${NS}:missingDays`, { count: p.missingDays.length })}>
        {p.missingDays.length ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            <ReportProblemOutlined fontSize="inherit" sx={{ color: 'warning.main' }} aria-hidden />
            <span>{fmt.number(p.missingDays.length)}</span>
          </Stack>
        ) : (
          '0'
        )}
      </TableCell>
      <TableCell>
        <Tooltip title={t(`${NS}:exportPerson`, { name: p.fullName })}>
          <span>
            <IconButton
              size="small"
              aria-label={t(`${NS}:exportPerson`, { name: p.fullName })}
              onClick={() => onExport(p)}
              disabled={exporting}
              data-testid={`export-person-${p.userId}`}
            >
              <FileDownloadOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
