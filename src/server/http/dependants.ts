import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { WriteContext } from './resource/index.js';

/**
 * Rows that point at a parent record and would be left wrong by some writes of it (a project's
 * seats and jobs when its customer changes). One line per kind: its name in the error's params,
 * the column that points at the parent, and which of its rows count.
 */
export interface Dependant {
  name: string;
  column: PgColumn;
  /** The rows that count, e.g. `isNull(table.archivedAt)`. */
  where?: SQL;
}

/** How many rows of each kind point at `parentId` (0 included, so a message names every kind). */
export async function countDependants(ctx: Pick<WriteContext, 'tx'>, parentId: string, kinds: readonly Dependant[]) {
  const found: Record<string, number> = {};
  for (const d of kinds) {
    const [row] = await ctx.tx
      .select({ n: count() })
      .from(d.column.table as PgTable)
      .where(and(eq(d.column, parentId), d.where));
    found[d.name] = row?.n ?? 0;
  }
  return found;
}

export const anyDependant = (counts: Record<string, number>) => Object.values(counts).some((n) => n > 0);

/** "2 seats, 0 jobs" for the English message; the client translates by code and params. */
export const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
