import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
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
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type {
  HrCommissionDashboard,
  HrCommissionTrend,
  MyCommission,
  Placement,
} from '../../../domain/modules/hr-commission/hr-commission-views.schema';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import { PlacementStateChip } from './placement-state';
import { SplitDialog } from './split-dialog';
import { TrendSection } from './trend-section';

const API = '/api/v1/hr-commission';
const thisMonth = () => new Date().toISOString().slice(0, 7);

function Loading<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown };
  children: (d: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton variant="rounded" height={160} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as T)}</>;
}

function Section({ title, testId, children, action }: { title: string; testId: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Card>
  );
}

/**
 * HR commission at a glance. Everyone with the section sees their own commission (placements in
 * probation, earned, clawed back; their months) and the twelve months' trend; admin and hr_lead also
 * calculate a month, read every recruiter's figures and split placements between recruiters.
 */
export function HrCommissionDashboardPage() {
  const { t } = useTranslation(['hr-commissions', 'errors']);
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const qc = useQueryClient();
  const lead = can(role, 'hr-commissions', 'calculate');
  const splits = can(role, 'hr-commissions', 'splits');
  const [sp, setSp] = useSearchParams();
  const year = Number(sp.get('year')) || new Date().getFullYear();
  const [month, setMonth] = useState(thisMonth());
  const [splitting, setSplitting] = useState<Placement | null>(null);
  const mine = useQuery({
    queryKey: ['hr-commission', 'mine'],
    queryFn: async () => (await http.get<MyCommission>(`${API}/my-commission`)).data,
  });
  const trend = useQuery({
    queryKey: ['hr-commission', 'trend'],
    queryFn: async () => (await http.get<HrCommissionTrend>(`${API}/trend`)).data,
  });
  const board = useQuery({
    queryKey: ['hr-commission', 'dashboard', year],
    queryFn: async () => (await http.get<HrCommissionDashboard>(`${API}/dashboard?year=${year}`)).data,
  });
  const placements = useQuery({
    queryKey: ['hr-commission', 'placements'],
    queryFn: async () => (await http.get<{ currency: string; data: Placement[] }>(`${API}/placements`)).data,
    enabled: splits,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['hr-commission'] });
  const calculate = useMutation({
    mutationFn: async () => (await http.post<{ data: Array<{ result: string }> }>(`${API}/calculate`, { period: month })).data,
    onSuccess: (r) =>
      toast.success(
        t('hr-commissions:calculate.done', {
          month: fmt.month(month, 'long'),
          created: r.data.filter((d) => d.result === 'created').length,
          updated: r.data.filter((d) => d.result === 'updated').length,
          frozen: r.data.filter((d) => d.result === 'frozen').length,
        }),
      ),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: refresh,
  });
  const flip = { transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  const money = (v: string | null, cur: string) => (v === null ? '—' : <bdi>{fmt.money(v, cur)}</bdi>);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          {t('hr-commissions:dashboard.title')}
        </Typography>
        <Button component={RouterLink} to="/hr-commission/statements" variant="outlined">
          {t('hr-commissions:dashboard.statements')}
        </Button>
        {lead && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              type="month"
              size="small"
              label={t('hr-commissions:calculate.month')}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'hr-commission-month' } }}
            />
            <Button
              variant="contained"
              disabled={calculate.isPending || !month}
              onClick={() => calculate.mutate()}
              data-testid="hr-commission-calculate"
            >
              {t('hr-commissions:calculate.button')}
            </Button>
          </Stack>
        )}
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('hr-commissions:dashboard.intro')}</Typography>

      <Stack spacing={3}>
        <Section title={t('hr-commissions:mine.title')} testId="hr-commission-mine">
          <Loading query={mine}>
            {(d: MyCommission) => (
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {(['pending', 'earned', 'clawedBack'] as const).map((k) => (
                    <Box
                      key={k}
                      sx={{ flex: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
                      data-testid={`hr-commission-mine-${k}`}
                    >
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t(`hr-commissions:mine.${k}`, { formatted: fmt.number(d[k].count) })}
                      </Typography>
                      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {money(d[k].amount, d.currency)}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
                {d.placements.length === 0 ? (
                  <Typography sx={{ color: 'text.secondary' }}>{t('hr-commissions:mine.empty')}</Typography>
                ) : (
                  <PlacementsTable rows={d.placements} currency={d.currency} caption={t('hr-commissions:mine.placements')} own />
                )}
                {d.statements.length > 0 && (
                  <TableContainer>
                    <Table size="small" aria-label={t('hr-commissions:mine.statements')}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('hr-commissions:fields.period')}</TableCell>
                          <TableCell>{t('hr-commissions:fields.state')}</TableCell>
                          <TableCell align="right">{t('hr-commissions:fields.total')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {d.statements.map((s) => (
                          <TableRow key={s.id} data-testid={`hr-commission-mine-statement-${s.period}`}>
                            <TableCell component="th" scope="row">
                              <Link component={RouterLink} to={`/hr-commission/statements/${s.id}`}>
                                {fmt.month(s.period, 'long')}
                              </Link>
                            </TableCell>
                            <TableCell>
                              <Chip size="small" label={t(`hr-commissions:values.state.${s.state}`)} />
                            </TableCell>
                            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                              {money(s.total, d.currency)}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                )}
              </Stack>
            )}
          </Loading>
        </Section>

        <Loading query={trend}>{(d: HrCommissionTrend) => <TrendSection trend={d} />}</Loading>

        <Section
          title={t('hr-commissions:board.title', { year: fmt.year(year) })}
          testId="hr-commission-board"
          action={
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <IconButton aria-label={t('hr-commissions:board.previousYear')} onClick={() => setSp({ year: String(year - 1) })}>
                <ChevronLeft sx={flip} />
              </IconButton>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{fmt.year(year)}</Typography>
              <IconButton aria-label={t('hr-commissions:board.nextYear')} onClick={() => setSp({ year: String(year + 1) })}>
                <ChevronRight sx={flip} />
              </IconButton>
            </Stack>
          }
        >
          <Loading query={board}>
            {(d: HrCommissionDashboard) =>
              d.data.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>{t('hr-commissions:board.empty')}</Typography>
              ) : (
                <TableContainer>
                  <Table size="small" aria-label={t('hr-commissions:board.title', { year: fmt.year(year) })}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('hr-commissions:board.recruiter')}</TableCell>
                        {(['pending', 'earned', 'clawedBack', 'approved', 'paid'] as const).map((k) => (
                          <TableCell key={k} align="right">
                            {t(`hr-commissions:board.${k}`)}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {d.data.map((r) => (
                        <TableRow key={r.user.id} data-testid={`hr-commission-board-${r.user.id}`}>
                          <TableCell component="th" scope="row" dir="auto">
                            {r.user.name}
                          </TableCell>
                          {(['pending', 'earned', 'clawedBack'] as const).map((k) => (
                            <TableCell key={k} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                              {money(r[k].amount, d.currency)}{' '}
                              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                                ({fmt.number(r[k].count)})
                              </Typography>
                            </TableCell>
                          ))}
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {money(r.approved, d.currency)}
                          </TableCell>
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {money(r.paid, d.currency)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )
            }
          </Loading>
        </Section>

        {splits && (
          <Section title={t('hr-commissions:placements.title')} testId="hr-commission-placements">
            <Loading query={placements}>
              {(d: { currency: string; data: Placement[] }) =>
                d.data.length === 0 ? (
                  <Typography sx={{ color: 'text.secondary' }}>{t('hr-commissions:placements.empty')}</Typography>
                ) : (
                  <PlacementsTable
                    rows={d.data}
                    currency={d.currency}
                    caption={t('hr-commissions:placements.title')}
                    onSplit={setSplitting}
                  />
                )
              }
            </Loading>
          </Section>
        )}
      </Stack>
      {splitting && (
        <SplitDialog
          placement={splitting}
          onClose={() => setSplitting(null)}
          onSaved={() => {
            setSplitting(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}

/** Placements with their probation and state; each recruiter's part (an hr: their own); the leads split them. */
function PlacementsTable({
  rows,
  currency,
  caption,
  own,
  onSplit,
}: {
  rows: Placement[];
  currency: string;
  caption: string;
  own?: boolean;
  onSplit?: (p: Placement) => void;
}) {
  const { t } = useTranslation(['hr-commissions']);
  const fmt = useFormatters();
  return (
    <TableContainer>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>{t('hr-commissions:placements.placement')}</TableCell>
            <TableCell>{t('hr-commissions:placements.start')}</TableCell>
            <TableCell>{t('hr-commissions:placements.probationEnd')}</TableCell>
            <TableCell>{t('hr-commissions:placements.state')}</TableCell>
            <TableCell>{own ? t('hr-commissions:placements.myPart') : t('hr-commissions:placements.shares')}</TableCell>
            {onSplit && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id} data-testid={`hr-commission-placement-${p.id}`}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`/headcounts/${p.id}`} dir="auto">
                  {p.label}
                </Link>
              </TableCell>
              <TableCell>{fmt.date(p.startDate)}</TableCell>
              <TableCell>{fmt.date(p.probationEnd)}</TableCell>
              <TableCell>
                <PlacementStateChip state={p.state} />
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {p.missing ? (
                  <Typography variant="body2">{t('hr-commissions:placements.missing', { missing: p.missing })}</Typography>
                ) : (
                  p.shares.map((s) => (
                    <Box key={s.user.id}>
                      {!own && <span dir="auto">{s.user.name} · </span>}
                      <bdi>{`${fmt.number(s.effectivePercent)} %`}</bdi> ·{' '}
                      <bdi>{s.amount === null ? '—' : fmt.money(s.amount, currency)}</bdi>
                    </Box>
                  ))
                )}
              </TableCell>
              {onSplit && (
                <TableCell>
                  <Button size="small" onClick={() => onSplit(p)} aria-label={`${t('hr-commissions:split.button')}: ${p.label}`}>
                    {t('hr-commissions:split.button')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
