import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { Timesheet } from '../../../domain/modules/timesheets/timesheets.schema';
import { ErrorState } from '../../components/error-state';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { ReferencePicker, useRefLabels } from '../../components/resource/lookup';
import { issueText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { HoursCell } from './hours-cell';
import { cellKey, useDaysOff, useSheet } from './logwork-data';
import { SaveStatus } from './save-status';
import { useCellSaving } from './use-cell-saving';
import { useCopyLastWeek } from './use-copy-last-week';
import { addDays, isWeekendDate, mondayOf, parseHours, weekDays } from './week-dates';

const hoursText = (n: number) => (n ? String(n) : '');

/**
 * A week of hours to type in: a row per project, a column per day, the totals below and beside.
 * On a phone it shows one day of the week (`day`, today at first) and moves by day.
 */
export function WeekGrid({ day, setDay, today }: { day: string; setDay: (d: string) => void; today: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const { user } = useAuthContext();
  const monday = mondayOf(day);
  const days = weekDays(monday);
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const shown = phone ? [day] : days;
  const from = days[0]!;
  const to = days[6]!;
  const sheet = useSheet(from, to);
  const off = useDaysOff(from, to, user?.id);
  const [added, setAdded] = useState<string[]>([]);
  const addedLabels = useRefLabels('projects', added);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // The text each cell last sent: Enter saves and moves on, and the blur that follows must not send
  // it again (that second answer, arriving after an Escape, would mark the cell refused once more).
  const sent = useRef(new Map<string, string>());
  const grid = useRef<HTMLDivElement>(null);

  const data = sheet.data;
  const locked = new Set(data?.lockedMonths ?? []);
  const stored = useMemo(() => {
    const m = new Map<string, Timesheet>();
    for (const e of data?.entries ?? []) m.set(cellKey(e.projectId, e.date), e);
    return m;
  }, [data]);
  const rows = useMemo(() => {
    const list = (data?.projects ?? []).map((p) => ({ id: p.id, name: p.name, customer: p.customerName, seat: p.seat }));
    for (const id of added)
      if (!list.some((p) => p.id === id)) list.push({ id, name: addedLabels.get(id) ?? '…', customer: '', seat: false });
    return list;
  }, [data, added, addedLabels]);

  const readOnly = (date: string) => date > today || locked.has(date.slice(0, 7));
  const storedHours = (projectId: string, date: string) => stored.get(cellKey(projectId, date))?.hours ?? 0;
  const dayTotal = (date: string) => rows.reduce((n, p) => n + storedHours(p.id, date), 0);
  const weekTotal = days.reduce((n, d) => n + dayTotal(d), 0);

  const { save, errors, saveCells, refuse, clearError, pending } = useCellSaving(from, to, data);
  const copy = useCopyLastWeek({ from, to, readOnly, storedHours, saveCells });

  async function commit(projectId: string, date: string) {
    const key = cellKey(projectId, date);
    const text = drafts[key];
    if (text === undefined || sent.current.get(key) === text) return;
    const hours = parseHours(text);
    if (Number.isNaN(hours)) {
      refuse(key, issueText(t, { code: 'not_number' }));
      return;
    }
    if (hours === storedHours(projectId, date)) {
      revert(key);
      return;
    }
    sent.current.set(key, text);
    if (await saveCells([{ projectId, date, hours }])) revert(key);
  }

  function revert(key: string) {
    sent.current.delete(key);
    setDrafts(({ [key]: _, ...rest }) => rest);
    clearError(key);
  }

  function focusCell(r: number, c: number) {
    const el = grid.current?.querySelector<HTMLInputElement>(`[data-cell="${r}:${c}"]`);
    el?.focus();
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>, r: number, c: number, projectId: string, date: string) {
    const key = cellKey(projectId, date);
    // Left and right follow the screen: in a right-to-left page the next day is on the left.
    const next = rtl ? -1 : 1;
    if (e.key === 'ArrowRight') focusCell(r, c + next);
    else if (e.key === 'ArrowLeft') focusCell(r, c - next);
    else if (e.key === 'ArrowDown') focusCell(r + 1, c);
    else if (e.key === 'ArrowUp') focusCell(r - 1, c);
    else if (e.key === 'Enter') {
      void commit(projectId, date);
      focusCell(r + 1, c);
    } else if (e.key === 'Escape') {
      // The stored value back first, then selected: selecting the draft before it is replaced left
      // the caret at its end, and the next typing was appended to the stored hours.
      const input = e.target as HTMLInputElement;
      flushSync(() => revert(key));
      input.select();
    } else return;
    e.preventDefault();
  }

  const weekday = (date: string) =>
    new Intl.DateTimeFormat(fmt.locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const dayMonth = (date: string) =>
    new Intl.DateTimeFormat(fmt.locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const shade = (date: string) => (isWeekendDate(date) || off.holidays.has(date) ? 'action.hover' : undefined);
  const lockedMonths = [...new Set(days.map((d) => d.slice(0, 7)))].filter((m) => locked.has(m));

  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton
          aria-label={t(phone ? 'timesheets:page.previousDay' : 'timesheets:page.previousWeek')}
          onClick={() => setDay(phone ? addDays(day, -1) : addDays(monday, -7))}
          data-testid="week-prev"
        >
          {rtl ? <ChevronRight /> : <ChevronLeft />}
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ minWidth: 0 }} data-testid="week-title">
          {phone ? `${weekday(day)} ${fmt.date(day)}` : t('timesheets:page.weekOf', { from: fmt.date(from), to: fmt.date(to) })}
        </Typography>
        <IconButton
          aria-label={t(phone ? 'timesheets:page.nextDay' : 'timesheets:page.nextWeek')}
          onClick={() => setDay(phone ? addDays(day, 1) : addDays(monday, 7))}
          data-testid="week-next"
        >
          {rtl ? <ChevronLeft /> : <ChevronRight />}
        </IconButton>
        <Button size="small" onClick={() => setDay(today)} disabled={phone ? day === today : monday === mondayOf(today)}>
          {t(phone ? 'timesheets:page.today' : 'timesheets:page.thisWeek')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <SaveStatus state={save} />
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          onClick={() => void copy.copyLastWeek()}
          disabled={!data || pending}
          data-testid="copy-last-week"
        >
          {t('timesheets:page.copyLastWeek')}
        </Button>
      </Stack>
      {lockedMonths.length > 0 && (
        <Chip
          icon={<LockOutlined />}
          label={t('timesheets:page.lockedHint', { month: lockedMonths.join(', ') })}
          sx={{ mb: 2, maxWidth: 1, height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          data-testid="week-locked"
        />
      )}
      {sheet.isError ? (
        <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : !data ? (
        <Stack spacing={1} data-testid="list-skeleton">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={40} />
          ))}
        </Stack>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} id="logwork-grid-hint">
            {t('timesheets:page.gridHint')}
          </Typography>
          <Box ref={grid} sx={{ overflowX: 'auto' }}>
            <Box
              component="table"
              aria-describedby="logwork-grid-hint"
              data-testid="logwork-grid"
              sx={{
                borderCollapse: 'collapse',
                minWidth: phone ? 0 : 640,
                width: 1,
                '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 0.5, textAlign: 'center', fontSize: 14 },
                // The project column stays in view while the days scroll under it.
                '& tr > :first-child': {
                  textAlign: 'start',
                  position: 'sticky',
                  insetInlineStart: 0,
                  bgcolor: 'background.paper',
                  zIndex: 1,
                  minWidth: 140,
                  maxWidth: 200,
                },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">{t('timesheets:page.project')}</th>
                  {shown.map((d) => (
                    <Box component="th" scope="col" key={d} sx={{ bgcolor: shade(d), fontWeight: d === today ? 700 : 500 }}>
                      <Box>{weekday(d)}</Box>
                      <Box sx={{ color: 'text.secondary', fontWeight: 400 }}>{dayMonth(d)}</Box>
                      {off.holidays.has(d) && (
                        <Tooltip title={off.holidays.get(d)}>
                          <Typography variant="caption" sx={{ display: 'block', color: 'info.main' }} dir="auto">
                            {t('timesheets:page.holiday')}
                          </Typography>
                        </Tooltip>
                      )}
                      {off.leave.has(d) && (
                        <Typography variant="caption" sx={{ display: 'block', color: 'warning.main' }} data-testid={`leave-${d}`}>
                          {off.leave.get(d) === 'full' ? t('timesheets:page.leave') : t('timesheets:page.halfLeave')}
                        </Typography>
                      )}
                    </Box>
                  ))}
                  <th scope="col">{t('timesheets:page.total')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={shown.length + 2}>
                      <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('timesheets:page.noProjects')}</Typography>
                    </td>
                  </tr>
                )}
                {rows.map((p, r) => (
                  <tr key={p.id} data-testid={`logwork-row-${p.id}`}>
                    <th scope="row" style={{ fontWeight: 500 }}>
                      <Box dir="auto" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {p.name}
                      </Box>
                      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }} dir="auto" noWrap>
                        {p.customer}
                        {!p.seat && ` · ${t('timesheets:page.nonBillable')}`}
                      </Typography>
                    </th>
                    {shown.map((d, c) => {
                      const key = cellKey(p.id, d);
                      return (
                        <Box component="td" key={d} sx={{ bgcolor: shade(d) }}>
                          <HoursCell
                            row={r}
                            column={c}
                            label={t('timesheets:page.cellLabel', { project: p.name, date: fmt.date(d) })}
                            value={drafts[key] ?? hoursText(storedHours(p.id, d))}
                            error={errors[key]}
                            readOnly={readOnly(d)}
                            onChange={(text) => setDrafts((old) => ({ ...old, [key]: text }))}
                            onCommit={() => void commit(p.id, d)}
                            onKeyDown={(e) => onKey(e, r, c, p.id, d)}
                          />
                        </Box>
                      );
                    })}
                    <td style={{ fontWeight: 600 }}>{fmt.number(days.reduce((n, d) => n + storedHours(p.id, d), 0))}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('timesheets:page.dayTotal')}</th>
                  {shown.map((d) => {
                    const total = dayTotal(d);
                    return (
                      <Box
                        component="td"
                        key={d}
                        data-testid={`day-total-${d}`}
                        sx={{ fontWeight: 600, bgcolor: shade(d), color: total > 8 ? 'warning.main' : undefined }}
                      >
                        {fmt.number(total)}
                      </Box>
                    );
                  })}
                  <td style={{ fontWeight: 700 }} data-testid="week-total">
                    {fmt.number(weekTotal)}
                  </td>
                </tr>
              </tfoot>
            </Box>
          </Box>
          {Object.keys(errors).length > 0 && (
            <Box role="alert" sx={{ mt: 1, color: 'error.main' }} data-testid="logwork-errors">
              {Object.entries(errors).map(([key, message]) => {
                const [projectId, date] = key.split('|');
                const name = rows.find((p) => p.id === projectId)?.name ?? '';
                return (
                  <Typography key={key} variant="body2" dir="auto">
                    {name} · {fmt.date(date!)}: {message}
                  </Typography>
                );
              })}
            </Box>
          )}
          <Box sx={{ mt: 2, maxWidth: 360 }}>
            <ReferencePicker
              resource="projects"
              label={t('timesheets:page.addProject')}
              size="small"
              value={null}
              exclude={rows.map((p) => p.id)}
              onChange={(id) => id && setAdded((old) => (old.includes(id) ? old : [...old, id]))}
            />
          </Box>
        </>
      )}
      <ConfirmDialog
        open={!!copy.confirm}
        title={t('timesheets:page.copyConfirmTitle')}
        message={t('timesheets:page.copyConfirmText', { count: copy.confirm?.overwrites ?? 0 })}
        confirmText={t('timesheets:page.overwrite')}
        pending={pending}
        onCancel={copy.cancel}
        onConfirm={() => copy.confirm && void copy.runCopy(copy.confirm.cells)}
        testId="copy-confirm"
      />
    </Card>
  );
}
