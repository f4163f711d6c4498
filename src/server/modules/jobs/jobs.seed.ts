import { asc, eq, isNull } from 'drizzle-orm';
import type { PipelineStage } from '../../../domain/modules/jobs/jobs.schema.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { candidates } from '../candidates/candidates.table.js';
import { cvPdf } from '../candidates/candidates.seed.js';
import { storeFile } from '../files/files.service.js';
import { customers } from '../customers/customers.table.js';
import { projects } from '../projects/projects.table.js';
import { techStacks } from '../tech-stacks/tech-stacks.table.js';
import { jobCandidateEvents, jobCandidates, jobs } from './jobs.table.js';

const TITLES = [
  'Senior Backend Engineer (Java)',
  'React Frontend Developer',
  'Full-stack Engineer (Node.js)',
  'QA Automation Engineer',
  'DevOps Engineer (AWS)',
  'iOS Developer',
  'Android Developer',
  'Data Engineer (Spark)',
  'Python Backend Developer',
  'Tech Lead .NET',
  'Flutter Developer',
  'Site Reliability Engineer',
  'Golang Engineer',
];
// What each title asks for, by tech stack name.
const STACKS_OF: Record<string, string[]> = {
  'Senior Backend Engineer (Java)': ['Java', 'Spring Boot', 'PostgreSQL'],
  'React Frontend Developer': ['React', 'TypeScript', 'Jest'],
  'Full-stack Engineer (Node.js)': ['Node.js', 'React', 'TypeScript', 'MongoDB'],
  'QA Automation Engineer': ['Playwright', 'Cypress', 'Selenium'],
  'DevOps Engineer (AWS)': ['AWS', 'Terraform', 'Kubernetes', 'Docker'],
  'iOS Developer': ['iOS', 'Swift', 'SwiftUI'],
  'Android Developer': ['Android', 'Kotlin', 'Jetpack Compose'],
  'Data Engineer (Spark)': ['Apache Spark', 'Python', 'Airflow', 'Kafka'],
  'Python Backend Developer': ['Python', 'Django', 'FastAPI', 'PostgreSQL'],
  'Tech Lead .NET': ['.NET', 'C#', 'SQL Server', 'Azure'],
  'Flutter Developer': ['Flutter', 'Firebase'],
  'Site Reliability Engineer': ['Kubernetes', 'Prometheus', 'Grafana', 'Google Cloud'],
  'Golang Engineer': ['Go', 'PostgreSQL', 'Redis', 'Docker'],
};
const LEVELS = ['junior', 'middle', 'senior', 'lead'] as const;
const MAX_CVS = 12;
const STATUSES = ['open', 'open', 'open', 'on_hold', 'filled', 'closed'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const LOCATIONS = ['Ho Chi Minh City', 'Hanoi', 'Da Nang', 'Singapore', 'Paris', 'Remote'];
const RATE: Record<string, number> = {
  USD: 5500,
  EUR: 5000,
  GBP: 4500,
  VND: 120_000_000,
  CNY: 38_000,
  AED: 20_000,
  SGD: 7000,
  JPY: 800_000,
  AUD: 8000,
};
const PATH: PipelineStage[] = ['sourced', 'screening', 'submitted', 'interview', 'offered', 'hired'];
const NOTES: Partial<Record<PipelineStage, string>> = {
  screening: 'Phone screen booked',
  submitted: 'CV sent to the customer',
  interview: 'Technical interview with the customer',
  offered: 'Offer sent',
  hired: 'Offer accepted',
  rejected: 'Customer chose another profile',
  withdrawn: 'Candidate accepted another offer',
};

/** Jobs of the demo firm at every status and priority, with pipelines at every stage and their history. */
export async function seedJobs(db: Db, ctx: SeedContext) {
  const sales = ctx.users.filter((u) => u.role === 'sale' || u.role === 'sale_lead');
  const recruiters = ctx.users.filter((u) => u.role === 'hr' || u.role === 'hr_lead');
  const firms = await db
    .select({ id: customers.id, currency: customers.currency, owner: customers.ownerSaleId })
    .from(customers)
    .orderBy(asc(customers.code));
  const work = await db.select({ id: projects.id, customerId: projects.customerId }).from(projects).orderBy(asc(projects.code));
  const stackIds = new Map(
    (await db.select({ id: techStacks.id, name: techStacks.name }).from(techStacks).orderBy(asc(techStacks.name))).map((r) => [
      r.name,
      r.id,
    ]),
  );
  const pool = await db
    .select({
      id: candidates.id,
      fullName: candidates.fullName,
      email: candidates.email,
      phone: candidates.phone,
      location: candidates.location,
      years: candidates.yearsOfExperience,
      stacks: candidates.techStackIds,
    })
    .from(candidates)
    .where(isNull(candidates.archivedAt))
    .orderBy(asc(candidates.fullName));
  const people = pool.map((r) => r.id);
  const byId = new Map(pool.map((c) => [c.id, c]));
  const stackName = new Map([...stackIds].map(([name, id]) => [id, name]));
  if (firms.length === 0) return;
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  let next = 0;
  let cvs = 0;
  for (let i = 0; i < 25; i++) {
    const firm = firms[i % firms.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    const openings = 1 + (i % 3);
    const title = TITLES[i % TITLES.length]!;
    const owner = firm.owner ?? sales[i % sales.length]?.id ?? null;
    const [job] = await db
      .insert(jobs)
      .values({
        title,
        customerId: firm.id,
        projectId: work.find((p) => p.customerId === firm.id)?.id ?? null,
        techStackIds: (STACKS_OF[title] ?? []).flatMap((name) => stackIds.get(name) ?? []),
        level: LEVELS[i % LEVELS.length]!,
        openings,
        billRate: RATE[firm.currency] ?? 5000,
        currency: firm.currency,
        location: LOCATIONS[i % LOCATIONS.length]!,
        remote: i % 3 === 0,
        description: 'Join a product team building and running services used by thousands of customers.',
        priority: PRIORITIES[(i * 3) % PRIORITIES.length]!,
        deadline: day(-20 + i * 4),
        status,
        ownerSaleId: owner,
        recruiterIds: recruiters.length ? [recruiters[i % recruiters.length]!.id] : [],
        createdBy: owner,
      })
      .returning();
    // A filled job has all its openings hired; another keeps at least one opening free.
    const hires = status === 'filled' ? openings : Math.min(openings - 1, i % 2);
    const finals = [
      ...Array<PipelineStage>(hires).fill('hired'),
      'sourced',
      'screening',
      'submitted',
      'interview',
      'offered',
      'rejected',
      'withdrawn',
    ].slice(0, hires + 2 + (i % 6)) as PipelineStage[];
    let filled = 0;
    for (const [k, stage] of finals.entries()) {
      if (people.length === 0) break;
      const candidateId = people[next++ % people.length]!;
      if (finals.slice(0, k).length >= people.length) break;
      const by = recruiters[(i + k) % recruiters.length]?.id ?? owner;
      const [row] = await db
        .insert(jobCandidates)
        .values({ jobId: job!.id, candidateId, stage, addedBy: by })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      if (stage === 'hired') filled++;
      // From "submitted" on, the CV sent to the customer is on the row: on open jobs, a dozen at
      // most (each PDF costs the first start a tenth of a second).
      const who = byId.get(candidateId);
      if (who && status === 'open' && cvs < MAX_CVS && PATH.indexOf(stage) >= PATH.indexOf('submitted')) {
        cvs++;
        const content = await cvPdf({
          fullName: who.fullName,
          email: who.email ?? '',
          phone: who.phone ?? '',
          location: who.location ?? '',
          title,
          years: who.years ?? 0,
          stacks: who.stacks.map((id) => stackName.get(id) ?? '').filter(Boolean),
        });
        const stored = await storeFile(
          db,
          { name: `CV ${who.fullName} - ${title}.pdf`, content, ownerId: by },
          { allowed: ['pdf'], maxBytes: 10 * 1024 * 1024 },
        );
        const cv = { fileId: stored.id, name: stored.name, mime: stored.mime, size: stored.size, uploadedAt: new Date().toISOString() };
        await db.update(jobCandidates).set({ cv }).where(eq(jobCandidates.id, row.id));
      }
      // The path it took: along the stages, then out to rejected or withdrawn from somewhere on it.
      const reached = stage === 'rejected' || stage === 'withdrawn' ? PATH.slice(0, 1 + (k % 4)) : PATH.slice(0, PATH.indexOf(stage) + 1);
      const steps: PipelineStage[] = stage === 'rejected' || stage === 'withdrawn' ? [...reached, stage] : reached;
      const start = today.getTime() - (30 + i) * 86_400_000;
      await db.insert(jobCandidateEvents).values(
        steps.map((to, n) => ({
          jobCandidateId: row.id,
          fromStage: n === 0 ? null : steps[n - 1]!,
          toStage: to,
          note: NOTES[to] ?? null,
          byUserId: by,
          createdAt: new Date(start + n * 3 * 86_400_000).toISOString(),
        })),
      );
    }
    await db.update(jobs).set({ filled }).where(eq(jobs.id, job!.id));
  }
  ctx.log.info('jobs seeded');
}
