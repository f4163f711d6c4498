import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidate, useOne } from '@refinedev/core';
import type { Job, JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import { http } from '../../providers/http';
import { sortByStage } from './pipeline-stages';

/** The query key of a job's pipeline; its candidate search lives under it, so a refresh renews both. */
export const pipelineKey = (id: string) => ['jobs', id, 'candidates'];

/**
 * A job and its pipeline: the job (openings, what a hire proposes), the pipeline's query, its rows
 * in stage order, and a refresh after any change to them.
 */
export function useJobPipeline(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const { query: jobQuery } = useOne<Job>({ resource: 'jobs', id, errorNotification: false });
  const pipeline = useQuery({
    queryKey: pipelineKey(id),
    queryFn: async () => (await http.get<JobCandidate[]>(`/api/v1/jobs/${id}/candidates`)).data,
  });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: pipelineKey(id) });
    // Hires change the job's filled count and status.
    await invalidate({ resource: 'jobs', id, invalidates: ['detail', 'list'] });
  };
  return { job: jobQuery.data?.data, pipeline, rows: sortByStage(pipeline.data ?? []), refresh };
}
