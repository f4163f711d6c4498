import { NO_OVERRIDES, overridesFrom, type AccessOverrides } from '../../../domain/auth/access-overrides.js';
import type { Db } from '../../db/client.js';
import { accessOverrides } from './access.table.js';

/**
 * How long an instance trusts the overrides it read. A change made here is seen at the next
 * request (the cache is dropped); one made on another instance is announced through the Redis
 * adapter, and this bound covers an announcement lost while Redis was away.
 */
export const ACCESS_CACHE_TTL_MS = 5_000;

/** The server-to-server event: the access overrides changed, read them again. */
export const ACCESS_OVERRIDES_CHANGED = 'access-overrides-changed';

/** The firm's access overrides as the server enforces them: one small read, shared and short-lived. */
export class AccessCache {
  private value: AccessOverrides = NO_OVERRIDES;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<AccessOverrides> | undefined;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = ACCESS_CACHE_TTL_MS,
  ) {}

  /** The overrides now: read again when older than the TTL or dropped by a change. */
  current(): Promise<AccessOverrides> {
    if (Date.now() - this.loadedAt < this.ttlMs) return Promise.resolve(this.value);
    if (!this.loading) {
      const loading: Promise<AccessOverrides> = this.load().finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  /** The last overrides read, for code that runs after the request's access check (which read them). */
  snapshot(): AccessOverrides {
    return this.value;
  }

  invalidate(): void {
    this.generation += 1;
    this.loadedAt = Number.NEGATIVE_INFINITY;
    // A read begun before the change may have missed it: the next caller starts a new one.
    this.loading = undefined;
  }

  private async load(): Promise<AccessOverrides> {
    const generation = this.generation;
    const started = Date.now();
    const rows = await this.db
      .select({
        role: accessOverrides.role,
        resource: accessOverrides.resource,
        action: accessOverrides.action,
        allowed: accessOverrides.allowed,
      })
      .from(accessOverrides);
    const value = overridesFrom(rows);
    if (generation === this.generation) {
      this.value = value;
      this.loadedAt = started;
    }
    return value;
  }
}
