import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../domain/auth/permissions.js';
import type { Api } from '../http/api.js';
import type { KitHooks } from '../http/resource/hooks.js';
import type { ResourceModule } from '../http/resource/index.js';
import type { Db } from '../db/client.js';
import type { Services } from '../services.js';

/** What the demo seed has made so far, for the modules seeded after it. */
export interface SeedContext {
  log: FastifyBaseLogger;
  /** The currency the P&L's snapshots of the seeded closed months are in. */
  baseCurrency: string;
  users: Array<{ id: string; role: Role; fullName: string }>;
}

/**
 * One shape for every server module: its table(s) live in `<module>.table.ts` (exported through
 * db/schema.ts); the module names its declared resource and rules, its special routes, and its
 * demo data.
 */
export interface ServerModule {
  name: string;
  /** What the module adds to every resource's runtime (a write guard, the audit trail), before any route is registered. */
  extendKit?: (kit: KitHooks, s: Services) => void;
  /** Registered before the resource's generic routes, so that `/user/me` is not read as an id. */
  routes?: (app: Api, s: Services) => void;
  // The row type is the module's own; the registry only needs the shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  resource?: ResourceModule<any>;
  /** Demo data for a freshly seeded firm, in module order (references point backwards). */
  seed?: (db: Db, ctx: SeedContext) => Promise<void>;
}
