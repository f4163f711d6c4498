import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, verifyHs256 } from './tokens.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (header: unknown, payload: unknown, secret = SECRET) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

describe('verifyHs256', () => {
  it('accepts what jose signs and what the signer issues', async () => {
    const token = await new SignJWT({ typ: 'access', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setExpirationTime('1m')
      .sign(key);
    expect(verifyHs256(token, key)).toMatchObject({ sub: 'u', sid: 's', typ: 'access' });
    const signer = createTokenSigner(SECRET, 60);
    const access = await signer.signAccess({ sub: 'u1', sid: 's1', role: 'hr' });
    await expect(signer.verifyAccess(access)).resolves.toMatchObject({ sub: 'u1', sid: 's1', role: 'hr' });
    await expect(signer.verifyRefresh(access)).rejects.toThrow('not a refresh token');
  });

  it('refuses another key, a changed payload, another algorithm, critical headers and junk', () => {
    const claims = { sub: 'u', exp: now() + 60 };
    expect(() => verifyHs256(sign({ alg: 'HS256' }, claims, 'another-secret-of-at-least-32-chars!!'), key)).toThrow('bad signature');
    const [h, , s] = sign({ alg: 'HS256' }, claims).split('.');
    expect(() => verifyHs256(`${h}.${b64({ ...claims, sub: 'admin' })}.${s}`, key)).toThrow('bad signature');
    expect(() => verifyHs256(sign({ alg: 'HS512' }, claims), key)).toThrow('unexpected token header');
    expect(() => verifyHs256(`${b64({ alg: 'none' })}.${b64(claims)}.`, key)).toThrow('malformed token');
    expect(() => verifyHs256(sign({ alg: 'HS256', crit: ['b64'] }, claims), key)).toThrow('unexpected token header');
    expect(() => verifyHs256(`${sign({ alg: 'HS256' }, claims)}=`, key)).toThrow('malformed token');
    expect(() => verifyHs256('a.b', key)).toThrow('malformed token');
    expect(() => verifyHs256(sign({ alg: 'HS256' }, [1, 2]), key)).toThrow('malformed token');
  });

  it('refuses expired, never-expiring and not-yet-valid tokens', () => {
    expect(() => verifyHs256(sign({ alg: 'HS256' }, { exp: now() - 1 }), key)).toThrow('token expired');
    expect(() => verifyHs256(sign({ alg: 'HS256' }, { sub: 'u' }), key)).toThrow('token expired');
    expect(() => verifyHs256(sign({ alg: 'HS256' }, { exp: now() + 60, nbf: now() + 30 }), key)).toThrow('not yet valid');
  });
});
