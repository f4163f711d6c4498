import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_FORM_LIMITS, LOGIN_THROTTLE, type AuthForm } from '../../../domain/modules/auth/auth.schema.js';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { authRequests, loginFailures } from './auth.table.js';

/**
 * Sign-in throttling after OWASP's device-cookie scheme
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 * a browser that signed in to an account gets a signed cookie bound to that account; failures
 * through such a cookie count against the cookie alone, failures from everyone else count
 * against "unknown devices" of the account. A password spray from many addresses locks out
 * the unknown devices, never the owner's browser.
 */
export const DEVICE_COOKIE = 'sbo_device';

export interface KnownDevice {
  userId: string;
  nonce: string;
}

function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return undefined;
  for (const pair of header.split(';')) {
    const i = pair.indexOf('=');
    if (i > 0 && pair.slice(0, i).trim() === name) return pair.slice(i + 1).trim();
  }
  return undefined;
}

/** The known-device cookie the browser sent, if it is ours, unexpired and for this user. */
export function knownDevice(s: Services, req: FastifyRequest, userId: string | undefined): KnownDevice | undefined {
  if (!userId) return undefined;
  const value = readCookie(req, DEVICE_COOKIE);
  const claims = value ? s.tokens.verifyDevice(value) : undefined;
  return claims && claims.sub === userId ? { userId, nonce: claims.nonce } : undefined;
}

/** Gives (or renews) the browser's known-device cookie for the account it just signed in to. */
export function rememberDevice(s: Services, req: FastifyRequest, reply: FastifyReply, userId: string, device?: KnownDevice) {
  const maxAge = LOGIN_THROTTLE.deviceCookieDays * 24 * 3600;
  const value = s.tokens.signDevice({
    sub: userId,
    nonce: device?.nonce ?? randomBytes(18).toString('base64url'),
    exp: Math.floor(Date.now() / 1000) + maxAge,
  });
  // Sent only to the auth routes, never readable by scripts; Secure whenever the request came over TLS.
  const secure = req.protocol === 'https' ? '; Secure' : '';
  void reply.header('set-cookie', `${DEVICE_COOKIE}=${value}; Path=/api/v1/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`);
}

function tooMany(message: string, oldest: string | null, windowMinutes: number): AppError {
  const retryAfter = Math.max(
    1,
    Math.ceil(((oldest ? new Date(oldest).getTime() : Date.now()) + windowMinutes * 60_000 - Date.now()) / 1000),
  );
  return new AppError(429, `${message} Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    code: 'too_many_attempts',
    headers: { 'retry-after': String(retryAfter) },
  });
}

/**
 * Refuses a sign-in attempt with 429 when its address, or (for an unknown device) the account,
 * or (for a known device) that device, has failed too often in the window. A lock lasts at most
 * one window after the oldest counted failure; attempts while locked are not counted.
 * Returns the device as it counts: a known device over its own limit counts as unknown.
 */
export async function checkLogin(
  s: Services,
  email: string,
  ip: string,
  device: KnownDevice | undefined,
): Promise<KnownDevice | undefined> {
  const L = LOGIN_THROTTLE;
  const since = new Date(Date.now() - L.windowMinutes * 60_000).toISOString();
  const [r] = await queryRows<{ pair: number; unknown_devices: number; by_ip: number; by_device: number; oldest: string | null }>(
    s.db,
    sql`
    select
      count(*) filter (where email = ${email} and ip = ${ip})::int as pair,
      count(*) filter (where email = ${email} and device is null)::int as unknown_devices,
      count(*) filter (where ip = ${ip})::int as by_ip,
      count(*) filter (where device = ${device?.nonce ?? ''})::int as by_device,
      min(at) as oldest
    from ${loginFailures}
    where at > ${since} and (email = ${email} or ip = ${ip})`,
  );
  if (!r) return device;
  const message = 'Too many failed sign-in attempts.';
  if (r.by_ip >= L.perIp) throw tooMany(message, r.oldest, L.windowMinutes);
  // A known device under its own limit skips the account's locks: strangers' failures are not its.
  if (device && r.by_device < L.perDevice) return device;
  // Past it, the device is treated (and counted) as unknown from then on.
  if (r.pair >= L.perAccountAndIp || r.unknown_devices >= L.perAccountUnknownDevices) throw tooMany(message, r.oldest, L.windowMinutes);
  return undefined;
}

export async function recordLoginFailure(s: Services, email: string, ip: string, device: KnownDevice | undefined) {
  await s.db.insert(loginFailures).values({ email, ip, device: device?.nonce ?? null });
  // Rows older than a day count for nothing: drop them now and then.
  if (Math.random() < 0.02) await s.db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - 86_400_000).toISOString()));
}

/** A successful sign-in clears the failures of that account from that address (and of that device). */
export async function clearLoginFailures(s: Services, email: string, ip: string, device: KnownDevice | undefined) {
  await s.db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), isNull(loginFailures.device)));
  if (device) await s.db.delete(loginFailures).where(eq(loginFailures.device, device.nonce));
}

/**
 * Counts one request to a public auth form and refuses it with 429 past the form's limit per
 * address or per target e-mail. Refused requests are not counted, so a lock ends one window
 * after the oldest counted request.
 */
export async function limitForm(s: Services, form: AuthForm, ip: string, email?: string) {
  const limit: { windowMinutes: number; perIp: number; perEmail?: number } = AUTH_FORM_LIMITS[form];
  const since = new Date(Date.now() - limit.windowMinutes * 60_000).toISOString();
  const target = email?.toLowerCase() ?? null;
  const [r] = await queryRows<{ by_ip: number; by_email: number; oldest_ip: string | null; oldest_email: string | null }>(
    s.db,
    sql`
    select
      count(*) filter (where ip = ${ip})::int as by_ip,
      count(*) filter (where email = ${target ?? ''})::int as by_email,
      min(at) filter (where ip = ${ip}) as oldest_ip,
      min(at) filter (where email = ${target ?? ''}) as oldest_email
    from ${authRequests}
    where form = ${form} and at > ${since} and (ip = ${ip} or email = ${target ?? ''})`,
  );
  if (r && r.by_ip >= limit.perIp) throw tooMany('Too many requests from this address.', r.oldest_ip, limit.windowMinutes);
  if (r && limit.perEmail !== undefined && target && r.by_email >= limit.perEmail)
    throw tooMany('Too many requests for this e-mail address.', r.oldest_email, limit.windowMinutes);
  await s.db.insert(authRequests).values({ form, ip, email: target });
  if (Math.random() < 0.02) await s.db.delete(authRequests).where(lt(authRequests.at, new Date(Date.now() - 86_400_000).toISOString()));
}

/** Refresh: only failures are counted (a busy address refreshes a lot, legitimately). */
export async function checkRefresh(s: Services, ip: string) {
  const limit = AUTH_FORM_LIMITS.refresh;
  const since = new Date(Date.now() - limit.windowMinutes * 60_000).toISOString();
  const [r] = await queryRows<{ n: number; oldest: string | null }>(
    s.db,
    sql`select count(*)::int as n, min(at) as oldest from ${authRequests} where form = 'refresh' and ip = ${ip} and at > ${since}`,
  );
  if (r && r.n >= limit.perIp) throw tooMany('Too many invalid refresh attempts.', r.oldest, limit.windowMinutes);
}
export async function recordRefreshFailure(s: Services, ip: string) {
  await s.db.insert(authRequests).values({ form: 'refresh', ip, email: null });
}
