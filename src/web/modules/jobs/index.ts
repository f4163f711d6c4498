import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import type { WebModule } from '../../app/web-module';

// The detail page adds the pipeline; a customer's page lists its jobs.
export const webModule: WebModule = {
  resource: 'jobs',
  icon: WorkOutlineIcon,
  pages: { show: () => import('./job-show-page').then((m) => m.JobShowPage) },
  contributes: [{ to: 'customers', related: { field: 'customerId' } }],
  // A pipeline move is audited on its job as `{ candidateId, stage }`, a CV as `{ candidateId, cv }`.
  historyFields: {
    pipeline: { ref: { field: 'candidateId', resource: 'candidates' }, value: { field: 'stage', labelKey: 'jobs:stages' } },
    pipelineCv: { ref: { field: 'candidateId', resource: 'candidates' }, value: { field: 'cv' }, whatKey: 'jobs:history.cv' },
  },
};
