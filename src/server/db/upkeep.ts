import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Db } from './client.js';

/**
 * The embedded database has no autovacuum: without this, the rows an update or a delete leaves
 * behind would never be reclaimed (its tables and indexes only grow), and the planner's statistics
 * would stay as the start's `analyze` left them, however the firm's data grew. A round applies
 * PostgreSQL's own autovacuum rules, with its default thresholds, table by table: each table is one
 * statement, so requests take their turns between them. PostgreSQL runs its own autovacuum.
 */

// PostgreSQL's defaults (autovacuum_vacuum_threshold, _scale_factor, the insert and analyze ones).
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_VACUUM_BASE = 1000;
const INSERT_VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

export interface UpkeepRound {
  vacuumed: string[];
  analyzed: string[];
  ms: number;
}

interface TableActivity {
  schema: string;
  name: string;
  rows: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

/** One round: every table past a threshold vacuumed (and analyzed), or analyzed only. */
export async function upkeepRound(db: Db): Promise<UpkeepRound> {
  const started = performance.now();
  // The embedded database hands its activity counts to the statistics views only when asked to.
  await queryRows(db, sql`select pg_stat_force_next_flush()`);
  const tables = await queryRows<TableActivity>(
    db,
    sql`select s.schemaname as schema, s.relname as name,
          greatest(c.reltuples, s.n_live_tup)::float8 as rows, s.n_dead_tup::float8 as dead,
          s.n_ins_since_vacuum::float8 as "insertedSinceVacuum", s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze"
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        order by s.schemaname, s.relname`,
  );
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of tables) {
    const vacuum =
      t.dead > VACUUM_BASE + VACUUM_SCALE * t.rows || t.insertedSinceVacuum > INSERT_VACUUM_BASE + INSERT_VACUUM_SCALE * t.rows;
    const analyze = t.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * t.rows;
    if (!vacuum && !analyze) continue;
    const table = sql`${sql.identifier(t.schema)}.${sql.identifier(t.name)}`;
    await queryRows(db, vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
    (vacuum ? vacuumed : analyzed).push(t.name);
  }
  return { vacuumed, analyzed, ms: Math.round(performance.now() - started) };
}

/** Rounds every `intervalMs` on the embedded database, none on PostgreSQL; a failed round is logged and the next one tries again. */
export function startUpkeep(database: Database, log: FastifyBaseLogger, opts: { intervalMs: number }): { stop(): void } {
  if (database.kind !== 'pglite') return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    upkeepRound(database.db)
      .then((r) => {
        if (r.vacuumed.length || r.analyzed.length) log.info({ upkeep: r }, 'embedded database: dead rows reclaimed, statistics refreshed');
      })
      .catch((err: unknown) => log.warn({ err: { message: (err as Error).message } }, 'embedded database upkeep failed'))
      .finally(() => (running = false));
  }, opts.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
