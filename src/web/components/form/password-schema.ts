import { z } from 'zod';
import type { TFunction } from 'i18next';
import { COMMON_PASSWORDS } from '../../../domain/modules/auth/common-passwords';

/**
 * A new password by the server's policy (domain passwordSchema): 8–128 characters, no
 * composition rules, the most common passwords refused — checked before the request.
 */
export const passwordSchema = (t: TFunction) =>
  z
    .string()
    .min(8, t('validation.passwordMin', { min: 8 }))
    .max(128, t('validation.tooLong'))
    .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), t('validation:password_common'));
