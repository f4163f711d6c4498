import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { OVERHEAD_KEY, PNL_GROUPS, pnlQuerySchema, type PnlDrillMeasure, type PnlGroup } from '../../../domain/modules/pnl/pnl.rules';
import type { Pnl, PnlDrill, PnlRow } from '../../../domain/modules/pnl/pnl.schema';
import { formatDecimalLocale } from '../../../domain/money';
import { ErrorState } from '../../components/error-state';
import { downloadFile } from '../../components/download';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

const API = '/api/v1/pnl';
const monthAgo = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const MEASURES = ['revenue', 'salaryCost', 'externalCost', 'commissions', 'profit'] as const;
type Column = (typeof MEASURES)[number];
const DRILLABLE: readonly Column[] = ['revenue', 'salaryCost', 'externalCost'];

interface Cell {
  key: string | undefined;
  label: string;
  measure: PnlDrillMeasure;
  value: string;
}

export function PnlPage() {
  const { t } = useTranslation(['pnl', 'common']);
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const [sp, setSp] = useSearchParams();
  const parsed = pnlQuerySchema.safeParse({
    from: sp.get('from') || monthAgo(5),
    to: sp.get('to') || monthAgo(0),
    groupBy: sp.get('groupBy') || undefined,
  });
  const q = parsed.success ? parsed.data : { from: monthAgo(5), to: monthAgo(0), groupBy: 'customer' as PnlGroup };
  const query = useQuery({
    queryKey: ['pnl', q.from, q.to, q.groupBy],
    queryFn: async () => (await http.get<Pnl>(API, { params: q })).data,
    placeholderData: keepPreviousData,
  });
  const [cell, setCell] = useState<Cell | null>(null);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(sp);
    next.set('from', q.from);
    next.set('to', q.to);
    next.set(key, value);
    setSp(next, { replace: true });
  };
  const data = query.data;
  const cur = data?.baseCurrency ?? 'USD';
  const money = (v: string | null) => (v === null ? '—' : fmt.money(v, cur));
  const monthName = (m: string) =>
    /^\d{4}-\d{2}$/.test(m)
      ? new Intl.DateTimeFormat(fmt.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-15T12:00:00Z`))
      : m;
  // The rows on screen may still be the previous grouping's (kept while the next one loads).
  const shownGroup = data?.groupBy ?? q.groupBy;
  const labelOf = (r: Pick<PnlRow, 'key' | 'label'>) =>
    r.key === OVERHEAD_KEY ? t('pnl:overhead') : shownGroup === 'month' ? monthName(r.key) : r.label || '—';
  const exportXlsx = () =>
    void downloadFile(`${API}/export`, {
      params: { from: q.from, to: q.to, groupBy: q.groupBy },
      fallbackName: `pnl-${q.from}-${q.to}.xlsx`,
    });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('pnl:title')}
        </Typography>
        <TextField
          type="month"
          size="small"
          label={t('pnl:from')}
          value={q.from}
          onChange={(e) => e.target.value && set('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'pnl-from', max: q.to } }}
        />
        <TextField
          type="month"
          size="small"
          label={t('pnl:to')}
          value={q.to}
          onChange={(e) => e.target.value && set('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'pnl-to', min: q.from } }}
        />
        <TextField
          select
          size="small"
          label={t('pnl:groupBy')}
          value={q.groupBy}
          onChange={(e) => set('groupBy', String(e.target.value))}
          sx={{ minWidth: 140 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pnl-group-by' } as object } }}
        >
          {PNL_GROUPS.filter((g) => g !== 'person' || data?.salaryDetail !== false).map((g) => (
            <MenuItem key={g} value={g}>
              {t(`pnl:groups.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<Download />} onClick={exportXlsx} disabled={!data} data-testid="pnl-export">
          {t('pnl:export')}
        </Button>
      </Stack>
      {!parsed.success && <Alert severity="warning">{t('pnl:badRange')}</Alert>}
      {query.isFetching && data && <LinearProgress aria-label={t('common:loading')} />}
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Stack spacing={2} data-testid="pnl-loading" aria-busy>
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : data.rows.length === 0 ? (
        <Card sx={{ p: 3 }} data-testid="pnl-empty">
          <Typography sx={{ color: 'text.secondary' }}>{t('pnl:empty')}</Typography>
        </Card>
      ) : (
        <>
          {data.frozenMonths.length > 0 && (
            <Alert severity="info" data-testid="pnl-frozen">
              {t('pnl:frozen', { months: data.frozenMonths.map(monthName).join(', ') })}{' '}
              <Link component={RouterLink} to="/external-costs/month-close">
                {t('pnl:closedMonths')}
              </Link>
            </Alert>
          )}
          {data.missingRates.length > 0 && (
            <Alert severity="warning">
              {t('pnl:missingRates', { list: data.missingRates.map((m) => `${m.currency} ${monthName(m.month)}`).join(', ') })}
            </Alert>
          )}
          <Card sx={{ p: 2, minWidth: 0 }}>
            <Box aria-hidden sx={{ width: 1, minWidth: 0 }} data-testid="pnl-chart">
              <BarChart
                height={280}
                skipAnimation
                enableKeyboardNavigation={false}
                margin={{ left: 8, right: 8 }}
                xAxis={[{ scaleType: 'band', data: data.rows.map(labelOf), reverse: rtl }]}
                yAxis={[
                  { valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), position: rtl ? 'right' : 'left', width: 56 },
                ]}
                series={[
                  {
                    id: 'revenue',
                    label: t('pnl:measures.revenue'),
                    color: theme.palette.info.main,
                    data: data.rows.map((r) => Number(r.revenue)),
                  },
                  {
                    id: 'profit',
                    label: t('pnl:measures.profit'),
                    color: theme.palette.success.main,
                    data: data.rows.map((r) => (r.profit === null ? null : Number(r.profit))),
                  },
                ]}
              />
            </Box>
          </Card>
          <Card sx={{ minWidth: 0 }}>
            <TableContainer>
              <Table size="small" aria-label={t('pnl:tableLabel', { currency: cur })} data-testid="pnl-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t(`pnl:groups.${shownGroup}`)}</TableCell>
                    {MEASURES.map((m) => (
                      <TableCell key={m} align="right">
                        {t(`pnl:measures.${m}`)}
                      </TableCell>
                    ))}
                    <TableCell align="right">{t('pnl:measures.margin')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...data.rows, { ...data.totals, key: undefined, label: '', customerName: null }].map((r) => {
                    const label = r.key === undefined ? t('pnl:total') : labelOf(r as PnlRow);
                    return (
                      <TableRow
                        key={r.key ?? 'total'}
                        data-testid={`pnl-row-${r.key ?? 'total'}`}
                        sx={r.key === undefined ? { '& td, & th': { fontWeight: 700 } } : undefined}
                      >
                        <TableCell component="th" scope="row">
                          {label}
                          {r.customerName && (
                            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                              {r.customerName}
                            </Typography>
                          )}
                        </TableCell>
                        {MEASURES.map((m) => {
                          const value = r[m];
                          const canOpen = DRILLABLE.includes(m) && value !== null && (m !== 'salaryCost' || data.salaryDetail);
                          return (
                            <TableCell
                              key={m}
                              align="right"
                              sx={{ whiteSpace: 'nowrap', color: m === 'profit' && value?.startsWith('-') ? 'error.main' : undefined }}
                            >
                              {canOpen ? (
                                <Link
                                  component="button"
                                  type="button"
                                  underline="hover"
                                  data-testid={`pnl-cell-${r.key ?? 'total'}-${m}`}
                                  data-value={value}
                                  aria-label={t('pnl:open', { measure: t(`pnl:measures.${m}`), row: label })}
                                  onClick={() => setCell({ key: r.key, label, measure: m as PnlDrillMeasure, value: value })}
                                >
                                  {money(value)}
                                </Link>
                              ) : (
                                <span title={r.masked && value === null ? t('pnl:masked') : undefined} data-value={value ?? ''}>
                                  {money(value)}
                                </span>
                              )}
                            </TableCell>
                          );
                        })}
                        <TableCell align="right">{r.margin === null ? '—' : `${formatDecimalLocale(r.margin, fmt.locale)} %`}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
          {(data.rows.some((r) => r.masked) || data.totals.masked) && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('pnl:masked')}
            </Typography>
          )}
        </>
      )}
      {cell && data && (
        <DrillDialog
          cell={cell}
          q={{ from: data.from, to: data.to, groupBy: data.groupBy }}
          currency={cur}
          onClose={() => setCell(null)}
          monthName={monthName}
        />
      )}
    </Stack>
  );
}

