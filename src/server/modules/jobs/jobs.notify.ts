import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import type { jobs } from './jobs.table.js';

export type JobRow = typeof jobs.$inferSelect;

/** Who hears of a job's events: its sale owner and assigned recruiters (notify() drops the actor). */
export const jobFollowers = (job: Pick<JobRow, 'ownerSaleId' | 'recruiterIds'>) =>
  [job.ownerSaleId, ...job.recruiterIds].filter((id): id is string => !!id);

/** The notify service on the write's own transaction: the notifications commit with the change. */
export const notifyIn = (s: Services, db: Db) => ({ db, realtime: s.realtime });
