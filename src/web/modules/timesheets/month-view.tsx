import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { canCloseMonths } from '../../../domain/modules/month-close/month-close.rules';
import { ErrorState } from '../../components/error-state';
import { MonthCalendar } from '../../components/month-calendar';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { CloseDialog, ReopenDialog } from '../../components/month-close-dialogs';
import { useDaysOff, useSheet } from './logwork-data';
import { monthRange } from '../../../domain/months';
import { isWeekendDate } from './week-dates';

/** A month of the caller's logged hours, a day's total each; a day opens its week. */
export function MonthView({
  month,
  setMonth,
  today,
  openDay,
}: {
  month: string;
  setMonth: (m: string) => void;
  today: string;
  openDay: (date: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { user, role } = useAuthContext();
  const queryClient = useQueryClient();
  const { from, to } = monthRange(month);
  const sheet = useSheet(from, to);
  const off = useDaysOff(from, to, user?.id);
  const locked = sheet.data?.lockedMonths.includes(month) ?? false;
  const totals = useMemo(() => {
    const m = new Map<string, number>();
    for (const e of sheet.data?.entries ?? []) m.set(e.date, (m.get(e.date) ?? 0) + e.hours);
    return m;
  }, [sheet.data]);
  const monthTotal = [...totals.values()].reduce((n, h) => n + h, 0);
  // The lock is the firm's month close (its invoices, salaries and costs too): admin's, through its own dialogs.
  const [closing, setClosing] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['timesheets', 'sheet'] }),
      queryClient.invalidateQueries({ queryKey: ['month-closes'] }),
    ]);

  const dayLabel = (d: string) =>
    `${fmt.date(d)}: ${t('timesheets:page.hours', { hours: fmt.number(totals.get(d) ?? 0) })}${
      off.holidays.has(d) ? ` · ${off.holidays.get(d)}` : ''
    }${off.leave.has(d) ? ` · ${t('timesheets:page.leave')}` : ''}`;

  const dayContent = (d: string) => {
    if (!sheet.data) return null;
    const total = totals.get(d) ?? 0;
    const offDay = isWeekendDate(d) || off.holidays.has(d);
    return (
      <>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, textAlign: 'center', color: total > 8 ? 'warning.main' : total ? 'text.primary' : 'text.disabled' }}
        >
          {/* A dot marks a past working day with nothing logged. */}
          {total ? fmt.number(total) : d <= today && !offDay && !off.leave.has(d) ? '·' : ''}
        </Typography>
        {off.leave.has(d) && (
          <Typography variant="caption" component="div" sx={{ color: 'warning.main', textAlign: 'center' }} noWrap>
            {t('timesheets:page.leave')}
          </Typography>
        )}
      </>
    );
  };

  const actions = (
    <>
      {locked && <Chip icon={<LockOutlined />} label={t('timesheets:page.locked')} color="default" data-testid="month-locked" />}
      {sheet.data && (
        <Typography sx={{ fontWeight: 600 }} data-testid="month-total">
          {t('timesheets:page.monthTotal', { hours: fmt.number(monthTotal) })}
        </Typography>
      )}
      {canCloseMonths(role) && sheet.data && (
        <Button
          size="small"
          variant="outlined"
          startIcon={locked ? <LockOpenOutlined /> : <LockOutlined />}
          onClick={() => setClosing(true)}
          data-testid="month-lock"
        >
          {t(locked ? 'timesheets:page.unlock' : 'timesheets:page.lock')}
        </Button>
      )}
      {closing &&
        (locked ? (
          <ReopenDialog month={month} onClose={() => setClosing(false)} onDone={refresh} />
        ) : (
          <CloseDialog month={month} onClose={() => setClosing(false)} onDone={refresh} />
        ))}
    </>
  );

  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
      {/* The grid at every width: a day is where its week opens, which the narrow list would not offer. */}
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        today={today}
        label={t('timesheets:page.title')}
        view="grid"
        busy={!sheet.data && !sheet.isError}
        fallback={sheet.isError ? <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} /> : undefined}
        actions={actions}
        isOffDay={(d) => off.holidays.has(d)}
        dayLabel={dayLabel}
        onDayClick={openDay}
        renderDay={dayContent}
        data-testid="month"
      />
    </Card>
  );
}
