import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and form (the notes); the detail page carries the statement and Approve.
export const webModule: WebModule = {
  resource: 'kpi-evaluations',
  icon: FactCheckOutlinedIcon,
  listNamespaces: ['kpi-evaluations', 'users', 'statements'],
  pages: { show: () => import('./evaluation-page').then((m) => m.EvaluationShowPage) },
};
