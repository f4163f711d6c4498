import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// Configuration comes only from the environment, validated once at start.
const boolish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  /** Unset: 127.0.0.1 with the embedded database, 0.0.0.0 with DATABASE_URL (start-rule.ts). */
  HOST: z.string().trim().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: how long to wait for a connection, and for a query's answer, before answering 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** PostgreSQL: connections per instance. More than the database's cores only queues inside it. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  /** How often the outbox is sent over SMTP (tests shorten it). */
  MAIL_POLL_MS: z.coerce.number().int().positive().default(10_000),
  /** The embedded database's vacuum and analyze rounds (upkeep.ts); PostgreSQL has its autovacuum. */
  EMBEDDED_UPKEEP_MS: z.coerce.number().int().positive().default(600_000),
  /** Unset: seed the demo firm into an empty embedded database only (start-rule.ts). */
  DEMO_DATA: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  REFRESH_REUSE_INTERVAL_S: z.coerce.number().int().min(0).default(10),
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  TRUST_PROXY: boolish.default(false),
  BASE_CURRENCY: z.string().length(3).default('USD'),
  /** Leave requests of more working days than this need a second approval (hr_lead or admin). */
  LEAVE_SECOND_APPROVAL_DAYS: z.coerce.number().min(0).max(365).default(5),
  /** Lists above this many matching rows report an estimated total instead of counting. */
  EXACT_COUNT_LIMIT: z.coerce.number().int().positive().default(1_000),
  /** The firm's name and logo (PNG, JPEG or SVG) at the top of the branded CVs it sends to customers. */
  FIRM_NAME: z.string().trim().min(1).max(120).default('Staffing Back Office'),
  FIRM_LOGO_PATH: z.string().default(join(dirname(fileURLToPath(import.meta.url)), 'assets', 'firm-logo.png')),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (e.g. `DATABASE_URL= npm start` for the embedded database).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR), FIRM_LOGO_PATH: resolve(parsed.data.FIRM_LOGO_PATH) };
}
