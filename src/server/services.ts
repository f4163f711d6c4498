import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Realtime } from './realtime.js';
import type { TokenSigner } from './modules/auth/tokens.js';
import type { AccessCache } from './modules/access/access.cache.js';
import type { KitHooks } from './http/resource/hooks.js';

/** What route modules are given: one place to reach the database, config, tokens and live events. */
export interface Services {
  db: Database['db'];
  dbKind: Database['kind'];
  config: Config;
  tokens: TokenSigner;
  realtime: Realtime;
  /** The firm's access overrides as enforced (docs/decisions/014). */
  access: AccessCache;
  /** What modules add to the resource kit (audit trail, file store, write guards). */
  kit: KitHooks;
}
