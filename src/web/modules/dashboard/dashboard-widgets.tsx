import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../domain/modules/dashboard/dashboard.schema';
import { analyticsFilters, filtersQuery } from '../../../domain/modules/invoices/invoices.analytics';
import { formatDecimalLocale } from '../../../domain/money';
import { can } from '../../../domain/resources';
import { useFormatters } from '../../i18n/format';
import { BarFigure } from './bar-figure';

type Recruitment = NonNullable<Dashboard['recruitment']>;
type MyLeave = NonNullable<Dashboard['leave']>;
type Team = NonNullable<Dashboard['team']>;
type Workforce = NonNullable<Dashboard['workforce']>;
type Hours = NonNullable<Dashboard['hours']>;
type Utilisation = NonNullable<Dashboard['utilisation']>;
type Revenue = NonNullable<Dashboard['revenue']>;
type Profit = NonNullable<Dashboard['profit']>;
type Range = { startDate: string; endDate: string };

/** The team's leave the server lists: today and the coming days (dashboard.module.ts). */
const UPCOMING_DAYS = 30;

function Widget({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>;

/** A big figure with its label; a link when there is somewhere to go. */
function Figure({ label, value, to, testId }: { label: string; value: string; to?: string; testId: string }) {
  const figure = (
    <Typography variant="h4" component="span" data-testid={testId}>
      {value}
    </Typography>
  );
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {to ? (
        <Link component={RouterLink} to={to} underline="hover" aria-label={`${label}: ${value}`}>
          {figure}
        </Link>
      ) : (
        figure
      )}
    </Box>
  );
}

function useRange() {
  const fmt = useFormatters();
  return (r: Range) => (r.startDate === r.endDate ? fmt.date(r.startDate) : `${fmt.date(r.startDate)} – ${fmt.date(r.endDate)}`);
}

export function OpenJobsWidget({ data }: { data: Recruitment }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const total = data.openJobsByPriority.reduce((n, p) => n + p.count, 0);
  return (
    <Widget title={t('dashboard:recruitment.openJobs')} testId="widget-open-jobs">
      {!total ? (
        <Empty>{t('dashboard:recruitment.openJobsEmpty')}</Empty>
      ) : (
        <List dense disablePadding>
          {/* Most pressing first. */}
          {[...data.openJobsByPriority].reverse().map((p) => (
            <ListItem
              key={p.priority}
              disableGutters
              secondaryAction={<span data-testid={`open-jobs-${p.priority}`}>{fmt.number(p.count)}</span>}
            >
              <Link component={RouterLink} to={`/jobs?status=open&priority=${p.priority}`} underline="hover">
                {t(`jobs:values.priority.${p.priority}`)}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Widget>
  );
}

export function PipelineWidget({ data }: { data: Recruitment }) {
  const { t } = useTranslation();
  const title = t('dashboard:recruitment.pipeline');
  return (
    <Widget title={title} testId="widget-pipeline">
      {!data.pipelineByStage.some((s) => s.count > 0) ? (
        <Empty>{t('dashboard:recruitment.pipelineEmpty')}</Empty>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('dashboard:recruitment.pipelineHint')}
          </Typography>
          <BarFigure
            caption={title}
            headers={[t('dashboard:recruitment.stage'), t('dashboard:recruitment.candidates')]}
            bars={data.pipelineByStage.map((s) => ({ key: s.stage, label: t(`jobs:stages.${s.stage}`), value: s.count }))}
            testId="pipeline-chart"
          />
        </>
      )}
    </Widget>
  );
}

export function MyWeekWidget({ data }: { data: Recruitment }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { candidatesAdded: added, moves } = data;
  return (
    <Widget title={t('dashboard:recruitment.myWeek')} testId="widget-my-week">
      {!added.count && !moves.count ? (
        <Empty>{t('dashboard:recruitment.nothingThisWeek')}</Empty>
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('dashboard:recruitment.candidatesAdded')}: <strong data-testid="my-week-added">{fmt.number(added.count)}</strong>
            </Typography>
            <List dense disablePadding>
              {added.recent.map((c) => (
                <ListItem key={c.id} disableGutters>
                  <Link component={RouterLink} to={`/candidates/${c.id}`} underline="hover" dir="auto">
                    {c.fullName}
                  </Link>
                </ListItem>
              ))}
            </List>
          </Box>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('dashboard:recruitment.moves')}: <strong data-testid="my-week-moves">{fmt.number(moves.count)}</strong>
            </Typography>
            <List dense disablePadding>
              {moves.recent.map((m) => (
                <ListItem key={m.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/jobs/${m.jobId}`} underline="hover" dir="auto">
                        {m.candidateName}
                      </Link>
                    }
                    secondary={
                      <>
                        <span dir="auto">{m.jobTitle}</span>
                        {' · '}
                        {m.fromStage
                          ? t('jobs:pipeline.eventMoved', { from: t(`jobs:stages.${m.fromStage}`), to: t(`jobs:stages.${m.toStage}`) })
                          : t('jobs:pipeline.eventAdded', { to: t(`jobs:stages.${m.toStage}`) })}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        </Stack>
      )}
    </Widget>
  );
}

export function MyLeaveWidget({ data }: { data: MyLeave }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useRange();
  const { balance, next } = data;
  return (
    <Widget title={t('dashboard:leave.title')} testId="widget-my-leave">
      <Figure
        label={t('dashboard:leave.remaining', { year: balance.year })}
        value={fmt.number(balance.remaining)}
        to="/leave"
        testId="leave-remaining"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mt: 1 }}>
        {(['entitlement', 'used', 'pending'] as const).map((f) => (
          <Box key={f}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`leave-matrix:fields.${f}`)}
            </Typography>
            <Typography data-testid={`leave-${f}`}>{fmt.number(balance[f])}</Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {t('dashboard:leave.next')}
      </Typography>
      {next ? (
        <Link component={RouterLink} to={`/leave/${next.id}`} underline="hover" data-testid="leave-next">
          {`${t(`leave-requests:values.type.${next.type}`)} · ${range(next)}`}
        </Link>
      ) : (
        <Empty>{t('dashboard:leave.noNext')}</Empty>
      )}
    </Widget>
  );
}

export function TeamLeaveWidget({ data }: { data: Team }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useRange();
  return (
    <Widget title={t('dashboard:team.title')} testId="widget-team-leave">
      <Figure label={t('dashboard:team.pending')} value={fmt.number(data.pendingApprovals)} to="/leave/approvals" testId="team-pending" />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {t('dashboard:team.upcoming', { days: UPCOMING_DAYS })}
      </Typography>
      {!data.upcoming.length ? (
        <Empty>{t('dashboard:team.nobody')}</Empty>
      ) : (
        <List dense disablePadding data-testid="team-upcoming">
          {data.upcoming.map((l) => (
            <ListItem key={l.id} disableGutters>
              <ListItemText
                primary={<span dir="auto">{l.fullName}</span>}
                secondary={`${t(`leave-requests:values.type.${l.type}`)} · ${range(l)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Widget>
  );
}

/** The customers with most seats, the rest summed up: a long tail of bars reads as noise. */
const TOP_CUSTOMERS = 10;
function customerBars(rows: Workforce['byCustomer'], others: string) {
  const bars = rows.slice(0, TOP_CUSTOMERS).map((c) => ({ key: c.customerId, label: c.name, value: c.count }));
  const rest = rows.slice(TOP_CUSTOMERS).reduce((n, c) => n + c.count, 0);
  return rest ? [...bars, { key: 'others', label: others, value: rest }] : bars;
}

export function WorkforceWidget({ data, role }: { data: Workforce; role: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const title = t('dashboard:workforce.byCustomer');
  return (
    <>
      <Widget title={t('dashboard:workforce.title')} testId="widget-workforce">
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure
            label={t('dashboard:workforce.active')}
            value={fmt.number(data.activeHeadcount)}
            to="/headcounts?status=active"
            testId="workforce-active"
          />
          <Figure
            label={t('dashboard:workforce.bench')}
            value={fmt.number(data.bench)}
            to={can(role, 'headcounts', 'bench') ? '/headcounts?view=bench' : undefined}
            testId="workforce-bench"
          />
        </Stack>
      </Widget>
      <Widget title={title} testId="widget-by-customer">
        {!data.byCustomer.length ? (
          <Empty>{t('dashboard:workforce.byCustomerEmpty')}</Empty>
        ) : (
          <BarFigure
            caption={title}
            headers={[t('dashboard:workforce.customer'), t('dashboard:workforce.seats')]}
            bars={customerBars(data.byCustomer, t('dashboard:workforce.others'))}
            testId="by-customer-chart"
          />
        )}
      </Widget>
    </>
  );
}

/** A share as a plain bar (a chart's, not progress: the figure beside it is what is read). */
function ShareBar({ share }: { share: number }) {
  return (
    <Box aria-hidden sx={{ height: 8, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden', mt: 1 }}>
      <Box sx={{ height: 1, width: `${Math.min(1, Math.max(0, share)) * 100}%`, bgcolor: 'primary.main' }} />
    </Box>
  );
}

export function HoursWidget({ data, week }: { data: Hours; week: Dashboard['week'] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useRange();
  const label = t('dashboard:hours.logged', { range: range({ startDate: week.from, endDate: week.to }) });
  return (
    <Widget title={t('dashboard:hours.title')} testId="widget-hours">
      <Figure label={label} value={t('dashboard:hours.value', { hours: fmt.number(data.logged) })} to="/logwork" testId="hours-logged" />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="hours-expected">
        {t('dashboard:hours.expected', { hours: fmt.number(data.expected) })}
      </Typography>
      {data.expected > 0 && <ShareBar share={data.logged / data.expected} />}
    </Widget>
  );
}

export function UtilisationWidget({ data }: { data: Utilisation }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useRange();
  return (
    <Widget title={t('dashboard:utilisation.title')} testId="widget-utilisation">
      <Figure
        label={t('dashboard:utilisation.period', { range: range({ startDate: data.from, endDate: data.to }) })}
        value={data.rate === null ? '—' : fmt.number(data.rate, { style: 'percent', maximumFractionDigits: 0 })}
        to="/logwork/all-devs"
        testId="utilisation-rate"
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('dashboard:utilisation.hours', { billable: fmt.number(data.billableHours), available: fmt.number(data.availableHours) })}
      </Typography>
      {data.rate !== null && <ShareBar share={data.rate} />}
    </Widget>
  );
}

/**
 * Revenue in the base currency: this month against last (invoices not cancelled, by billing month),
 * what is outstanding and what of it is overdue — each figure opens the invoice list it sums. A sale
 * reads their customers' (the server scopes it).
 */
export function RevenueWidget({ data, today, own }: { data: Revenue; today: string; own: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  const monthName = (period: string) => fmt.month(period, 'long');
  const to = (filters: Record<string, string | string[]>) => `/invoices?${filtersQuery(filters)}`;
  return (
    <Widget title={t(own ? 'dashboard:revenue.titleOwn' : 'dashboard:revenue.title', { currency: cur })} testId="widget-revenue">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Figure
          label={t('dashboard:revenue.month', { month: monthName(data.thisMonth.period) })}
          value={fmt.money(data.thisMonth.total, cur)}
          to={to(analyticsFilters.month(data.thisMonth.period))}
          testId="revenue-this-month"
        />
        <Figure
          label={t('dashboard:revenue.month', { month: monthName(data.lastMonth.period) })}
          value={fmt.money(data.lastMonth.total, cur)}
          to={to(analyticsFilters.month(data.lastMonth.period))}
          testId="revenue-last-month"
        />
        <Figure
          label={t('dashboard:revenue.outstanding', { count: data.outstanding.count, formatted: fmt.number(data.outstanding.count) })}
          value={fmt.money(data.outstanding.total, cur)}
          to={to(analyticsFilters.outstanding())}
          testId="revenue-outstanding"
        />
        <Figure
          label={t('dashboard:revenue.overdue', { count: data.overdue.count, formatted: fmt.number(data.overdue.count) })}
          value={fmt.money(data.overdue.total, cur)}
          to={to(analyticsFilters.overdue(today))}
          testId="revenue-overdue"
        />
      </Box>
      <Link component={RouterLink} to="/invoices/analytics" underline="hover" sx={{ display: 'inline-block', mt: 2 }}>
        {t('dashboard:revenue.analytics')}
      </Link>
    </Widget>
  );
}

const pnlLink = (month: string, groupBy: 'customer' | 'project') => `/pnl?${new URLSearchParams({ from: month, to: month, groupBy })}`;

/** The P&L's roles': profit and margin this month against the last, costs by category, the bench's salary cost. */
export function ProfitWidget({ data }: { data: Profit }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  const hidden = t('dashboard:profit.hidden');
  const money = (v: string | null) => (v === null ? hidden : fmt.money(v, cur));
  const margin = (m: Profit['thisMonth']) =>
    m.margin === null
      ? t('dashboard:profit.noMargin')
      : t('dashboard:profit.margin', { margin: formatDecimalLocale(m.margin, fmt.locale) });
  const month = (m: Profit['thisMonth'], testId: string) => (
    <Box>
      <Figure
        label={t('dashboard:profit.month', { month: fmt.month(m.period, 'long') })}
        value={money(m.profit)}
        to={pnlLink(m.period, 'customer')}
        testId={testId}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-margin`}>
        {margin(m)}
      </Typography>
    </Box>
  );
  const costsTitle = t('dashboard:profit.costs', { month: fmt.month(data.thisMonth.period, 'long') });
  return (
    <>
      <Widget title={t('dashboard:profit.title', { currency: cur })} testId="widget-profit">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
          {month(data.thisMonth, 'profit-this-month')}
          {month(data.lastMonth, 'profit-last-month')}
          <Figure
            label={t('dashboard:profit.bench')}
            value={money(data.benchCost)}
            to={pnlLink(data.thisMonth.period, 'project')}
            testId="profit-bench"
          />
        </Box>
        <Link component={RouterLink} to="/pnl" underline="hover" sx={{ display: 'inline-block', mt: 2 }}>
          {t('dashboard:profit.open')}
        </Link>
      </Widget>
      <Widget title={costsTitle} testId="widget-costs">
        {!data.costsByCategory.length ? (
          <Empty>{t('dashboard:profit.costsEmpty')}</Empty>
        ) : (
          <BarFigure
            caption={costsTitle}
            headers={[t('dashboard:profit.category'), t('dashboard:profit.amount', { currency: cur })]}
            bars={data.costsByCategory.map((c) => ({
              key: c.category,
              label: t(`external-costs:values.category.${c.category}`, { defaultValue: c.category }),
              value: Number(c.total),
              shown: fmt.money(c.total, cur),
            }))}
            testId="costs-chart"
          />
        )}
      </Widget>
    </>
  );
}
