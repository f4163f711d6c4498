import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and form (person, quarter, note); the detail page carries the statement, Approve and Mark paid.
export const webModule: WebModule = {
  resource: 'kpi-bonuses',
  icon: PaidOutlinedIcon,
  listNamespaces: ['kpi-bonuses', 'users', 'statements'],
  pages: { show: () => import('./bonus-page').then((m) => m.BonusShowPage) },
  // A salary's page lists what the product paid into it, each linking back to its statement.
  contributes: [
    {
      to: 'salaries',
      tab: {
        labelKey: 'statements:payItems.tab',
        action: 'approve',
        load: () => import('../../components/statement/salary-pay-items').then((m) => m.SalaryPayItems),
      },
    },
  ],
};
