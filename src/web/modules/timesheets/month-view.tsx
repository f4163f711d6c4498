import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import { useDaysOff, useSheet } from './logwork-data';
import { addDays, addMonths, isWeekendDate, mondayOf, monthRange, weekDays } from './week-dates';

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
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
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
  const lock = useMutation({
    mutationFn: async (on: boolean) =>
      on ? http.put(`/api/v1/timesheet/locks/${month}`) : http.delete(`/api/v1/timesheet/locks/${month}`),
    onSuccess: (_, on) => {
      toast.success(t(on ? 'timesheets:page.lockedDone' : 'timesheets:page.unlockedDone'));
      void queryClient.invalidateQueries({ queryKey: ['timesheets', 'sheet'] });
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const title = new Intl.DateTimeFormat(fmt.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${from}T00:00:00Z`),
  );
  // Monday-first weeks covering the month.
  const start = mondayOf(from);
  const cells: string[] = [];
  for (let d = start; d <= to || cells.length % 7; d = addDays(d, 1)) cells.push(d);
  const weekdayNames = weekDays(start).map((d) =>
    new Intl.DateTimeFormat(fmt.locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
  );
  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton aria-label={t('timesheets:page.previousMonth')} onClick={() => setMonth(addMonths(month, -1))}>
          {rtl ? <ChevronRight /> : <ChevronLeft />}
        </IconButton>
        <Typography component="h2" variant="subtitle1" data-testid="month-title">
          {title}
        </Typography>
        <IconButton aria-label={t('timesheets:page.nextMonth')} onClick={() => setMonth(addMonths(month, 1))}>
          {rtl ? <ChevronLeft /> : <ChevronRight />}
        </IconButton>
        <Button size="small" onClick={() => setMonth(today.slice(0, 7))} disabled={month === today.slice(0, 7)}>
          {t('timesheets:page.thisMonth')}
        </Button>
        {locked && <Chip icon={<LockOutlined />} label={t('timesheets:page.locked')} color="default" data-testid="month-locked" />}
        <Box sx={{ flexGrow: 1 }} />
        {sheet.data && (
          <Typography sx={{ fontWeight: 600 }} data-testid="month-total">
            {t('timesheets:page.monthTotal', { hours: fmt.number(monthTotal) })}
          </Typography>
        )}
        {can(role, 'timesheets', 'lock') && sheet.data && (
          <Button
            size="small"
            variant="outlined"
            startIcon={locked ? <LockOpenOutlined /> : <LockOutlined />}
            onClick={() => lock.mutate(!locked)}
            loading={lock.isPending}
            data-testid="month-lock"
          >
            {t(locked ? 'timesheets:page.unlock' : 'timesheets:page.lock')}
          </Button>
        )}
      </Stack>
      {sheet.isError ? (
        <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : !sheet.data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }} data-testid="month-grid">
          {weekdayNames.map((w) => (
            <Typography key={w} variant="caption" sx={{ textAlign: 'center', color: 'text.secondary', fontWeight: 600 }}>
              {w}
            </Typography>
          ))}
          {cells.map((d) => {
            const inMonth = d.slice(0, 7) === month;
            const total = totals.get(d) ?? 0;
            const offDay = isWeekendDate(d) || off.holidays.has(d);
            const label = `${fmt.date(d)}: ${t('timesheets:page.hours', { hours: fmt.number(total) })}${
              off.holidays.has(d) ? ` · ${off.holidays.get(d)}` : ''
            }${off.leave.has(d) ? ` · ${t('timesheets:page.leave')}` : ''}`;
            return (
              <Box
                key={d}
                component="button"
                type="button"
                onClick={() => openDay(d)}
                aria-label={label}
                title={label}
                data-testid={inMonth ? `month-day-${d}` : undefined}
                sx={{
                  visibility: inMonth ? 'visible' : 'hidden',
                  minHeight: { xs: 48, sm: 64 },
                  p: 0.5,
                  border: 1,
                  borderColor: d === today ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  bgcolor: offDay ? 'action.hover' : 'background.paper',
                  color: 'text.primary',
                  font: 'inherit',
                  cursor: 'pointer',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  textAlign: 'start',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                }}
              >
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {Number(d.slice(8, 10))}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    textAlign: 'center',
                    color: total > 8 ? 'warning.dark' : total ? 'text.primary' : 'text.disabled',
                  }}
                >
                  {total ? fmt.number(total) : d <= today && !offDay && !off.leave.has(d) ? '·' : ''}
                </Typography>
                {off.leave.has(d) && (
                  <Typography variant="caption" sx={{ color: 'warning.main', textAlign: 'center' }} noWrap>
                    {t('timesheets:page.leave')}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
