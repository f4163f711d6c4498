import type { BareList } from './bare.js';
import type { FillResult } from './fill.js';
import type { SqlClient } from './sql-client.js';

/** One request measured: the query string sent to both the CRUD route and the bare one. */
export interface BenchCase {
  name: string;
  query: string;
}

/** A page as both routes answer it. */
export interface ListPage {
  data: Array<Record<string, unknown>>;
  total: number;
  totalIsEstimate?: boolean;
}

/**
 * A resource whose paginated list the bench measures: how to fill its table, what the bare
 * ceiling sends for it, the requests measured and the targets printed beside them. Adding a
 * resource to the bench is adding one of these to `RESOURCES` in run.ts.
 */
export interface BenchResource {
  /** The resource's name, also what BENCH_ONLY matches besides the case names. */
  name: string;
  /** Rows generated on each target (the demo rows included). */
  rows: { postgres: number; pglite: number };
  bare: BareList;
  /** Brings the table to exactly `rows` rows, or reuses an earlier fill. */
  fill(db: SqlClient, rows: number, opts: { maintenanceWorkMem?: string }): Promise<FillResult>;
  /** The requests, once the table is filled (a query may name a row by its id). */
  cases(db: SqlClient): Promise<BenchCase[]>;
  /** Throws when a first page is not what the case is about (e.g. a search that finds nothing accented). */
  check?(c: BenchCase, page: ListPage): void;
  /** Printed beside the PostgreSQL figures, never asserted. */
  targets: { p99Ms: number; ratio: number };
}
