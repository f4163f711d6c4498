import { asc } from 'drizzle-orm';
import { projectsResource } from '../../../domain/modules/projects/projects.resource.js';
import type { ServerModule } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { techStacks } from '../tech-stacks/tech-stacks.table.js';
import { projects } from './projects.table.js';

const KINDS = [
  'Core Platform',
  'Mobile App',
  'Data Warehouse',
  'Customer Portal',
  'Payments Integration',
  'QA Automation',
  'Cloud Migration',
];

export const projectsModule: ServerModule = {
  name: 'projects',
  resource: { decl: projectsResource, table: projects, searchColumn: projects.search },
  async seed(db) {
    const owners = await db.select({ id: customers.id, code: customers.code }).from(customers).orderBy(asc(customers.code));
    const stacks = await db.select({ id: techStacks.id }).from(techStacks).orderBy(asc(techStacks.name));
    const year = new Date().getFullYear();
    const rows = owners.flatMap((c, ci) =>
      [0, 1].map((k) => {
        const i = ci * 2 + k;
        const start = `${year - 1 - (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-01`;
        const status = i % 10 === 9 ? 'closed' : i % 7 === 6 ? 'paused' : 'active';
        return {
          name: `${KINDS[i % KINDS.length]}`,
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
