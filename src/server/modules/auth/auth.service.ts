import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.js';
import { sendMail } from '../mail/mail.service.js';
import { users } from '../users/users.table.js';
import { authCodes, refreshTokens, sessions } from './auth.table.js';
import { checkLogin, clearLoginFailures, recordLoginFailure, type KnownDevice } from './throttle.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';

type UserRow = typeof users.$inferSelect;
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

const CODE_TTL_MIN = 15;
const CODE_MAX_ATTEMPTS = 5;

export function findUserByEmail(s: Services, email: string) {
  return s.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.archivedAt} is null`)
    .then((r) => r[0] as UserRow | undefined);
}

async function issuePair(s: Services, user: Pick<UserRow, 'id' | 'role'>, sessionId: string, sessionExpiresAt: Date): Promise<TokenPair> {
  const jti = randomUUID();
  await s.db.insert(refreshTokens).values({ jti, sessionId });
  const [accessToken, refreshToken] = await Promise.all([
    s.tokens.signAccess({ sub: user.id, sid: sessionId, role: user.role }),
    s.tokens.signRefresh({ sub: user.id, sid: sessionId, jti, exp: Math.floor(sessionExpiresAt.getTime() / 1000) }),
  ]);
  return { accessToken, refreshToken };
}

export async function startSession(s: Services, user: Pick<UserRow, 'id' | 'role'>, meta: { ip: string; userAgent?: string }) {
  // The refresh token's life is absolute: rotation never extends the session.
  const expiresAt = new Date(Date.now() + s.config.REFRESH_TOKEN_TTL_S * 1000);
  const [session] = await s.db
    .insert(sessions)
    .values({ userId: user.id, expiresAt: expiresAt.toISOString(), ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  return issuePair(s, user, session!.id, expiresAt);
}

function assertCanSignIn(user: UserRow) {
  if (user.status === 'pending') throw new AppError(403, 'Verify your e-mail address before signing in', { code: 'email_not_verified' });
  if (user.status !== 'active') throw new AppError(403, 'This account is inactive; contact an administrator', { code: 'account_inactive' });
}

/**
 * Signs in: throttled after OWASP's device-cookie scheme (see throttle.ts). `deviceOf` reads the
 * browser's known-device cookie for the account once it is known.
 */
export async function login(
  s: Services,
  input: { email: string; password: string },
  meta: { ip: string; userAgent?: string },
  deviceOf: (userId: string | undefined) => KnownDevice | undefined = () => undefined,
) {
  const user = await findUserByEmail(s, input.email);
  const device = await checkLogin(s, input.email, meta.ip, deviceOf(user?.id));
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash(), input.password), false);
  if (!user || !ok) {
    await recordLoginFailure(s, input.email, meta.ip, device);
    throw new AppError(401, 'Invalid e-mail or password', { code: 'invalid_credentials' });
  }
  assertCanSignIn(user);
  await clearLoginFailures(s, input.email, meta.ip, device);
  return { ...(await startSession(s, user, meta)), user, device };
}

export async function refresh(s: Services, token: string, log: FastifyBaseLogger): Promise<TokenPair> {
  let claims;
  try {
    claims = await s.tokens.verifyRefresh(token);
  } catch {
    throw unauthorized('Invalid or expired refresh token', 'session_ended');
  }
  const [row] = await s.db
    .select({ session: sessions, usedAt: refreshTokens.usedAt, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(refreshTokens.jti, claims.jti), eq(sessions.id, claims.sid)));
  if (!row || row.session.revokedAt || new Date(row.session.expiresAt) <= new Date())
    throw unauthorized('Session has ended; sign in again', 'session_ended');
  if (row.user.status !== 'active' || row.user.archivedAt) throw unauthorized('Session has ended; sign in again', 'session_ended');

  // Mark the token spent; exactly one caller wins the update.
  const won = await s.db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.usedAt)))
    .returning({ jti: refreshTokens.jti });
  if (won.length === 0) {
    const [spent] = await s.db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.jti, claims.jti));
    const age = (Date.now() - new Date(spent!.usedAt!).getTime()) / 1000;
    if (age > s.config.REFRESH_REUSE_INTERVAL_S) {
      // A spent token replayed: assume it was stolen and end the whole family.
      await revokeSession(s, claims.sid, 'refresh token reuse');
      log.warn({ sessionId: claims.sid, userId: claims.sub }, 'refresh token reuse detected; session revoked');
      throw unauthorized('Session has ended; sign in again', 'session_ended');
    }
    // Within the reuse interval (two tabs refreshing at once): hand out another pair of the same family.
  }
  return issuePair(s, row.user, row.session.id, new Date(row.session.expiresAt));
}

export async function revokeSession(s: Services, sessionId: string, reason: string) {
  await s.db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(s: Services, userId: string, reason: string, exceptSessionId?: string) {
  await s.db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

async function issueCode(s: Services, log: FastifyBaseLogger, user: UserRow, purpose: 'verify' | 'reset') {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await s.db
    .update(authCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authCodes.userId, user.id), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)));
  await s.db.insert(authCodes).values({
    userId: user.id,
    purpose,
    codeHash: hashCode(user.id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MIN * 60_000).toISOString(),
  });
  const subject = purpose === 'verify' ? 'Verify your e-mail address' : 'Reset your password';
  await sendMail(s.db, log, { to: user.email, subject, body: `Your code is ${code}. It expires in ${CODE_TTL_MIN} minutes.` });
}

/** Checks a code; a wrong one counts against the code, and five wrong ones spend it. */
async function consumeCode(s: Services, user: UserRow | undefined, purpose: 'verify' | 'reset', code: string) {
  const invalid = badRequest('The code is invalid or has expired', { code: 'code_invalid' }, 'code_invalid');
  if (!user) throw invalid;
  const [row] = await s.db
    .select()
    .from(authCodes)
    .where(
      and(eq(authCodes.userId, user.id), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt), gt(authCodes.expiresAt, sql`now()`)),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw invalid;
  if (row.codeHash !== hashCode(user.id, code)) {
    await s.db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(eq(authCodes.id, row.id));
    throw invalid;
  }
  await s.db
    .update(authCodes)
    .set({ usedAt: sql`now()` })
    .where(eq(authCodes.id, row.id));
}

export async function register(s: Services, log: FastifyBaseLogger, input: { fullName: string; email: string; password: string }) {
  const existing = await findUserByEmail(s, input.email);
  if (existing && existing.status !== 'pending') {
    throw conflict('An account with this e-mail already exists', 'duplicate', { email: 'unique' });
  }
  const passwordHash = await hashPassword(input.password);
  const user = existing
    ? (
        await s.db
          .update(users)
          .set({ fullName: input.fullName, passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id))
          .returning()
      )[0]!
    : (
        await s.db
          .insert(users)
          .values({ email: input.email, fullName: input.fullName, passwordHash, role: 'developer', status: 'pending' })
          .returning()
      )[0]!;
  await issueCode(s, log, user, 'verify');
  return { email: user.email };
}

export async function resendVerification(s: Services, log: FastifyBaseLogger, email: string) {
  const user = await findUserByEmail(s, email);
  if (user?.status === 'pending') await issueCode(s, log, user, 'verify');
}

export async function verifyEmail(s: Services, input: { email: string; code: string }, meta: { ip: string; userAgent?: string }) {
  const user = await findUserByEmail(s, input.email);
  await consumeCode(s, user?.status === 'pending' ? user : undefined, 'verify', input.code);
  const [active] = await s.db
    .update(users)
    .set({ status: 'active', emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, user!.id))
    .returning();
  return { ...(await startSession(s, active!, meta)), user: active! };
}

export async function requestPasswordReset(s: Services, log: FastifyBaseLogger, email: string) {
  const user = await findUserByEmail(s, email);
  // Same answer whether or not the account exists.
  if (user && user.status === 'active') await issueCode(s, log, user, 'reset');
}

export async function resetPassword(s: Services, input: { email: string; code: string; password: string }) {
  const user = await findUserByEmail(s, input.email);
  await consumeCode(s, user?.status === 'active' ? user : undefined, 'reset', input.code);
  await s.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: sql`now()` })
    .where(eq(users.id, user!.id));
  await revokeUserSessions(s, user!.id, 'password reset');
}

export async function changePassword(
  s: Services,
  userId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const [user] = await s.db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is not correct', { currentPassword: 'password_wrong' }, 'password_wrong');
  }
  await s.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await revokeUserSessions(s, userId, 'password changed', sessionId);
}
