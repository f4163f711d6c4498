import type { Job } from '../../../domain/modules/jobs/jobs.schema';

/** A hire proposes a headcount: the seat's form opened with what the job already says. */
export function headcountDraft(job: Job, id: string): string {
  const q = new URLSearchParams({
    title: job.title,
    customerId: job.customerId,
    jobId: id,
    currency: job.currency,
    returnTo: `/jobs/${id}`,
  });
  if (job.projectId) q.set('projectId', job.projectId);
  if (job.ownerSaleId) q.set('saleId', job.ownerSaleId);
  if (job.billRate !== null) q.set('billingRate', String(job.billRate));
  return `/headcounts/new?${q.toString()}`;
}
