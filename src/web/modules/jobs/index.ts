import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import type { WebModule } from '../../app/web-module';

// The detail page adds the pipeline; a customer's page lists its jobs.
export const webModule: WebModule = {
  resource: 'jobs',
  icon: WorkOutlineIcon,
  pages: { show: () => import('./job-show-page').then((m) => m.JobShowPage) },
  contributes: [{ to: 'customers', related: { field: 'customerId' } }],
};
