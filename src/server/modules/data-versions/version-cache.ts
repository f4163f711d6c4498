import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * Results cached by key and the database's data version of what they read (`data_versions`).
 * Each read asks the version (one primary-key lookup) first and reads the data after it, so a
 * cached result is never older than its version; a write commits its rows and its bump together.
 * Concurrent misses of one key share one computation. In process, bounded, least recently used first.
 */
export class VersionCache<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  constructor(
    private readonly name: string,
    private readonly maxEntries = 200,
  ) {}

  async get(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
    const [row] = await queryRows<{ version: string }>(
      db,
      sql`select version::text as version from data_versions where name = ${this.name}`,
    );
    // No row: the migration's seed is missing; never cache then.
    if (!row) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.version === row.version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    const entry = { version: row.version, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

const perDatabase = new WeakMap<Db, Map<string, VersionCache<unknown>>>();

/**
 * The cache named `name` of one database handle: two apps in one process (as tests build them, each
 * on its own database whose versions count alike) never share results.
 */
export function versionCacheOf<T>(db: Db, name: string, maxEntries?: number): VersionCache<T> {
  let caches = perDatabase.get(db);
  if (!caches) perDatabase.set(db, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new VersionCache<unknown>(name, maxEntries)));
  return cache as VersionCache<T>;
}
