import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { performances } from './performances.table.js';

const monthOf = (d: Date, back: number) => {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${x.getUTCFullYear()}-${String(x.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** A year of monthly scores for the sales and recruiters, rated by the sales lead: most in the 70s and 80s, a few dips. */
export async function seedPerformances(db: Db, ctx: SeedContext): Promise<void> {
  const people = ctx.users.filter((u) => ['sale', 'hr'].includes(u.role));
  const lead = ctx.users.find((u) => u.role === 'sale_lead');
  const now = new Date();
  const rows = people.flatMap((p, i) =>
    Array.from({ length: 12 }, (_, k) => {
      const score = 62 + ((i * 7 + k * 11) % 31);
      return {
        userId: p.id,
        month: monthOf(now, 12 - k),
        score: `${score}.${(i + k) % 2 ? '50' : '00'}`,
        note: score < 70 ? 'Fewer client meetings this month' : null,
        createdBy: lead?.id ?? null,
      };
    }),
  );
  if (rows.length) await db.insert(performances).values(rows);
}
