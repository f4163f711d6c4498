import type { FastifyReply, FastifyRequest } from 'fastify';
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import type { CurrentUser } from '../access.js';
import type { ListQuery } from '../list-query.js';
import { columnOf } from './columns.js';
import type { ResourceModule, Row, Tx } from './resource-module.js';

/** What other parts and modules may ask of a registered resource: references and labels are read through it. */
export interface Registered {
  module: ResourceModule;
  /**
   * The row as the caller may read it (404 outside their scope); an archived one only when asked, or
   * refused as archived (409) for a caller about to act on it (`write`).
   */
  findOne(user: CurrentUser, id: string, opts?: { withArchived?: boolean; write?: boolean }): Promise<Row>;
  /** How many rows match these filters: in the caller's scope, or every row (`null`); live rows only. */
  count(db: Db | Tx, user: CurrentUser | null, filters: ListQuery['filters']): Promise<number>;
  /**
   * The create route's write (owner scope, references, hooks, audit, live event, version header) for
   * a body already valid against the create schema; answers the entity, the caller sends it.
   */
  create(req: FastifyRequest, reply: FastifyReply, body: Row): Promise<Row>;
  /** The rows a list with these filters and search shows the caller (scope and live rows included): for a module's sums over the same rows. */
  listCondition(user: CurrentUser, q: Pick<ListQuery, 'filters' | 'q'>): SQL | undefined;
  /**
   * Its part of the header's search (search.ts): one query for the best rows its list finds in the
   * caller's scope, as `SearchRow`s, the words searched and how many left as placeholders
   * (`searchValues`); undefined when the declaration is not searchable.
   */
  search(user: CurrentUser, readsNames: (resource: string) => boolean): SQL | undefined;
}

// Each app's resources by name (a WeakMap: two apps in one process, as the API tests build them, never share).
const registries = new WeakMap<Services, Map<string, Registered>>();

export function registryOf(s: Services): Map<string, Registered> {
  let r = registries.get(s);
  if (!r) registries.set(s, (r = new Map()));
  return r;
}

export function registeredResource(s: Services, name: string): Registered | undefined {
  return registryOf(s).get(name);
}

/** Labels (record titles) of rows of a registered resource, for exports and History. */
export async function labelsOf(s: Services, resource: string, ids: string[], db: Db | Tx = s.db): Promise<Map<string, string>> {
  const target = registryOf(s).get(resource)?.module;
  const out = new Map<string, string>();
  if (!target || !ids.length) return out;
  const t = target.table as unknown as PgTable & Record<string, AnyColumn>;
  const rows = await db
    .select({ id: target.table.id, label: sql<string>`${columnOf(target.table, target.decl.recordTitle)}::text` })
    .from(t)
    .where(inArray(target.table.id, [...new Set(ids)]));
  for (const r of rows) out.set(r.id as string, r.label);
  return out;
}
