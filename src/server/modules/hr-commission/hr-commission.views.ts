import { inArray } from 'drizzle-orm';
import { add, dec, formatDecimal, type Decimal } from '../../../domain/money.js';
import {
  placementView,
  sharePercent,
  type MatrixVersion,
  type PlacementFacts,
  type PlacementState,
} from '../../../domain/modules/hr-commission/hr-commission.rules.js';
import type { Placement } from '../../../domain/modules/hr-commission/hr-commission-views.schema.js';
import { hrCommissionsResource as decl } from '../../../domain/modules/hr-commission/hr-commissions.resource.js';
import type { Db } from '../../db/client.js';
import { readsOwnOnly } from '../../../domain/resource.js';
import type { CurrentUser } from '../../http/access.js';
import { users } from '../users/users.table.js';
import { today } from './hr-commission.calculation.js';

// What the HR commission's routes share: who reads only their own, placements as a reader sees them, exact tallies.

export const tags = [decl.name];
export const access = (action: string) => ({ resource: decl.name, action });
export const url = (suffix: string) => `/${decl.path}${suffix}`;

/** An hr reads only their own HR commission (the statements' owner scope); the leads and admin everyone's. */
export const ownOnly = (user: CurrentUser) => readsOwnOnly(decl, user.role);

export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface Viewed {
  facts: PlacementFacts;
  view: ReturnType<typeof placementView>;
}

export const viewAll = (facts: readonly PlacementFacts[], versions: readonly MatrixVersion[], base: string): Viewed[] => {
  const [day, memo] = [today(), new Map()];
  return facts.map((f) => ({ facts: f, view: placementView(f, versions, day, base, memo) }));
};

/** A placement as a reader sees it; `onlyFor`: the other recruiters' parts are left out (an hr sees their own). */
export function placementOut(v: Viewed, names: Map<string, string>, splitSet: boolean, onlyFor?: string): Placement {
  const { facts: f, view } = v;
  return {
    id: f.id,
    label: f.label,
    startDate: f.startDate,
    endDate: f.endDate,
    probationEnd: view.probationEnd,
    earnedOn: view.earnedOn,
    state: view.state,
    level: f.level,
    matrix: view.version?.effectiveMonth ?? null,
    amount: onlyFor && f.shares.length > 1 ? null : view.amount,
    formula: onlyFor && f.shares.length > 1 ? '' : view.formula,
    missing: view.missing,
    splitSet,
    shares: view.shares
      .filter((s) => !onlyFor || s.userId === onlyFor)
      .map((s) => ({
        user: { id: s.userId, name: names.get(s.userId) ?? '' },
        percent: s.percent,
        effectivePercent: sharePercent(f.shares, s),
        amount: s.amount,
      })),
  };
}

// Sums kept exact as decimals and written out once at the end (a dashboard adds thousands of parts).
export interface Tally {
  count: number;
  amount: Decimal;
}
export const emptyTally = (): Tally => ({ count: 0, amount: dec('0') });
export const bump = (t: Tally, amount: string | null) => {
  t.count += 1;
  t.amount = add(t.amount, amount ?? '0');
};
export const money = (t: Tally, digits: number) => ({ count: t.count, amount: formatDecimal(t.amount, digits) });

/** Where a recruiter's part of a placement counts: pending (now), earned (the day after probation), clawed back (the day the seat ended). */
export function countedOn(view: Viewed['view'], endDate: string | null): { state: PlacementState; day: string | null } {
  if (view.state === 'earned') return { state: 'earned', day: view.earnedOn };
  if (view.state === 'clawed_back') return { state: 'clawed_back', day: endDate };
  return { state: 'pending', day: null };
}
