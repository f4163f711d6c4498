import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import type { WebModule } from '../../app/web-module';

// My requests under my balance; the request form previews the days and the balance after.
export const webModule: WebModule = {
  resource: 'leave-requests',
  icon: BeachAccessOutlinedIcon,
  pages: {
    list: () => import('./leave-pages').then((m) => m.LeaveListPage),
    create: () => import('./leave-pages').then((m) => m.LeaveCreatePage),
  },
};
