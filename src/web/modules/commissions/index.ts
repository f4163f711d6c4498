import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and form (a lead stores a sale's month; the notes); the detail page carries the
// statement tier by tier, Approve and Mark paid. The dashboard is a route of its own (app/routes.tsx).
export const webModule: WebModule = {
  resource: 'commissions',
  icon: PaidOutlinedIcon,
  listNamespaces: ['commissions', 'users', 'statements'],
  pages: { show: () => import('./commission-page').then((m) => m.CommissionShowPage) },
};
