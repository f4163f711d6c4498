import { z } from 'zod';
import { ROLES } from '../../auth/permissions.js';
import { isoDate } from '../../fields.js';
import { emailSchema, passwordSchema } from '../auth/auth.schema.js';
import { text } from '../../text.js';

export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export const USER_LEVELS = ['intern', 'junior', 'middle', 'senior', 'lead'] as const;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  level: z.enum(USER_LEVELS).nullable(),
  managerId: z.uuid().nullable(),
  joinDate: z.string().nullable(),
  emailVerifiedAt: z.string().nullable(),
  avatarFileId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

const userFields = {
  fullName: text().trim().min(2, { message: 'required' }).max(120),
  email: emailSchema,
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  phone: optionalText(40),
  title: optionalText(120),
  level: z.enum(USER_LEVELS).nullish(),
  managerId: z.uuid().nullish(),
  joinDate: isoDate.nullish(),
};

export const userCreateSchema = z.strictObject({
  ...userFields,
  status: userFields.status.default('active'),
  password: passwordSchema,
});
export const userUpdateSchema = z.strictObject(userFields).partial();
/** What a user may change on their own profile: never role, status or e-mail. */
export const profileUpdateSchema = z
  .strictObject({
    fullName: userFields.fullName,
    phone: userFields.phone,
    title: userFields.title,
  })
  .partial();

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;
