import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Db } from '../../db/client.js';
import { appSecrets } from './auth.table.js';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
}

export interface TokenSigner {
  signAccess(claims: AccessClaims): Promise<string>;
  signRefresh(claims: { sub: string; sid: string; jti: string; exp: number }): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims & { exp: number }>;
  verifyRefresh(token: string): Promise<{ sub: string; sid: string; jti: string; exp: number }>;
  /** The known-device cookie's value: user id, nonce and expiry under an HMAC of their own key. */
  signDevice(claims: { sub: string; nonce: string; exp: number }): string;
  /** The cookie's claims, or undefined when it is malformed, forged or expired. */
  verifyDevice(value: string): { sub: string; nonce: string; exp: number } | undefined;
}

/** The signing key comes from JWT_SECRET, else is generated once and kept in the database. */
export async function resolveJwtSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
  return row!.value;
}

export function createTokenSigner(secret: string, accessTtlS: number): TokenSigner {
  const raw = new TextEncoder().encode(secret);
  // Imported once: given raw bytes, jose would import the key again on every signature.
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const alg = 'HS256';
  // A key of its own, so that a device cookie can never pass for a token or the reverse.
  const deviceKey = createHmac('sha256', raw).update('known-device-cookie').digest();
  const deviceMac = (body: string) => createHmac('sha256', deviceKey).update(body).digest('base64url');
  return {
    signDevice: (c) => {
      const body = `${c.sub}.${c.nonce}.${c.exp}`;
      return `${body}.${deviceMac(body)}`;
    },
    verifyDevice(value) {
      const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
      if (!m) return undefined;
      const [, sub, nonce, exp, mac] = m as unknown as [string, string, string, string, string];
      const expected = Buffer.from(deviceMac(`${sub}.${nonce}.${exp}`), 'base64url');
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (Number(exp) <= Math.floor(Date.now() / 1000)) return undefined;
      return { sub, nonce, exp: Number(exp) };
    },
    signAccess: async (c) =>
      new SignJWT({ sid: c.sid, role: c.role, typ: 'access' })
        .setProtectedHeader({ alg })
        .setSubject(c.sub)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + accessTtlS)
        .sign(await key),
    signRefresh: async (c) =>
      new SignJWT({ sid: c.sid, typ: 'refresh' })
        .setProtectedHeader({ alg })
        .setSubject(c.sub)
        .setJti(c.jti)
        .setIssuedAt()
        .setExpirationTime(c.exp)
        .sign(await key),
    async verifyAccess(token) {
      const payload = verifyHs256(token, raw);
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw new Error('not an access token');
      }
      return { sub: payload.sub, sid: payload.sid, role: String(payload.role), exp: payload.exp };
    },
    async verifyRefresh(token) {
      const payload = verifyHs256(token, raw);
      if (
        payload.typ !== 'refresh' ||
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.jti !== 'string'
      ) {
        throw new Error('not a refresh token');
      }
      return { sub: payload.sub, sid: payload.sid, jti: payload.jti, exp: payload.exp };
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Verifies a compact HS256 JWT we signed: the header names HS256 and nothing critical, the
 * signature matches (constant-time), `exp` is in the future and `nbf`, if any, has passed.
 * Synchronous node:crypto instead of jose's WebCrypto path, which took a tenth of the
 * server's CPU on a list request (npm run bench profile); every request runs it.
 */
export function verifyHs256(token: string, secret: Uint8Array): Record<string, unknown> & { exp: number } {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) throw new Error('malformed token');
  const [header, payload, signature] = parts as [string, string, string];
  const head = parseJson(header);
  if (head.alg !== 'HS256' || 'crit' in head) throw new Error('unexpected token header');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('bad signature');
  const claims = parseJson(payload);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('token expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) throw new Error('token not yet valid');
  return claims as Record<string, unknown> & { exp: number };
}

function parseJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('malformed token');
  return value as Record<string, unknown>;
}
