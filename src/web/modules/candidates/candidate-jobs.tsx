import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CandidateJob } from '../../../domain/modules/jobs/jobs.schema';
import { QueryState } from '../../components/query-state';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

/** The jobs a candidate is in: each job (opening on its pipeline), its customer, the candidate's stage there and since when. */
export function CandidateJobs({ id }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const jobs = useQuery({
    queryKey: ['candidates', id, 'jobs'],
    queryFn: async () => (await http.get<CandidateJob[]>(`/api/v1/candidates/${id}/jobs`)).data,
  });
  return (
    <Card data-testid="candidate-jobs" sx={{ overflowX: 'auto' }}>
      <QueryState query={jobs} empty={t('candidates:jobs.empty')}>
        {(rows) => (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('candidates:jobs.job')}</TableCell>
                <TableCell>{t('candidates:jobs.customer')}</TableCell>
                <TableCell>{t('candidates:jobs.stage')}</TableCell>
                <TableCell>{t('candidates:jobs.since')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/jobs/${r.jobId}?tab=pipeline`} dir="auto">
                      {r.jobTitle}
                    </Link>{' '}
                    {r.jobStatus !== 'open' && <Chip size="small" variant="outlined" label={t(`jobs:values.status.${r.jobStatus}`)} />}
                  </TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/customers/${r.customerId}`} dir="auto">
                      {r.customerName}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`jobs:stages.${r.stage}`)} />
                  </TableCell>
                  <TableCell>{fmt.date(r.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
    </Card>
  );
}
