import { describe, expect, it } from 'vitest';
import {
  AUTH_FORM_LIMITS,
  changePasswordSchema,
  emailOnlySchema,
  LOGIN_THROTTLE,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  updatePasswordSchema,
  verifySchema,
} from './auth.schema.js';

// The throttle numbers, stated (docs/decisions/002): a change is a decision a test notices.
describe('throttle settings', () => {
  it('sign-in', () => {
    expect(LOGIN_THROTTLE).toEqual({
      windowMinutes: 15,
      perAccountAndIp: 5,
      perAccountUnknownDevices: 10,
      perDevice: 10,
      perIp: 50,
      deviceCookieDays: 180,
    });
  });
  it('the other public forms', () => {
    expect(AUTH_FORM_LIMITS).toEqual({
      mail: { windowMinutes: 60, perIp: 10, perEmail: 3 },
      verify: { windowMinutes: 15, perIp: 30, perEmail: 10 },
      'update-password': { windowMinutes: 15, perIp: 30, perEmail: 10 },
      refresh: { windowMinutes: 15, perIp: 100 },
      setup: { windowMinutes: 15, perIp: 10 },
    });
  });
});

describe('auth form schemas: edges', () => {
  const email = 'a@example.com';
  it.each([
    ['login', loginSchema, { email, password: 'x' }, true],
    ['login: empty password', loginSchema, { email, password: '' }, false],
    ['login: 128-char password', loginSchema, { email, password: 'x'.repeat(128) }, true],
    ['login: 129-char password', loginSchema, { email, password: 'x'.repeat(129) }, false],
    ['login: unknown field', loginSchema, { email, password: 'x', role: 'admin' }, false],
    ['register', registerSchema, { fullName: 'Ann Lee', email, password: 'a long passphrase' }, true],
    ['register: one-letter name', registerSchema, { fullName: ' A ', email, password: 'a long passphrase' }, false],
    ['register: 120-char name', registerSchema, { fullName: 'x'.repeat(120), email, password: 'a long passphrase' }, true],
    ['register: 121-char name', registerSchema, { fullName: 'x'.repeat(121), email, password: 'a long passphrase' }, false],
    ['register: NUL in the name', registerSchema, { fullName: 'Ann\u0000Lee', email, password: 'a long passphrase' }, false],
    ['register: common password', registerSchema, { fullName: 'Ann Lee', email, password: 'PASSWORD123' }, false],
    ['verify', verifySchema, { email, code: '123456' }, true],
    ['verify: letters', verifySchema, { email, code: 'abcdef' }, false],
    ['resend', emailOnlySchema, { email }, true],
    ['resend: e-mail with a NUL', emailOnlySchema, { email: 'a\u0000@example.com' }, false],
    ['resend: 255-char e-mail', emailOnlySchema, { email: `${'a'.repeat(243)}@example.com` }, false],
    ['update-password', updatePasswordSchema, { email, code: '123456', password: 'a long passphrase' }, true],
    ['update-password: short', updatePasswordSchema, { email, code: '123456', password: 'short' }, false],
    ['refresh', refreshSchema, { token: 'x' }, true],
    ['refresh: empty', refreshSchema, { token: '' }, false],
    ['refresh: 4097 chars', refreshSchema, { token: 'x'.repeat(4097) }, false],
    ['logout: nothing', logoutSchema, {}, true],
    ['logout: 4097 chars', logoutSchema, { token: 'x'.repeat(4097) }, false],
    ['change password', changePasswordSchema, { currentPassword: 'x', newPassword: 'a long passphrase' }, true],
    ['change password: empty current', changePasswordSchema, { currentPassword: '', newPassword: 'a long passphrase' }, false],
  ] as const)('%s → %s', (_, schema, value, ok) => {
    expect((schema as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success).toBe(ok);
  });

  it('names the rule that failed', () => {
    const codes = (r: { error?: { issues: Array<{ message: string }> } }) => r.error?.issues.map((i) => i.message);
    expect(codes(registerSchema.safeParse({ fullName: 'A', email: 'x', password: 'short' }))).toEqual([
      'required',
      'email',
      'password_short',
    ]);
    expect(codes(registerSchema.safeParse({ fullName: 'Ann', email, password: 'x'.repeat(129) }))).toEqual(['password_long']);
    expect(codes(registerSchema.safeParse({ fullName: 'Ann', email, password: 'qwertyuiop' }))).toEqual(['password_common']);
    expect(codes(verifySchema.safeParse({ email, code: '1' }))).toEqual(['code_format']);
    expect(codes(loginSchema.safeParse({ email, password: '' }))).toEqual(['required']);
  });
});
