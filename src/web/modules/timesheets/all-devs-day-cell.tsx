import { useTranslation } from 'react-i18next';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { AllDevsPerson, AllDevsResponse } from '../../../domain/modules/timesheets/all-devs';
import { useFormatters } from '../../i18n/format';
import { TINTS } from '../../theme/create-theme';
import { ALL_DEVS_NS as NS, MISSING_BG } from './all-devs-ui';

type Props = {
  day: AllDevsResponse['days'][number];
  /** The person's hours and leave that day, if any. */
  cell: AllDevsPerson['days'][string] | undefined;
  /** A working day gone by without hours nor leave. */
  missing: boolean;
};

/** A person's day: a warning when missing, else the hours (marked when on leave), else the leave alone. */
export function AllDevsDayCell({ day, cell, missing }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const leave = cell?.leave;
  const leaveText = leave ? t(`${NS}:leave`, { type: t(`leave-requests:values.type.${leave}`) }) : '';
  const label = missing ? t(`${NS}:missingDay`) : leave ? leaveText : undefined;
  return (
    <TableCell
      align="center"
      data-day={day.date}
      data-missing={missing || undefined}
      sx={{
        bgcolor: (theme) =>
          day.kind !== 'working' ? theme.palette.action.hover : leave ? alpha(theme.palette.info.main, TINTS.leaveDay) : undefined,
        background: missing ? MISSING_BG : undefined,
      }}
    >
      {missing ? (
        // titleAccess names the icon (an SvgIcon is hidden from assistive tech without one).
        <ReportProblemOutlined fontSize="small" sx={{ color: 'warning.main', verticalAlign: 'middle' }} titleAccess={label} />
      ) : cell && cell.hours > 0 ? (
        <span>
          {fmt.number(cell.hours)}
          {leave ? (
            <Box
              component="abbr"
              title={leaveText}
              sx={{ fontSize: '0.7em', fontWeight: 700, verticalAlign: 'super', textDecoration: 'none' }}
            >
              {t(cell.halfDay ? `${NS}:halfLeaveShort` : `${NS}:leaveShort`)}
            </Box>
          ) : null}
        </span>
      ) : leave ? (
        <Box component="abbr" title={leaveText} sx={{ fontWeight: 700, textDecoration: 'none' }}>
          {t(cell?.halfDay ? `${NS}:halfLeaveShort` : `${NS}:leaveShort`)}
        </Box>
      ) : (
        ''
      )}
    </TableCell>
  );
}
