import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and form (the notes); the detail page carries the statement, Approve and Mark paid.
// The dashboard (recruiters, trend, placements and their splits, my commission) is a route of its own.
export const webModule: WebModule = {
  resource: 'hr-commissions',
  icon: PaidOutlinedIcon,
  listNamespaces: ['hr-commissions', 'users', 'statements'],
  pages: { show: () => import('./statement-page').then((m) => m.HrCommissionShowPage) },
};
