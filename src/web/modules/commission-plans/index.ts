import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and detail page (the matrix: a version of a sale's plan per row); the form adds the tiers.
export const webModule: WebModule = {
  resource: 'commission-plans',
  icon: TableChartOutlinedIcon,
  pages: {
    create: () => import('./commission-plan-form-page').then((m) => m.CommissionPlanCreatePage),
    edit: () => import('./commission-plan-form-page').then((m) => m.CommissionPlanEditPage),
  },
};
