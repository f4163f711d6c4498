import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_LOCK_KEY, migrationsFolder } from '../db/client.js';
import { BackupError, checkHeader, readBackupLines, type BackupHeader, type EndLine, type TableLine } from './backup.js';
import { codeMigrations, databaseTables, quoteIdent, storedColumns } from './catalog.js';
import type { Conn } from './connection.js';

// Secrets a server generates at its first start: a database holding only them is still empty.
const GENERATED_AT_START = new Set(['app_secrets']);

export interface RestoreResult {
  header: BackupHeader;
  /** The migrations applied after the load, to bring the firm to this version. */
  migratedForward: number;
}

/**
 * Loads a backup into an empty database of either kind: the schema is rebuilt at the backup's
 * migration level, every row loaded in one transaction (counts checked against the header), then
 * the remaining migrations run. A database holding data is refused unless `force`, and then wiped.
 */
export async function restoreBackup(conn: Conn, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const lines = readBackupLines(file);
  try {
    return await restoreFrom(conn, file, lines, opts);
  } finally {
    await lines.return(undefined);
  }
}

async function restoreFrom(conn: Conn, file: string, lines: AsyncGenerator<unknown>, opts: { force?: boolean }): Promise<RestoreResult> {
  const first = await lines.next();
  const header = checkHeader(first.done ? null : first.value, file);
  const migrations = codeMigrations();
  const level = migrations.findIndex((m) => m.when === header.migration.when);
  if (level < 0) {
    throw new BackupError(
      header.migration.when > migrations.at(-1)!.when
        ? `The backup comes from a newer version of the application (its schema is at ${header.migration.tag}; this version knows up to ${migrations.at(-1)!.tag}). Restore it with that version or a later one.`
        : `The backup's schema (${header.migration.tag}) is not one this version of the application knows.`,
    );
  }
  // A server starting meanwhile waits instead of migrating under the restore (released with the session).
  if (conn.kind === 'postgres') await conn.rows('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  const holding = await tablesWithRows(conn);
  if (holding.length && !opts.force)
    throw new BackupError(
      `The database is not empty (${holding.join(', ')} hold rows). Restore into an empty database, or add --force to replace its contents.`,
    );

  await wipe(conn);
  const folder = migrationsUpTo(level);
  try {
    await conn.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await load(conn, header, lines, file);
  await conn.migrate(migrationsFolder);
  return { header, migratedForward: migrations.length - 1 - level };
}

async function tablesWithRows(conn: Conn): Promise<string[]> {
  const holding: string[] = [];
  for (const t of await databaseTables(conn)) {
    if (GENERATED_AT_START.has(t)) continue;
    const [row] = await conn.rows(`select exists (select 1 from ${quoteIdent(t)})`);
    if (row![0]) holding.push(t);
  }
  return holding;
}

/** Drops the application's tables and its migration record (extensions and functions stay; migrations replace them). */
async function wipe(conn: Conn) {
  const tables = await databaseTables(conn);
  await conn.exec(
    [
      'begin',
      ...tables.map((t) => `drop table if exists ${quoteIdent(t)} cascade`),
      'drop table if exists drizzle.__drizzle_migrations',
      'commit',
    ].join(';\n'),
  );
}

/** A copy of the migrations folder that ends at `level` (index into the journal). */
function migrationsUpTo(level: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'staffing-restore-'));
  mkdirSync(join(dir, 'meta'));
  const entries = codeMigrations().slice(0, level + 1);
  for (const m of entries) copyFileSync(join(migrationsFolder, `${m.tag}.sql`), join(dir, `${m.tag}.sql`));
  const journal = {
    version: '7',
    dialect: 'postgresql',
    entries: entries.map((m, idx) => ({ idx, version: '7', ...m, breakpoints: true })),
  };
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

// Parameters per INSERT stay under PostgreSQL's 65 535, and a statement's text under a few MB.
const MAX_PARAMS = 30_000;
const MAX_CHARS = 16 * 1024 * 1024;

async function load(conn: Conn, header: BackupHeader, lines: AsyncGenerator<unknown>, file: string) {
  await conn.exec('begin');
  try {
    // Rows arrive table by table, not in the order of their references; triggers (data versions)
    // would rewrite what the backup holds. Both are set aside for the load and put back after it.
    const keys = await conn.objects<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const k of keys) await conn.exec(`alter table ${k.tbl} drop constraint ${quoteIdent(k.name)}`);
    const tables = await databaseTables(conn);
    for (const t of tables) await conn.exec(`alter table ${quoteIdent(t)} disable trigger user`);
    // Migrations write rows of their own (data versions); the backup holds those tables whole.
    if (tables.length) await conn.exec(`truncate ${tables.map(quoteIdent).join(', ')}`);

    let current: TableLine | undefined;
    // Each value goes in as text and is read by its column's type (PGlite would otherwise encode
    // parameters by their inferred type, and wants bytes, not text, for a bytea).
    let casts: string[] = [];
    let batch: unknown[][] = [];
    let chars = 0;
    let end: EndLine | undefined;
    const flush = async () => {
      if (!current || !batch.length) return;
      const width = current.columns.length;
      const values = batch
        .map((_, r) => `(${casts.map((type, c) => `cast($${r * width + c + 1}::text as ${type})`).join(', ')})`)
        .join(', ');
      await conn.rows(
        `insert into ${quoteIdent(current.table)} (${current.columns.map(quoteIdent).join(', ')}) overriding system value values ${values}`,
        batch.flat(),
      );
      batch = [];
      chars = 0;
    };
    for await (const line of lines) {
      if (Array.isArray(line)) {
        if (!current) throw new BackupError(`${file} is damaged: rows before their table.`);
        batch.push(line);
        chars += line.reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 4), 0);
        if ((batch.length + 1) * current.columns.length > MAX_PARAMS || chars > MAX_CHARS) await flush();
      } else if (line && typeof line === 'object' && 'table' in line) {
        await flush();
        current = line as TableLine;
        if (!tables.includes(current.table)) throw new BackupError(`${file} holds a table this schema lacks: ${current.table}.`);
        const types = new Map((await storedColumns(conn, current.table)).map((c) => [c.name, c.type]));
        casts = current.columns.map((c) => {
          const type = types.get(c);
          if (!type) throw new BackupError(`${file} holds a column this schema lacks: ${current!.table}.${c}.`);
          return type;
        });
      } else if (line && typeof line === 'object' && 'end' in line) {
        await flush();
        end = line as EndLine;
      } else throw new BackupError(`${file} is damaged: an unexpected line.`);
    }
    if (!end) throw new BackupError(`${file} is cut short: it lacks its end. Nothing was restored.`);
    for (const { name, rows } of header.tables) {
      const [row] = await conn.rows(`select count(*)::text from ${quoteIdent(name)}`);
      if (Number(row![0]) !== rows)
        throw new BackupError(`${file} is damaged: ${name} holds ${String(row![0])} rows, its header says ${rows}.`);
    }

    for (const t of tables) await conn.exec(`alter table ${quoteIdent(t)} enable trigger user`);
    for (const k of keys) await conn.exec(`alter table ${k.tbl} add constraint ${quoteIdent(k.name)} ${k.def}`);
    await resetSequences(conn);
    await conn.exec('commit');
  } catch (err) {
    await conn.exec('rollback').catch(() => {});
    throw err;
  }
}

/** Serial and identity columns carry on after the highest id restored: the next insert gets a fresh one. */
export async function resetSequences(conn: Conn) {
  const owned = await conn.objects<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = t.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const o of owned)
    await conn.rows(`select setval($1::regclass, coalesce(max(${quoteIdent(o.col)}), 0) + 1, false) from ${o.tbl}`, [o.seq]);
}
