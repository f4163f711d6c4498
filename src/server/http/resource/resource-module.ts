import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDecl } from '../../../domain/resource.js';
import type { Services } from '../../services.js';
import type { CurrentUser } from '../access.js';
import type { Row, Tx } from './hooks.js';

export type { Row, Tx } from './hooks.js';

/** What a write's hooks get: the caller, the services, and the transaction the write runs in. */
export interface WriteContext {
  user: CurrentUser;
  services: Services;
  req: FastifyRequest;
  /** The row write, its audit entry and every hook run in this one transaction. */
  tx: Tx;
}

export type ResourceTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

export type WriteAction = 'created' | 'updated' | 'deleted' | 'restored';

/** A server module's resource: its declaration, its table, and its real rules. */
export interface ResourceModule<TRow extends Row = Row> {
  decl: ResourceDecl;
  table: ResourceTable;
  /** Accent-free, lower-cased column that `q` searches with a trigram index. */
  searchColumn?: PgColumn;
  /** What a list's search finds besides the search column (a candidate's skills and hashtags); pickers search the column only. */
  searchAlso?: (q: string) => SQL;
  /** The entity the API returns; by default the entity schema's keys read off the row. */
  toEntity?: (row: TRow) => Row;
  beforeCreate?: (input: Row, ctx: WriteContext) => Promise<Row> | Row;
  beforeUpdate?: (input: Row, existing: TRow, ctx: WriteContext) => Promise<Row> | Row;
  beforeDelete?: (existing: TRow, ctx: WriteContext) => Promise<void> | void;
  afterWrite?: (action: WriteAction, row: TRow, before: TRow | undefined, ctx: WriteContext) => Promise<void> | void;
  /**
   * Declared fields with no column of their own, derived when read (an invoice's `overdue`, which
   * depends on today): the SQL expression their filters compare, built for each query.
   */
  derivedColumns?: Record<string, () => SQL>;
  /** The module's own part of its declared state actions (`decl.states`), by action name. */
  actions?: Readonly<Record<string, ActionStep<TRow>>>;
}

/** After the commit: who did it, and the record before and after (a notification to its requester). */
export interface ActionDone<TRow> {
  before: TRow;
  after: TRow;
  user: WriteContext['user'];
  services: WriteContext['services'];
}

/** A module's own part of a declared action: what it checks and changes besides the state, and what it tells afterwards. */
export interface ActionStep<TRow extends Row = Row> {
  /**
   * In the transaction, once the state allows the action: throws to refuse it (a payment dated in
   * the future), or answers the fields it changes besides the state (an invoice's number).
   */
  apply?(row: TRow, body: unknown, w: WriteContext): Promise<Row> | Row;
  /** After the commit (notifications). */
  after?(done: ActionDone<TRow>): Promise<void> | void;
}
