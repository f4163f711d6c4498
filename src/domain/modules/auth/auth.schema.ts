import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { text } from '../../text.js';

export const emailSchema = text()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'email' }))
  .transform((e) => e.toLowerCase());

/** NIST-style: length 8–128, no composition rules, the most common passwords refused. */
export const passwordSchema = z
  .string()
  .min(8, { message: 'password_short' })
  .max(128, { message: 'password_long' })
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), { message: 'password_common' });

export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'code_format' });

export const loginSchema = z.strictObject({ email: emailSchema, password: z.string().min(1, { message: 'required' }).max(128) });
export const registerSchema = z.strictObject({
  fullName: text().trim().min(2, { message: 'required' }).max(120),
  email: emailSchema,
  password: passwordSchema,
});
export const verifySchema = z.strictObject({ email: emailSchema, code: codeSchema });
/** The first admin, on the one-time setup screen: the sign-up's fields and the code from the server's log. */
export const setupSchema = registerSchema.extend({ code: z.string().trim().min(1, { message: 'required' }).max(64) });
export const emailOnlySchema = z.strictObject({ email: emailSchema });
export const updatePasswordSchema = z.strictObject({ email: emailSchema, code: codeSchema, password: passwordSchema });
export const refreshSchema = z.strictObject({ token: z.string().min(1).max(4096) });
export const logoutSchema = z.strictObject({ token: z.string().max(4096).optional() });
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, { message: 'required' }).max(128),
  newPassword: passwordSchema,
});

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/**
 * Sign-in throttling after OWASP's device-cookie scheme (docs/decisions/002-sessions-and-login-throttling.md).
 * Failures are counted over a sliding window; a browser holding a known-device cookie for the
 * account is counted on its own, so strangers' failures never lock the owner's browser out.
 */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  /** Failures of one account from one address. */
  perAccountAndIp: 5,
  /** Failures of one account from unknown devices (any address): past it only unknown devices are refused. */
  perAccountUnknownDevices: 10,
  /** Failures through one known-device cookie: past it that cookie counts as unknown. */
  perDevice: 10,
  /** Failures from one address across accounts. */
  perIp: 50,
  /** How long a known-device cookie lasts after the last sign-in with it. */
  deviceCookieDays: 180,
} as const;

/** The other public auth forms: requests per address and per target e-mail over a window. */
export const AUTH_FORM_LIMITS = {
  /** register, resend-code and reset-password mail a code: at most a few per hour. */
  mail: { windowMinutes: 60, perIp: 10, perEmail: 3 },
  verify: { windowMinutes: 15, perIp: 30, perEmail: 10 },
  'update-password': { windowMinutes: 15, perIp: 30, perEmail: 10 },
  /** Refresh tokens are unguessable; this only stops one address hammering the endpoint with bad ones. */
  refresh: { windowMinutes: 15, perIp: 100 },
  /** The first-admin setup: its code is unguessable; this only stops one address trying codes in bulk. */
  setup: { windowMinutes: 15, perIp: 10 },
} as const;
export type AuthForm = keyof typeof AUTH_FORM_LIMITS;
