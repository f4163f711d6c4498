import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import type { WebModule } from '../../app/web-module';

// My logwork is a week grid (and a month calendar) rather than a list; an entry's own pages are the kit's.
export const webModule: WebModule = {
  resource: 'timesheets',
  icon: ScheduleOutlinedIcon,
  pages: { list: () => import('./logwork-page').then((m) => m.LogworkPage) },
};
