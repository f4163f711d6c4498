import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { leaveDashboardSchema } from '../../../domain/modules/leave-requests/leave-requests.schema';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { TeamLeaveCalendar, useLeaveLive } from './leave-calendar';

type Dashboard = z.infer<typeof leaveDashboardSchema>;
type OnLeave = Dashboard['onLeaveToday'][number];

/** Who is away today and this week, what waits for approval, and the year's days by type and month. */
export function LeaveDashboardPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  useLeaveLive();
  const query = useQuery({
    queryKey: ['leave-requests', 'dashboard'],
    queryFn: async () => (await http.get<Dashboard>('/api/leave-requests/dashboard')).data,
  });
  const d = query.data;
  const people = (rows: OnLeave[], testId: string) =>
    !rows.length ? (
      <Typography sx={{ color: 'text.secondary' }}>{t('leave-requests:dashboard.nobody')}</Typography>
    ) : (
      <List dense disablePadding data-testid={testId}>
        {rows.map((r) => (
          <ListItem key={r.id} disableGutters>
            <ListItemText
              primary={<span dir="auto">{r.fullName}</span>}
              secondary={`${t(`leave-requests:values.type.${r.type}`)} · ${
                r.startDate === r.endDate ? fmt.date(r.startDate) : `${fmt.date(r.startDate)} – ${fmt.date(r.endDate)}`
              }`}
            />
          </ListItem>
        ))}
      </List>
    );
  const most = d ? Math.max(1, ...d.daysByMonth.map((m) => m.days)) : 1;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('leave-requests:dashboard.title')}
      </Typography>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !d ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <Card sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h2">
              {t('leave-requests:dashboard.pending')}
            </Typography>
            <Typography variant="h3" component="p" data-testid="leave-pending-count">
              {fmt.number(d.pendingCount)}
            </Typography>
          </Card>
          <Card sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('leave-requests:dashboard.today')}
            </Typography>
            {people(d.onLeaveToday, 'leave-today')}
          </Card>
          <Card sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('leave-requests:dashboard.week')}
            </Typography>
            {people(d.onLeaveThisWeek, 'leave-week')}
          </Card>
          <Card sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('leave-requests:dashboard.byType', { year: d.year })}
            </Typography>
            {!d.daysByType.length ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('leave-requests:dashboard.none')}</Typography>
            ) : (
              <List dense disablePadding>
                {d.daysByType.map((x) => (
                  <ListItem key={x.type} disableGutters secondaryAction={fmt.number(x.days)}>
                    <ListItemText primary={t(`leave-requests:values.type.${x.type}`)} />
                  </ListItem>
                ))}
              </List>
            )}
          </Card>
          <Card sx={{ p: 2, gridColumn: { md: 'span 2' } }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('leave-requests:dashboard.byMonth', { year: d.year })}
            </Typography>
            {d.daysByMonth.map((m) => (
              <Box key={m.month} sx={{ display: 'grid', gridTemplateColumns: '7rem 1fr 3rem', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2">{fmt.month(m.month, 'short')}</Typography>
                {/* A bar of a chart, not progress: the number beside it is what a screen reader reads. */}
                <Box aria-hidden sx={{ height: 8, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
                  <Box sx={{ height: 1, width: `${(m.days / most) * 100}%`, bgcolor: 'primary.main' }} />
                </Box>
                <Typography variant="body2" sx={{ textAlign: 'end' }}>
                  {fmt.number(m.days)}
                </Typography>
              </Box>
            ))}
          </Card>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <TeamLeaveCalendar />
      </Box>
    </Box>
  );
}
