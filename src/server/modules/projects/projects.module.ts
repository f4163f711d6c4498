import { and, asc, inArray, isNull, ne } from 'drizzle-orm';
import { projectsResource } from '../../../domain/modules/projects/projects.resource.js';
import type { ResourceModule, WriteContext } from '../../http/resource/index.js';
import { anyDependant, countDependants, describeCounts, type Dependant } from '../../http/dependants.js';
import { conflict } from '../../http/errors.js';
import type { ServerModule } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { techStacks } from '../tech-stacks/tech-stacks.table.js';
import { projects } from './projects.table.js';

type ProjectRow = typeof projects.$inferSelect;

/**
 * Rows that hold a project's customer as theirs: a seat or a job is refused on another customer's
 * project (422 `project_other_customer`), so the project's customer cannot change under them.
 * Ended seats and closed jobs count too: they are the history invoices and reports read.
 */
const ON_THE_CUSTOMER: Dependant[] = [
  { name: 'seats', column: headcounts.projectId, where: isNull(headcounts.archivedAt) },
  { name: 'jobs', column: jobs.projectId, where: isNull(jobs.archivedAt) },
];

/** Rows still at work on a project: archiving it would leave seats nobody can log hours on and jobs on a dead project. */
const AT_WORK: Dependant[] = [
  { name: 'seats', column: headcounts.projectId, where: and(isNull(headcounts.archivedAt), ne(headcounts.status, 'ended')) },
  { name: 'jobs', column: jobs.projectId, where: and(isNull(jobs.archivedAt), inArray(jobs.status, ['open', 'on_hold'])) },
];

async function assertUnused(ctx: WriteContext, id: string, kinds: Dependant[], what: string, field?: string) {
  const counts = await countDependants(ctx, id, kinds);
  if (!anyDependant(counts)) return;
  throw conflict(
    `${describeCounts(counts)} depend on this project: ${what}`,
    'project_in_use',
    field ? { [field]: { code: 'project_in_use', params: counts } } : undefined,
  );
}

const projectsResourceModule: ResourceModule<ProjectRow> = {
  decl: projectsResource,
  table: projects,
  searchColumn: projects.search,
  async beforeUpdate(input, existing, ctx) {
    // The row is locked for this write; seat and job writes share-lock it, so none slips in meanwhile.
    if ('customerId' in input && input.customerId !== existing.customerId)
      await assertUnused(ctx, existing.id, ON_THE_CUSTOMER, 'its customer cannot change', 'customerId');
    return input;
  },
  async beforeDelete(existing, ctx) {
    await assertUnused(ctx, existing.id, AT_WORK, 'it cannot be archived');
  },
};

const KINDS = [
  'Core Platform',
  'Mobile App',
  'Data Warehouse',
  'Customer Portal',
  'Payments Integration',
  'QA Automation',
  'Cloud Migration',
];

/** A customer's short name: its first two words, legal forms aside ("Công ty Cổ phần Sao Việt" → "Sao Việt"). */
function brandOf(name: string): string {
  const words = name.replace(/^Công ty Cổ phần /, '').split(' ');
  return words.length <= 2 ? words[0]! : words.slice(0, 2).join(' ');
}

export const projectsModule: ServerModule = {
  name: 'projects',
  resource: projectsResourceModule,
  async seed(db) {
    const owners = await db
      .select({ id: customers.id, code: customers.code, name: customers.name })
      .from(customers)
      .orderBy(asc(customers.code));
    const stacks = await db.select({ id: techStacks.id }).from(techStacks).orderBy(asc(techStacks.name));
    const year = new Date().getFullYear();
    const rows = owners.flatMap((c, ci) =>
      [0, 1].map((k) => {
        const i = ci * 2 + k;
        const start = `${year - 1 - (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-01`;
        const status = i % 10 === 9 ? 'closed' : i % 7 === 6 ? 'paused' : 'active';
        return {
          // The customer's brand and the work ("Helios Retail Customer Portal"): no two alike.
          name: `${brandOf(c.name)} ${KINDS[(ci + k * 3) % KINDS.length]}`,
          code: `${c.code}-${String(k + 1).padStart(2, '0')}`,
          customerId: c.id,
          status,
          startDate: start,
          endDate: status === 'closed' ? `${year}-0${1 + (i % 6)}-28` : null,
          techStackIds: [
            stacks[i % stacks.length]!.id,
            stacks[(i * 7 + 3) % stacks.length]!.id,
            stacks[(i * 13 + 5) % stacks.length]!.id,
          ].filter((v, j, a) => a.indexOf(v) === j),
        };
      }),
    );
    await db.insert(projects).values(rows);
  },
};
