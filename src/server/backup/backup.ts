import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { codeMigrations, databaseLevel, databaseTables, quoteIdent, schemaTables, storedColumns } from './catalog.js';
import type { Conn } from './connection.js';

// The file: gzip of JSON lines. A header (format, version, migration level, every table and its
// row count), then per table a line naming its columns followed by one line per row (each value
// in PostgreSQL's own text form, or null), and an end line: a cut file is refused, not half loaded.
export const BACKUP_FORMAT = 'staffing-back-office-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: Conn['kind'];
  /** The last migration applied to the database backed up. */
  migration: { when: number; tag: string };
  tables: Array<{ name: string; rows: number }>;
}
export interface TableLine {
  table: string;
  columns: string[];
}
export interface EndLine {
  end: true;
  rows: number;
}

/** A refusal of backup or restore: its message is what the operator reads. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Writes the whole firm to `file` in one REPEATABLE READ snapshot: a consistent copy from a
 * PostgreSQL database that servers keep writing to. Every table of the Drizzle schema, uploaded
 * files included (their bodies live in the `files` table).
 */
export async function writeBackup(conn: Conn, file: string): Promise<BackupHeader> {
  const migrations = codeMigrations();
  const last = migrations.at(-1)!;
  const level = await databaseLevel(conn);
  if (level !== last.when) {
    const at = migrations.find((m) => m.when === level)?.tag ?? (level ? `an unknown migration (${level})` : 'no migration');
    throw new BackupError(
      `The database is at ${at}; this version of the application expects ${last.tag}. ` +
        (level > last.when || !migrations.some((m) => m.when === level)
          ? 'Back it up with the version of the application that last ran on it.'
          : 'Start the server of this version once (it migrates the database at start), stop it, then back up.'),
    );
  }
  const tables = schemaTables();
  const inDatabase = await databaseTables(conn);
  const unknown = inDatabase.filter((t) => !tables.includes(t));
  // A table the schema does not name would silently be left out: refuse instead.
  if (unknown.length) throw new BackupError(`The database holds tables the application's schema does not name: ${unknown.join(', ')}.`);
  const absent = tables.filter((t) => !inDatabase.includes(t));
  if (absent.length) throw new BackupError(`The database lacks tables of the schema: ${absent.join(', ')}.`);

  const partial = `${file}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial));
  const put = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  await conn.exec('begin isolation level repeatable read read only');
  try {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: conn.kind,
      migration: { when: last.when, tag: last.tag },
      tables: [],
    };
    for (const name of tables) {
      const [row] = await conn.rows(`select count(*)::text from ${quoteIdent(name)}`);
      header.tables.push({ name, rows: Number(row![0]) });
    }
    await put(header);
    let total = 0;
    for (const { name } of header.tables) {
      const columns = await storedColumns(conn, name);
      await put({ table: name, columns: columns.map((c) => c.name) } satisfies TableLine);
      // Rows with file bodies are large: fetch few at a time.
      const batch = columns.some((c) => c.type === 'bytea') ? 8 : 2000;
      const list = columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ');
      await conn.exec(`declare backup_rows no scroll cursor for select ${list} from ${quoteIdent(name)}`);
      for (;;) {
        const rows = await conn.rows(`fetch ${batch} from backup_rows`);
        for (const r of rows) await put(r);
        total += rows.length;
        if (rows.length < batch) break;
      }
      await conn.exec('close backup_rows');
    }
    await put({ end: true, rows: total } satisfies EndLine);
    await conn.exec('commit');
    gzip.end();
    await written;
    renameSync(partial, file);
    return header;
  } catch (err) {
    await conn.exec('rollback').catch(() => {});
    gzip.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw err;
  }
}

/** The lines of a backup file, one parsed JSON value each. */
export async function* readBackupLines(file: string): AsyncGenerator<unknown> {
  const raw = createReadStream(file);
  const input = raw.pipe(createGunzip());
  // A missing or unreadable file fails the reading below, not the process.
  raw.on('error', (err) => input.destroy(err));
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line) yield JSON.parse(line) as unknown;
  } catch (err) {
    throw new BackupError(`${file} is not a readable backup: ${(err as Error).message}`);
  } finally {
    lines.close();
    input.destroy();
    raw.destroy();
  }
}

/** The header of a backup file, checked against what this version can read. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const first of readBackupLines(file)) return checkHeader(first, file);
  throw new BackupError(`${file} is empty: not a backup.`);
}

export function checkHeader(value: unknown, file: string): BackupHeader {
  const h = value as Partial<BackupHeader> | null;
  if (!h || h.format !== BACKUP_FORMAT || typeof h.version !== 'number' || !Array.isArray(h.tables) || !h.migration)
    throw new BackupError(`${file} is not a backup of this application.`);
  if (h.version > BACKUP_VERSION)
    throw new BackupError(
      `${file} was written by a newer version of the application (backup format ${h.version}); restore it with that version.`,
    );
  return h as BackupHeader;
}
