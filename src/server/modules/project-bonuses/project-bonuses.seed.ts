import { addMonths } from '../../../domain/months.js';
import type { Db } from '../../db/client.js';
import { projects } from '../projects/projects.table.js';
import type { SeedContext } from '../module.js';
import { seedPayIntoSalary } from '../salaries/salary-pay.js';
import { projectBonuses } from './project-bonuses.table.js';

const REASONS = [
  'Delivered the payments module two weeks early',
  'Kept the migration running through the holiday weekend',
  'Won the renewal of the support contract',
  'Onboarded the new team in Đà Nẵng',
  'Closed the security audit with no finding left open',
  'Brought in the second team for the customer',
];

/** Half a year of project bonuses for the sales and developers: the older ones paid, the last two months' still owed. */
export async function seedProjectBonuses(db: Db, ctx: SeedContext): Promise<void> {
  const people = ctx.users.filter((u) => ['sale', 'sale_lead', 'developer'].includes(u.role)).slice(0, 8);
  const lead = ctx.users.find((u) => u.role === 'sale_lead');
  const list = await db.select({ id: projects.id }).from(projects).limit(12);
  if (!people.length || !list.length) return;
  const now = new Date().toISOString().slice(0, 7);
  const rows = people.flatMap((p, i) =>
    [1, 3, 5].map((back, k) => {
      const month = addMonths(now, -back + (i % 2));
      const status = back >= 3 ? ('paid' as const) : ('unpaid' as const);
      return {
        reason: REASONS[(i + k) % REASONS.length]!,
        projectId: list[(i * 3 + k) % list.length]!.id,
        beneficiaryId: p.id,
        amount: `${300 + ((i * 7 + k * 5) % 9) * 50}.00`,
        currency: 'USD',
        month,
        status,
        paidAt: status === 'paid' ? new Date(`${month}-28T09:00:00Z`).toISOString() : null,
        createdBy: lead?.id ?? null,
      };
    }),
  );
  const made = await db.insert(projectBonuses).values(rows).returning();
  // The paid ones are in the salaries of their months, as marking them paid puts them.
  for (const b of made.filter((x) => x.status === 'paid'))
    await seedPayIntoSalary(db, ctx.baseCurrency, {
      userId: b.beneficiaryId,
      month: b.month,
      column: 'bonus',
      amount: b.amount,
      currency: b.currency,
      source: { resource: 'project-bonuses', id: b.id, label: b.reason },
      actorId: lead?.id ?? b.beneficiaryId,
    });
}
