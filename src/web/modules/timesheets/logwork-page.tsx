import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { todayIn } from '../../../domain/modules/leave/leave.rules';
import type { Timesheet, TimesheetSheet } from '../../../domain/modules/timesheets/timesheets.schema';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { ReferencePicker, useRefLabels } from '../../components/resource/lookup';
import { errorText, issueText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';
import { addDays, addMonths, isWeekendDate, mondayOf, monthRange, parseHours, weekDays } from './week-dates';

type Calendar = {
  holidays: Array<{ id: string; date: string; name: string }>;
  leave: Array<{ userId: string; startDate: string; endDate: string; halfDay: 'am' | 'pm' | null }>;
};
type Cell = { projectId: string; date: string; hours: number; note?: string | null };
type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const cellKey = (projectId: string, date: string) => `${projectId}|${date}`;
const sheetKey = (from: string, to: string) => ['timesheets', 'sheet', from, to] as const;

function useSheet(from: string, to: string) {
  return useQuery({
    queryKey: sheetKey(from, to),
    queryFn: async () => (await http.get<TimesheetSheet>('/api/v1/timesheet/sheet', { params: { from, to } })).data,
  });
}

/** Public holidays and the caller's own approved leave, by date. */
function useDaysOff(from: string, to: string, userId: string | undefined) {
  const query = useQuery({
    queryKey: ['calendar', from, to],
    queryFn: async () => (await http.get<Calendar>('/api/calendar', { params: { from, to } })).data,
  });
  return useMemo(() => {
    const holidays = new Map<string, string>();
    const leave = new Map<string, 'full' | 'am' | 'pm'>();
    for (const h of query.data?.holidays ?? []) holidays.set(h.date, h.name);
    for (const l of query.data?.leave ?? []) {
      if (l.userId !== userId) continue;
      for (let d = l.startDate; d <= l.endDate; d = addDays(d, 1)) leave.set(d, l.halfDay ?? 'full');
    }
    return { holidays, leave };
  }, [query.data, userId]);
}

const hoursText = (n: number) => (n ? String(n) : '');

/** My logwork: a week grid to type hours in, and a month calendar of each day's total. */
export function LogworkPage() {
  const { t } = useTranslation();
  const today = todayIn();
  const [view, setView] = useState<'week' | 'month'>('week');
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [month, setMonth] = useState(() => today.slice(0, 7));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mb: 2, gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {t('timesheets:page.title')}
        </Typography>
        <Tabs value={view} onChange={(_, v: 'week' | 'month') => setView(v)} aria-label={t('timesheets:page.view')}>
          <Tab value="week" label={t('timesheets:page.week')} data-testid="logwork-week-tab" />
          <Tab value="month" label={t('timesheets:page.month')} data-testid="logwork-month-tab" />
        </Tabs>
      </Stack>
      {view === 'week' ? (
        <WeekView monday={monday} setMonday={setMonday} today={today} />
      ) : (
        <MonthView
          month={month}
          setMonth={setMonth}
          today={today}
          openDay={(date) => {
            setMonday(mondayOf(date));
            setView('week');
          }}
        />
      )}
    </Box>
  );
}

