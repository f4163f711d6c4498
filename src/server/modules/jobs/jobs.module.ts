import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Role } from '../../../domain/auth/permissions.js';
import { jobsResource } from '../../../domain/modules/jobs/jobs.resource.js';
import { jobWrite } from '../../../domain/modules/jobs/jobs.rules.js';
import type { Job } from '../../../domain/modules/jobs/jobs.schema.js';
import type { Db } from '../../db/client.js';
import type { ResourceModule, Row, WriteContext } from '../../http/resource/index.js';
import { unprocessable } from '../../http/errors.js';
import type { ServerModule } from '../module.js';
import { notify } from '../notifications/notifications.service.js';
import { projects } from '../projects/projects.table.js';
import { users } from '../users/users.table.js';
import { registerJobRoutes } from './jobs.routes.js';
import { seedJobs } from './jobs.seed.js';
import { jobFollowers, notifyIn, type JobRow } from './jobs.notify.js';
import { jobs } from './jobs.table.js';

const RECRUITER_ROLES: Role[] = ['hr', 'hr_lead'];

/** A job's project is one of its customer's. */
async function assertProjectOfCustomer(ctx: WriteContext, job: Pick<Job, 'projectId' | 'customerId'>) {
  if (!job.projectId) return;
  // Shared lock: a change of the project's customer waits for this write, then counts it (projects module).
  const [project] = await ctx.tx
    .select({ customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.id, job.projectId))
    .for('share');
  if (project && project.customerId !== job.customerId)
    throw unprocessable("The project is another customer's", 'project_other_customer', { projectId: { code: 'project_other_customer' } });
}

/** Assigned recruiters are recruiters: they are the ones told of the pipeline's events. */
async function assertRecruiters(ctx: WriteContext, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const found = await ctx.tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids as string[]), inArray(users.role, RECRUITER_ROLES)));
  if (found.length !== new Set(ids).size)
    throw unprocessable('Assigned recruiters must have the hr or hr_lead role', 'not_recruiter', { recruiterIds: 'not_recruiter' });
}

/** Openings never below the hires; `open` and `filled` follow the counts (decision 006). */
function withCountedStatus(input: Row, next: { openings: number; status: string }, filled: number): Row {
  const result = jobWrite(next, filled);
  if ('refusal' in result)
    throw unprocessable(`${result.hires} candidate(s) are hired: the job needs at least as many openings`, result.refusal, {
      openings: { code: result.refusal, params: { hires: result.hires, openings: next.openings } },
    });
  return result.status === next.status ? input : { ...input, status: result.status };
}

/** Every active recruiter, told of a new job. */
async function activeRecruiters(db: Db) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, RECRUITER_ROLES), eq(users.status, 'active'), isNull(users.archivedAt)));
  return rows.map((r) => r.id);
}

const jobsResourceModule: ResourceModule<JobRow> = {
  decl: jobsResource,
  table: jobs,
  searchColumn: jobs.search,
  async beforeCreate(input, ctx) {
    await assertProjectOfCustomer(ctx, input as Job);
    await assertRecruiters(ctx, input.recruiterIds);
    return withCountedStatus(input, input as Job, 0);
  },
  async beforeUpdate(input, existing, ctx) {
    const next = { ...existing, ...input } as JobRow;
    await assertProjectOfCustomer(ctx, next as Job);
    if ('recruiterIds' in input) await assertRecruiters(ctx, input.recruiterIds);
    // The row is locked for this write, and pipeline moves lock it too: `filled` cannot change meanwhile.
    return withCountedStatus(input, next, existing.filled);
  },
  async afterWrite(action, row, before, ctx) {
    const db = ctx.tx as unknown as Db;
    const deps = notifyIn(ctx.services, db);
    const base = { jobId: row.id, changedByUserId: ctx.user.id };
    if (action === 'created') {
      await notify(deps, await activeRecruiters(db), {
        ...base,
        type: 'job_created',
        title: 'New job',
        message: `${ctx.user.fullName} opened ${row.title}`,
        params: { actor: ctx.user.fullName, job: row.title },
      });
      return;
    }
    if (action !== 'updated' || !before) return;
    // Recruiters taken off the job hear of it once more.
    const recipients = [...jobFollowers(row), ...jobFollowers(before)];
    if (before.status !== row.status) {
      await notify(deps, recipients, {
        ...base,
        type: 'job_status_changed',
        title: 'Job status changed',
        message: `${row.title}: ${before.status} → ${row.status}`,
        params: { job: row.title, from: before.status, to: row.status },
      });
    } else {
      await notify(deps, recipients, {
        ...base,
        type: 'job_updated',
        title: 'Job updated',
        message: `${ctx.user.fullName} updated ${row.title}`,
        params: { actor: ctx.user.fullName, job: row.title },
      });
    }
  },
};

export const jobsModule: ServerModule = {
  name: 'jobs',
  resource: jobsResourceModule,
  routes: registerJobRoutes,
  seed: seedJobs,
};
