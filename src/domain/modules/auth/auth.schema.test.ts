import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  codeSchema,
  emailSchema,
  loginSchema,
  logoutSchema,
  passwordSchema,
  tokenPairSchema,
} from './auth.schema.js';

describe('auth schemas', () => {
  it.each([
    ['12345678', false],
    ['password123', false],
    ['Password123', false],
    ['short', false],
    ['x'.repeat(129), false],
    ['x'.repeat(128), true],
    ['plain words are fine', true],
    ['Demo1234!', true],
  ])('password %s valid: %s', (pw, ok) => {
    expect(passwordSchema.safeParse(pw).success).toBe(ok);
  });

  it('normalises e-mails to lower case and trims them', () => {
    expect(emailSchema.parse('  Helene.Dubois@Example.COM ')).toBe('helene.dubois@example.com');
    expect(emailSchema.safeParse('no-at-sign').success).toBe(false);
  });

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    [' 123456 ', true],
  ])('code %j valid: %s', (c, ok) => {
    expect(codeSchema.safeParse(c).success).toBe(ok);
  });

  it('login refuses unknown fields', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x', role: 'admin' }).success).toBe(false);
  });
});

describe('session and password-change bodies', () => {
  it('logout takes the refresh token, or nothing', () => {
    expect(logoutSchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(logoutSchema.parse({})).toEqual({});
    expect(logoutSchema.safeParse({ token: 'x'.repeat(4097) }).success).toBe(false);
  });

  it('a token pair keeps both tokens', () => {
    expect(tokenPairSchema.parse({ accessToken: 'a', refreshToken: 'r', extra: 1 })).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('changing a password needs the current one, stated as required', () => {
    const r = changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'plain words are fine' });
    expect(r.error!.issues[0]!.message).toBe('required');
    expect(changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'plain words are fine' }).success).toBe(true);
  });
});
