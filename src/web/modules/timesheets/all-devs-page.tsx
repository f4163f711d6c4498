import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alpha, useTheme } from '@mui/material/styles';
import { TINTS } from '../../theme/create-theme';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { monthSchema, type AllDevsPerson, type AllDevsResponse, type AllDevsSort } from '../../../domain/modules/timesheets/all-devs';
import { todayIn } from '../../../domain/modules/leave/leave.rules';
import { addMonths } from '../../../domain/months';
import { QueryState } from '../../components/query-state';
import { ReferencePicker } from '../../components/resource/lookup';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import { downloadWorkbook } from './all-devs-download';

const NS = 'logwork-all-devs';
const API = '/api/v1/timesheet/all-devs';
const EXPORT_ALL = '/api/v1/excel/timesheet/all-devs';
const LIMITS = [10, 25, 50, 100];
// Stripes and an icon, not colour alone, mark a missing day (amber reads for every colour vision).
const MISSING_BG = 'repeating-linear-gradient(135deg, rgba(255,171,0,0.28) 0 4px, rgba(255,171,0,0.12) 4px 8px)';
const NAME_WIDTH = { xs: 132, sm: 200 };

/** The page's filters live in the address: a reload, a shared link and the export all read the same. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const month = monthSchema.safeParse(params.get('month')).success ? params.get('month')! : todayIn().slice(0, 7);
  const get = (k: string) => params.get(k) ?? '';
  const filters = {
    month,
    q: get('q'),
    customerId: get('customerId'),
    projectId: get('projectId'),
    missing: get('missing') === 'true',
    page: Math.max(1, Number(get('page')) || 1),
    limit: LIMITS.includes(Number(get('limit'))) ? Number(get('limit')) : 25,
    sort: (['name', 'logged', 'utilisation', 'missing'].includes(get('sort')) ? get('sort') : 'name') as AllDevsSort,
    order: get('order') === 'desc' ? 'desc' : ('asc' as 'asc' | 'desc'),
  };
  const set = (patch: Partial<Record<keyof typeof filters, string | number | boolean | null>>, keepPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || v === false) next.delete(k);
          else next.set(k, String(v));
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

type Filters = ReturnType<typeof useFilters>['filters'];

/** The API's query for these filters; the export sends the same, without page and limit. */
function apiParams(f: Filters, paged: boolean): Record<string, string> {
  const p: Record<string, string> = { month: f.month, sort: f.sort, order: f.order };
  if (f.q.trim()) p.q = f.q.trim();
  if (f.customerId) p.customerId = f.customerId;
  if (f.projectId) p.projectId = f.projectId;
  if (f.missing) p.missing = 'true';
  if (paged) Object.assign(p, { page: String(f.page), limit: String(f.limit) });
  return p;
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Everyone's month: hours per person per day, expected vs logged, missing logs, utilisation; exports. */
export function AllDevsPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const rtl = useTheme().direction === 'rtl';
  const { filters, set } = useFilters();
  const [search, setSearch] = useState(filters.q);
  const [exporting, setExporting] = useState<{ who: string; bytes: number } | null>(null);

  // The search box is debounced into the address (and so into the query).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== filters.q) set({ q: search });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the timer
  }, [search]);

  const params = apiParams(filters, true);
  const query = useQuery({
    queryKey: ['timesheets', 'all-devs', params],
    queryFn: async () => (await http.get<AllDevsResponse>(API, { params })).data,
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const monthLabel = fmt.month(filters.month, 'long');
  const weekdayFmt = useMemo(() => new Intl.DateTimeFormat(fmt.locale, { weekday: 'narrow', timeZone: 'UTC' }), [fmt.locale]);
  const percent = (u: number | null) => (u === null ? '—' : fmt.number(u, { style: 'percent', maximumFractionDigits: 1 }));

  const download = async (who: string, url: string, p: Record<string, string>) => {
    setExporting({ who, bytes: 0 });
    try {
      await downloadWorkbook(url, p, (bytes) => setExporting({ who, bytes }));
      toast.success(t(`${NS}:exported`));
    } catch (e) {
      toast.error(errorText(t, e));
    } finally {
      setExporting(null);
    }
  };
  const exportAll = () => download('all', EXPORT_ALL, apiParams(filters, false));
  const exportPerson = (p: AllDevsPerson) => download(p.userId, `/api/v1/excel/timesheet/${p.userId}`, { month: filters.month });

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
  const stickyCell = {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    minWidth: NAME_WIDTH,
    maxWidth: NAME_WIDTH,
    borderInlineEnd: 1,
    borderInlineEndColor: 'divider',
  } as const;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t(`${NS}:title`)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`${NS}:subtitle`)}
          </Typography>
        </Box>
        <Box sx={{ minWidth: 160 }}>
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportAll()}
            loading={exporting?.who === 'all'}
            loadingPosition="start"
            disabled={!!exporting || !data?.total}
            data-testid="all-devs-export"
          >
            {t(`${NS}:export`)}
          </Button>
          {exporting?.who === 'all' && (
            <Box role="status" sx={{ mt: 0.5 }}>
              <LinearProgress />
              <Typography variant="caption">{t(`${NS}:exporting`, { size: kb(exporting.bytes) })}</Typography>
            </Box>
          )}
        </Box>
      </Stack>

      <Card sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={t(`${NS}:month`)}>
            <IconButton
              aria-label={t(`${NS}:previousMonth`)}
              onClick={() => set({ month: addMonths(filters.month, -1) })}
              data-testid="month-prev"
            >
              {rtl ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
            <Typography sx={{ minWidth: 130, textAlign: 'center', fontWeight: 600 }} aria-live="polite" data-testid="month-label">
              {monthLabel}
            </Typography>
            <IconButton
              aria-label={t(`${NS}:nextMonth`)}
              onClick={() => set({ month: addMonths(filters.month, 1) })}
              data-testid="month-next"
            >
              {rtl ? <ChevronLeft /> : <ChevronRight />}
            </IconButton>
          </Stack>
          <TextField
            size="small"
            type="search"
            label={t(`${NS}:search`)}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ minWidth: 200, flex: '1 1 200px' }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'all-devs-search' } }}
          />
          <Box sx={{ minWidth: 200, flex: '1 1 200px' }} data-testid="filter-customer">
            <ReferencePicker
              resource="customers"
              label={t(`${NS}:customer`)}
              size="small"
              value={filters.customerId || null}
              onChange={(id) => set({ customerId: id })}
            />
          </Box>
          <Box sx={{ minWidth: 200, flex: '1 1 200px' }} data-testid="filter-project">
            <ReferencePicker
              resource="projects"
              label={t(`${NS}:project`)}
              size="small"
              value={filters.projectId || null}
              onChange={(id) => set({ projectId: id })}
            />
          </Box>
          <FormControlLabel
            control={<Switch checked={filters.missing} onChange={(e) => set({ missing: e.target.checked })} />}
            label={t(`${NS}:missingOnly`)}
            data-testid="filter-missing"
          />
        </Stack>
      </Card>

      {data && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, mb: 1 }} data-testid="all-devs-totals">
          <Typography variant="body2">
            {t(`${NS}:expected`)}: <b>{fmt.number(data.totals.expected)}</b>
          </Typography>
          <Typography variant="body2">
            {t(`${NS}:logged`)}: <b>{fmt.number(data.totals.logged)}</b>
          </Typography>
          <Typography variant="body2">
            {t(`${NS}:billable`)}: <b>{fmt.number(data.totals.billable)}</b>
          </Typography>
          <Typography variant="body2">
            {t(`${NS}:utilisation`)}: <b>{percent(data.totals.utilisation)}</b>
          </Typography>
        </Stack>
      )}

      <Card>
        {query.isFetching && data && <LinearProgress sx={{ height: 2 }} />}
        <QueryState query={{ ...query, data: data ? data.data : undefined }} empty={t(`${NS}:empty`)}>
          {(rows) => (
            <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
              <Table size="small" stickyHeader data-testid="all-devs-table" sx={{ '& td, & th': { px: 0.75, whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ ...stickyCell, zIndex: 3 }}>{sortHeader('name', t(`${NS}:name`))}</TableCell>
                    {data!.days.map((d) => {
                      const off = d.kind !== 'working';
                      const title =
                        d.kind === 'holiday'
                          ? t(`${NS}:holiday`, { name: d.holidayName })
                          : d.kind === 'weekend'
                            ? t(`${NS}:weekend`)
                            : fmt.date(d.date);
                      return (
                        <TableCell
                          key={d.date}
                          align="center"
                          title={title}
                          sx={{ bgcolor: off ? 'action.selected' : undefined, minWidth: 34 }}
                        >
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
                  {rows.map((p) => {
                    const missing = new Set(p.missingDays);
                    return (
                      <TableRow key={p.userId} hover data-testid={`all-devs-row-${p.userId}`}>
                        <TableCell sx={stickyCell} component="th" scope="row">
                          <Typography variant="body2" noWrap dir="auto" sx={{ fontWeight: 600 }}>
                            {p.fullName}
                          </Typography>
                          <Typography variant="caption" noWrap dir="ltr" component="div" sx={{ color: 'text.secondary' }}>
                            {p.email}
                          </Typography>
                        </TableCell>
                        {data!.days.map((d) => {
                          const cell = p.days[d.date];
                          const isMissing = missing.has(d.date);
                          const leave = cell?.leave;
                          const leaveText = leave ? t(`${NS}:leave`, { type: t(`leave-requests:values.type.${leave}`) }) : '';
                          const label = isMissing ? t(`${NS}:missingDay`) : leave ? leaveText : undefined;
                          return (
                            <TableCell
                              key={d.date}
                              align="center"
                              data-day={d.date}
                              data-missing={isMissing || undefined}
                              sx={{
                                bgcolor: (theme) =>
                                  d.kind !== 'working'
                                    ? theme.palette.action.hover
                                    : leave
                                      ? alpha(theme.palette.info.main, TINTS.leaveDay)
                                      : undefined,
                                background: isMissing ? MISSING_BG : undefined,
                              }}
                            >
                              {isMissing ? (
                                // titleAccess names the icon (an SvgIcon is hidden from assistive tech without one).
                                <ReportProblemOutlined
                                  fontSize="small"
                                  sx={{ color: 'warning.main', verticalAlign: 'middle' }}
                                  titleAccess={label}
                                />
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
                        })}
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
                                onClick={() => void exportPerson(p)}
                                disabled={!!exporting}
                                data-testid={`export-person-${p.userId}`}
                              >
                                <FileDownloadOutlined fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
          )}
        </QueryState>
        {data && data.total > 0 && (
          <TablePagination
            component="div"
            count={data.total}
            page={filters.page - 1}
            rowsPerPage={filters.limit}
            rowsPerPageOptions={LIMITS}
            onPageChange={(_, page) => set({ page: page + 1 }, true)}
            onRowsPerPageChange={(e) => set({ limit: Number(e.target.value) })}
          />
        )}
      </Card>

      <Stack
        direction="row"
        component="ul"
        sx={{ flexWrap: 'wrap', gap: 2, mt: 1, p: 0, listStyle: 'none' }}
        aria-label={t(`${NS}:legend`)}
      >
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 16, height: 16, background: MISSING_BG, display: 'inline-flex' }}>
            <ReportProblemOutlined sx={{ fontSize: 14, color: 'warning.main' }} aria-hidden />
          </Box>
          <Typography variant="caption">{t(`${NS}:legendMissing`)}</Typography>
        </Box>
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="b" sx={{ fontSize: 12 }}>
            {t(`${NS}:leaveShort`)}
          </Box>
          <Typography variant="caption">{t(`${NS}:legendLeave`)}</Typography>
        </Box>
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 16, height: 16, bgcolor: 'action.selected' }} />
          <Typography variant="caption">{t(`${NS}:legendOff`)}</Typography>
        </Box>
      </Stack>
      {exporting && exporting.who !== 'all' && (
        <Box
          role="status"
          sx={{ position: 'fixed', insetInlineEnd: 16, bottom: 16, bgcolor: 'background.paper', p: 1, boxShadow: 3, borderRadius: 1 }}
        >
          <Typography variant="caption">{t(`${NS}:exporting`, { size: kb(exporting.bytes) })}</Typography>
          <LinearProgress />
        </Box>
      )}
    </Box>
  );
}
