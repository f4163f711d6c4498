import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/** A sign-in: the family of refresh tokens it issues; revoking it ends them all. */
export const sessions = pgTable('sessions', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .references(() => users.id),
  createdAt: timestamptz().notNull().default(now),
  expiresAt: timestamptz().notNull(),
  revokedAt: timestamptz(),
  revokedReason: text(),
  userAgent: text(),
  ip: text(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id),
    createdAt: timestamptz().notNull().default(now),
    usedAt: timestamptz(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Six-digit codes for e-mail verification and password reset; stored hashed. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [index('auth_codes_user_idx').on(t.userId, t.purpose)],
);

/** Failed sign-ins. `device` is the nonce of the known-device cookie the browser sent, null for an unknown device. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    ip: text().notNull(),
    device: text(),
    at: timestamptz().notNull().default(now),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

/** Requests to the public auth forms other than sign-in, counted per address and per target e-mail. */
export const authRequests = pgTable(
  'auth_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    form: text().notNull(),
    ip: text().notNull(),
    email: text(),
    at: timestamptz().notNull().default(now),
  },
  (t) => [index('auth_requests_ip_idx').on(t.form, t.ip, t.at), index('auth_requests_email_idx').on(t.form, t.email, t.at)],
);

/** Secrets generated on first start (JWT key) when the environment gives none. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});