function DrillDialog({
  cell,
  q,
  currency,
  onClose,
  monthName,
}: {
  cell: Cell;
  q: { from: string; to: string; groupBy: PnlGroup };
  currency: string;
  onClose: () => void;
  monthName: (m: string) => string;
}) {
  const { t } = useTranslation(['pnl', 'common', 'external-costs']);
  const fmt = useFormatters();
  const [offset, setOffset] = useState(0);
  const query = useQuery({
    queryKey: ['pnl', 'drill', q.from, q.to, q.groupBy, cell.key, cell.measure, offset],
    queryFn: async () =>
      (await http.get<PnlDrill>(`${API}/drill-down`, { params: { ...q, key: cell.key, measure: cell.measure, offset } })).data,
    placeholderData: keepPreviousData,
  });
  const d = query.data;
  const title = t('pnl:drillTitle', { measure: t(`pnl:measures.${cell.measure}`), row: cell.label });
  const source = (r: PnlDrill['rows'][number]) => {
    if (cell.measure === 'revenue')
      return (
        <Link component={RouterLink} to={`/invoices/${r.sourceId}`}>
          {r.ref ?? t('pnl:draft')}
        </Link>
      );
    if (cell.measure === 'externalCost')
      return (
        <Link component={RouterLink} to={`/external-costs/${r.sourceId}/edit`}>
          {r.ref}
        </Link>
      );
    return (
      <Link component={RouterLink} to={`/salary/${r.sourceId}`}>
        {r.personName ?? '—'}
      </Link>
    );
  };
  const detail = (r: PnlDrill['rows'][number]) => {
    if (cell.measure === 'salaryCost')
      return r.basis === 'none'
        ? t('pnl:basis.none')
        : t(`pnl:basis.${r.basis as 'hours' | 'seats'}`, {
            weight: formatDecimalLocale(r.weight ?? '0', fmt.locale),
            total: formatDecimalLocale(r.weightTotal ?? '0', fmt.locale),
          });
    if (cell.measure === 'externalCost')
      return [r.basis ? t(`external-costs:values.category.${r.basis}`, { defaultValue: r.basis }) : '', r.description]
        .filter(Boolean)
        .join(' · ');
    return r.description;
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="pnl-drill-title">
      <DialogTitle id="pnl-drill-title">{title}</DialogTitle>
      <DialogContent>
        {query.isError && !d ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !d ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          <Stack spacing={1}>
            <Typography data-testid="pnl-drill-total" data-value={d.total}>
              {t('pnl:drillTotal', { total: fmt.money(d.total, currency), count: d.count, formatted: fmt.number(d.count) })}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label={title} data-testid="pnl-drill-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('pnl:columns.month')}</TableCell>
                    <TableCell>{t('pnl:columns.source')}</TableCell>
                    <TableCell>{t('pnl:columns.detail')}</TableCell>
                    <TableCell>{t('pnl:columns.where')}</TableCell>
                    <TableCell align="right">{t('pnl:columns.sourceAmount')}</TableCell>
                    <TableCell align="right">{t('pnl:columns.amount', { currency })}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.rows.map((r, i) => (
                    <TableRow key={`${r.sourceId}-${r.line ?? ''}-${r.projectId ?? ''}-${i}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{monthName(r.month)}</TableCell>
                      <TableCell>{source(r)}</TableCell>
                      <TableCell>{detail(r)}</TableCell>
                      <TableCell>{[r.customerName, r.projectName].filter(Boolean).join(' / ') || t('pnl:overhead')}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {r.sourceAmount && r.sourceCurrency ? fmt.money(r.sourceAmount, r.sourceCurrency) : ''}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {fmt.money(r.amount, currency)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {d.count > d.rows.length && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - d.rows.length))}>
                  {t('pnl:previous')}
                </Button>
                <Button disabled={offset + d.rows.length >= d.count} onClick={() => setOffset(offset + d.rows.length)}>
                  {t('pnl:next')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pnl:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