function WeekView({ monday, setMonday, today }: { monday: string; setMonday: (d: string) => void; today: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const { user } = useAuthContext();
  const queryClient = useQueryClient();
  const days = weekDays(monday);
  const from = days[0]!;
  const to = days[6]!;
  const sheet = useSheet(from, to);
  const off = useDaysOff(from, to, user?.id);
  const [added, setAdded] = useState<string[]>([]);
  const addedLabels = useRefLabels('projects', added);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [confirmCopy, setConfirmCopy] = useState<{ cells: Cell[]; overwrites: number } | null>(null);
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

  const mutation = useMutation({
    mutationFn: async (cells: Cell[]) => (await http.put<{ data: Timesheet[] }>('/api/v1/timesheet/cells', { cells })).data.data,
  });

  // Cells typed in a row save side by side: the status says saved once the last of them is.
  const inFlight = useRef(0);
  const settle = (next: SaveState) => {
    inFlight.current -= 1;
    setSave((now) => (next.kind === 'failed' ? next : inFlight.current > 0 ? { kind: 'saving' } : now.kind === 'failed' ? now : next));
  };

  /** Saves cells; on success the sheet takes the answer for the days touched. */
  async function saveCells(cells: Cell[]): Promise<boolean> {
    if (inFlight.current === 0) setSave({ kind: 'saving' });
    inFlight.current += 1;
    try {
      const answer = await mutation.mutateAsync(cells);
      const dates = new Set(cells.map((c) => c.date));
      queryClient.setQueryData<TimesheetSheet>(sheetKey(from, to), (old) =>
        old ? { ...old, entries: [...old.entries.filter((e) => !dates.has(e.date)), ...answer] } : old,
      );
      // Other weeks and months read again when shown; this one too when a project row is new to it (copied hours).
      void queryClient.invalidateQueries({ queryKey: ['timesheets', 'sheet'], refetchType: 'none' });
      if (cells.some((c) => !data?.projects.some((p) => p.id === c.projectId)))
        void queryClient.invalidateQueries({ queryKey: sheetKey(from, to) });
      settle({ kind: 'saved' });
      return true;
    } catch (error) {
      const e = toHttpError(error);
      const fieldErrors: Record<string, string> = {};
      for (const [path, issue] of Object.entries(e.issues ?? {})) {
        const [, index] = path.split('.');
        const cell = cells[Number(index)];
        if (cell) fieldErrors[cellKey(cell.projectId, cell.date)] = issueText(t, issue);
      }
      setErrors((old) => ({ ...old, ...fieldErrors }));
      const message = Object.values(fieldErrors)[0] ?? errorText(t, error);
      settle({ kind: 'failed', message });
      if (!Object.keys(fieldErrors).length) toast.error(message);
      return false;
    }
  }

  async function commit(projectId: string, date: string) {
    const key = cellKey(projectId, date);
    const text = drafts[key];
    if (text === undefined) return;
    const hours = parseHours(text);
    if (Number.isNaN(hours)) {
      setErrors((old) => ({ ...old, [key]: issueText(t, { code: 'not_number' }) }));
      setSave({ kind: 'failed', message: issueText(t, { code: 'not_number' }) });
      return;
    }
    if (hours === storedHours(projectId, date)) {
      revert(key);
      return;
    }
    if (await saveCells([{ projectId, date, hours }])) revert(key);
  }

  function revert(key: string) {
    setDrafts(({ [key]: _, ...rest }) => rest);
    setErrors(({ [key]: _, ...rest }) => rest);
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
      revert(key);
      (e.target as HTMLInputElement).select();
    } else return;
    e.preventDefault();
  }

  async function copyLastWeek() {
    const previous = await queryClient.fetchQuery({
      queryKey: sheetKey(addDays(from, -7), addDays(to, -7)),
      queryFn: async () =>
        (await http.get<TimesheetSheet>('/api/v1/timesheet/sheet', { params: { from: addDays(from, -7), to: addDays(to, -7) } })).data,
    });
    // Last week's cells on the same weekdays, where hours may still be logged.
    const cells: Cell[] = previous.entries
      .map((e) => ({ projectId: e.projectId, date: addDays(e.date, 7), hours: e.hours }))
      .filter((c) => !readOnly(c.date) && storedHours(c.projectId, c.date) !== c.hours);
    if (!cells.length) {
      toast(t('timesheets:page.copyNothing'));
      return;
    }
    const overwrites = cells.filter((c) => storedHours(c.projectId, c.date) > 0).length;
    if (overwrites) setConfirmCopy({ cells, overwrites });
    else await runCopy(cells);
  }

  async function runCopy(cells: Cell[]) {
    setConfirmCopy(null);
    if (await saveCells(cells)) toast.success(t('timesheets:page.copied', { count: cells.length }));
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
        <IconButton aria-label={t('timesheets:page.previousWeek')} onClick={() => setMonday(addDays(monday, -7))} data-testid="week-prev">
          {rtl ? <ChevronRight /> : <ChevronLeft />}
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ minWidth: 0 }} data-testid="week-title">
          {t('timesheets:page.weekOf', { from: fmt.date(from), to: fmt.date(to) })}
        </Typography>
        <IconButton aria-label={t('timesheets:page.nextWeek')} onClick={() => setMonday(addDays(monday, 7))} data-testid="week-next">
          {rtl ? <ChevronLeft /> : <ChevronRight />}
        </IconButton>
        <Button size="small" onClick={() => setMonday(mondayOf(today))} disabled={monday === mondayOf(today)}>
          {t('timesheets:page.thisWeek')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <SaveStatus state={save} />
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          onClick={() => void copyLastWeek()}
          disabled={!data || mutation.isPending}
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
                minWidth: 640,
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
                  {days.map((d) => (
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
                    <td colSpan={9}>
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
                    {days.map((d, c) => {
                      const key = cellKey(p.id, d);
                      const value = drafts[key] ?? hoursText(storedHours(p.id, d));
                      const error = errors[key];
                      const ro = readOnly(d);
                      return (
                        <Box component="td" key={d} sx={{ bgcolor: shade(d) }}>
                          <Tooltip title={error ?? ''} open={error ? undefined : false}>
                            <Box
                              component="input"
                              data-cell={`${r}:${c}`}
                              data-testid={`cell-${r}-${c}`}
                              inputMode="decimal"
                              autoComplete="off"
                              readOnly={ro}
                              aria-readonly={ro || undefined}
                              aria-invalid={error ? true : undefined}
                              aria-label={t('timesheets:page.cellLabel', { project: p.name, date: fmt.date(d) })}
                              title={error}
                              value={value}
                              onChange={(e) => setDrafts((old) => ({ ...old, [key]: e.target.value }))}
                              onFocus={(e) => e.target.select()}
                              onBlur={() => void commit(p.id, d)}
                              onKeyDown={(e) => onKey(e, r, c, p.id, d)}
                              sx={{
                                width: 56,
                                height: 36,
                                textAlign: 'center',
                                font: 'inherit',
                                color: 'text.primary',
                                bgcolor: ro ? 'transparent' : 'background.paper',
                                border: 1,
                                borderColor: error ? 'error.main' : ro ? 'transparent' : 'divider',
                                borderRadius: 1,
                                outline: 'none',
                                '&:focus': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
                                cursor: ro ? 'default' : 'text',
                              }}
                            />
                          </Tooltip>
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
                  {days.map((d) => {
                    const total = dayTotal(d);
                    return (
                      <Box
                        component="td"
                        key={d}
                        data-testid={`day-total-${d}`}
                        sx={{ fontWeight: 600, bgcolor: shade(d), color: total > 8 ? 'warning.dark' : undefined }}
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
        open={!!confirmCopy}
        title={t('timesheets:page.copyConfirmTitle')}
        message={t('timesheets:page.copyConfirmText', { count: confirmCopy?.overwrites ?? 0 })}
        confirmText={t('timesheets:page.overwrite')}
        pending={mutation.isPending}
        onCancel={() => setConfirmCopy(null)}
        onConfirm={() => confirmCopy && void runCopy(confirmCopy.cells)}
        testId="copy-confirm"
      />
    </Card>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  // Announced politely: a screen reader hears that the hours were saved without losing its place.
  return (
    <Box aria-live="polite" role="status" data-testid="save-status" sx={{ minWidth: 80 }}>
      {state.kind === 'saving' && <Chip size="small" label={t('timesheets:page.saving')} />}
      {state.kind === 'saved' && <Chip size="small" color="success" variant="outlined" label={t('timesheets:page.saved')} />}
      {state.kind === 'failed' && <Chip size="small" color="error" variant="outlined" label={t('timesheets:page.notSaved')} />}
    </Box>
  );
}

function MonthView({
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
