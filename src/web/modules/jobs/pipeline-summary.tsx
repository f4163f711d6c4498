import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PIPELINE_STAGE_VALUES, type Job, type JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import { countByStage, STAGE_COLORS } from './pipeline-stages';

/** The pipeline's head: the openings filled (a bar), and how many candidates stand at each stage. */
export function PipelineSummary({ job, rows, pending }: { job: Job | undefined; rows: JobCandidate[]; pending: boolean }) {
  const { t } = useTranslation();
  const counts = countByStage(rows);
  return (
    <Card sx={{ p: 3 }}>
      {job ? (
        <Box>
          <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
            {t('jobs:pipeline.openings')}
          </Typography>
          <Typography variant="h5" data-testid="job-openings">
            {t('jobs:pipeline.filledOf', { filled: job.filled, openings: job.openings })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (100 * job.filled) / Math.max(1, job.openings))}
            aria-label={t('jobs:pipeline.openings')}
            sx={{ mt: 1, height: 8, borderRadius: 1 }}
          />
        </Box>
      ) : (
        <Skeleton height={60} />
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {PIPELINE_STAGE_VALUES.map((s) =>
          // While the pipeline loads its counts are unknown, not zero.
          pending ? (
            <Skeleton key={s} variant="rounded" width={96} height={24} data-testid="pipeline-count-loading" />
          ) : (
            <Chip
              key={s}
              size="small"
              color={STAGE_COLORS[s]}
              variant="outlined"
              label={`${t(`jobs:stages.${s}`)} · ${counts.get(s) ?? 0}`}
            />
          ),
        )}
      </Stack>
    </Card>
  );
}
