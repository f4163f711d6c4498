import type { AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodObject, type ZodType } from 'zod';
import type { ResourceDecl } from '../../../domain/resource.js';
import type { Services } from '../../services.js';
import type { Api } from '../api.js';
import { columnOf, entityKeys } from './columns.js';
import { registryOf, type Registered } from './registry.js';
import type { ResourceModule, Row } from './resource-module.js';

/**
 * What every part of a resource's runtime shares: the declaration and its table read once at start
 * (columns, entity shape, routes' URL and tags), the app's services, and the registry of the other
 * resources. Each part (list, read, writes, archive, files, export, actions) is a function of it.
 */
export interface ResourceContext<TRow extends Row = Row> {
  app: Api;
  s: Services;
  m: ResourceModule<TRow>;
  decl: ResourceDecl;
  /** The table typed for drizzle's query builder. */
  table: PgTable & Record<string, AnyColumn>;
  /** The soft-delete column, on resources that archive. */
  archivedAt?: PgColumn;
  ownerColumn?: PgColumn;
  titleColumn: PgColumn;
  /** The declared fields unique among live rows. */
  uniqueFields: Array<[string, ResourceDecl['fields'][string]]>;
  keys: string[];
  /** The entity the API answers for a row; an archived one says so (`archivedAt`). */
  toEntity(row: TRow): Row;
  entitySchema: ZodType;
  url(suffix?: string): string;
  access(action: string): { resource: string; action: string };
  tags: string[];
  registered: Map<string, Registered>;
}

export const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });

export function createContext<TRow extends Row>(app: Api, s: Services, m: ResourceModule<TRow>): ResourceContext<TRow> {
  const { decl } = m;
  const archivedAt = decl.softDelete ? columnOf(m.table, 'archivedAt') : undefined;
  const keys = entityKeys(decl);
  const baseEntity =
    m.toEntity ??
    ((row: TRow) => {
      const entity: Row = {};
      for (const k of keys) entity[k] = row[k] ?? null;
      return entity;
    });
  return {
    app,
    s,
    m,
    decl,
    table: m.table as unknown as PgTable & Record<string, AnyColumn>,
    archivedAt,
    ownerColumn: decl.owner ? columnOf(m.table, decl.owner.field) : undefined,
    titleColumn: columnOf(m.table, decl.recordTitle),
    uniqueFields: Object.entries(decl.fields).filter(([, f]) => f.unique),
    keys,
    // An archived row says so (`archivedAt`): the detail page opens it read-only with its date. A live
    // row answers the entity's keys only, so a client sending it back whole (PUT) is unchanged.
    toEntity: archivedAt
      ? (row: TRow): Row => (row.archivedAt ? { ...baseEntity(row), archivedAt: row.archivedAt } : baseEntity(row))
      : baseEntity,
    entitySchema: archivedAt
      ? (decl.schemas.entity as ZodObject).safeExtend({
          archivedAt: z.string().optional().meta({ description: 'When the row was archived; only on archived rows' }),
        })
      : decl.schemas.entity,
    url: (suffix = '') => `/${decl.path}${suffix}`,
    access: (action) => ({ resource: decl.name, action }),
    tags: [decl.name],
    registered: registryOf(s),
  };
}
