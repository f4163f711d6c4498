import { useQuery } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../../domain/modules/dashboard/dashboard.schema';
import { QueryState } from '../../components/query-state';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import {
  HoursWidget,
  MyKpiWidget,
  MyLeaveWidget,
  MyWeekWidget,
  OpenJobsWidget,
  PipelineWidget,
  ProfitWidget,
  RevenueWidget,
  TeamLeaveWidget,
  UtilisationWidget,
  WorkforceWidget,
} from './dashboard-widgets';

/** Welcome card with the signed-in user's name and role, then the widgets of the role's data. */
export function DashboardPage() {
  const { t } = useTranslation('users');
  const { user, role } = useAuthContext();
  const name = user?.fullName || user?.email || '';
  // One call: the server answers only the blocks the caller's role may see.
  const query = useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await http.get<Dashboard>('/api/v1/dashboard')).data,
  });
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('dashboard.title')}
      </Typography>
      <Card sx={{ p: { xs: 3, md: 5 } }} data-testid="welcome-card">
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          <Avatar
            sx={{
              width: 64,
              height: 64,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 28,
            }}
          >
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Box>
            <Typography variant="h5" component="p" data-testid="welcome-name">
              {t('dashboard.welcome', { name })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <Typography sx={{ color: 'text.secondary' }}>{t('dashboard.yourRole')}</Typography>
              <Chip
                size="small"
                color="primary"
                label={role ? t(`roles.${role.toLowerCase()}`, { defaultValue: role }) : t('dashboard.noRole')}
                data-testid="welcome-role"
                data-role={role}
              />
            </Stack>
          </Box>
        </Stack>
      </Card>
      <Box sx={{ mt: 3 }}>
        <QueryState query={{ ...query, data: query.data && [query.data] }} empty="">
          {(rows) => <Widgets d={rows[0]!} role={role} />}
        </QueryState>
      </Box>
    </Box>
  );
}

/** The role's widgets in a grid: one column on a phone, two on a tablet, three on a desktop. */
function Widgets({ d, role }: { d: Dashboard; role: string }) {
  return (
    <Box
      data-testid="dashboard-widgets"
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {d.profit && <ProfitWidget data={d.profit} />}
      {d.revenue && <RevenueWidget data={d.revenue} today={new Date().toISOString().slice(0, 10)} own={role === 'sale'} />}
      {d.hours && <HoursWidget data={d.hours} week={d.week} />}
      <MyKpiWidget />
      {d.leave && <MyLeaveWidget data={d.leave} />}
      {d.team && <TeamLeaveWidget data={d.team} />}
      {d.recruitment && <OpenJobsWidget data={d.recruitment} />}
      {d.recruitment && <PipelineWidget data={d.recruitment} />}
      {d.recruitment && <MyWeekWidget data={d.recruitment} />}
      {d.utilisation && <UtilisationWidget data={d.utilisation} />}
      {d.workforce && <WorkforceWidget data={d.workforce} role={role} />}
    </Box>
  );
}
