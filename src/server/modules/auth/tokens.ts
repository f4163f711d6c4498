import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
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
  const key = new TextEncoder().encode(secret);
  const alg = 'HS256';
  return {
    signAccess: (c) =>
      new SignJWT({ sid: c.sid, role: c.role, typ: 'access' })
        .setProtectedHeader({ alg })
        .setSubject(c.sub)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + accessTtlS)
        .sign(key),
    signRefresh: (c) =>
      new SignJWT({ sid: c.sid, typ: 'refresh' })
        .setProtectedHeader({ alg })
        .setSubject(c.sub)
        .setJti(c.jti)
        .setIssuedAt()
        .setExpirationTime(c.exp)
        .sign(key),
    async verifyAccess(token) {
      const { payload } = await jwtVerify(token, key, { algorithms: [alg] });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw new Error('not an access token');
      }
      return { sub: payload.sub, sid: payload.sid, role: String(payload.role), exp: payload.exp! };
    },
    async verifyRefresh(token) {
      const { payload } = await jwtVerify(token, key, { algorithms: [alg] });
      if (payload.typ !== 'refresh' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.jti) {
        throw new Error('not a refresh token');
      }
      return { sub: payload.sub, sid: payload.sid, jti: payload.jti, exp: payload.exp! };
    },
  };
}
