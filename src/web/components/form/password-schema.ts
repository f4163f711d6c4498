import { z } from 'zod';
import type { TFunction } from 'i18next';

/** A new password: 8–128 characters, no composition rules (the server refuses common ones). */
export const passwordSchema = (t: TFunction) =>
  z
    .string()
    .min(8, t('validation.passwordMin', { min: 8 }))
    .max(128, t('validation.tooLong'));
