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
export const emailOnlySchema = z.strictObject({ email: emailSchema });
export const updatePasswordSchema = z.strictObject({ email: emailSchema, code: codeSchema, password: passwordSchema });
export const refreshSchema = z.strictObject({ token: z.string().min(1).max(4096) });
export const logoutSchema = z.strictObject({ token: z.string().max(4096).optional() });
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, { message: 'required' }).max(128),
  newPassword: passwordSchema,
});

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** Login throttling (documented in docs/decisions/002-login-throttling.md). */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  perAccountAndIp: 5,
  perAccount: 20,
  perIp: 50,
} as const;
