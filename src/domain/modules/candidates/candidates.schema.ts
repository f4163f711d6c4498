import { z } from 'zod';
import {
  currency,
  intNumber,
  tagList,
  moneyAmount,
  optionalRef,
  optionalText,
  orNull,
  requiredText,
  rowShape,
  storedFileRefSchema,
  uuidRef,
  type StoredFileRef,
} from '../../fields.js';
import { emailSchema } from '../auth/auth.schema.js';

export const CANDIDATE_LEVEL_VALUES = ['intern', 'junior', 'middle', 'senior', 'lead'] as const;
export const CANDIDATE_STATUS_VALUES = ['new', 'active', 'placed', 'archived', 'blacklisted'] as const;
export const CANDIDATE_SOURCE_VALUES = ['linkedin', 'referral', 'job_board', 'website', 'agency', 'other'] as const;

export const MAX_HASHTAGS = 30;
export const MAX_HASHTAG_LENGTH = 40;

/** A CV kept for a candidate. */
export const candidateFileSchema = storedFileRefSchema;
export type CandidateFile = StoredFileRef;

/** Candidate: what the API returns. */
export const candidateSchema = z.object({
  ...rowShape,
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  yearsOfExperience: z.number().nullable(),
  level: z.enum(CANDIDATE_LEVEL_VALUES),
  status: z.enum(CANDIDATE_STATUS_VALUES),
  techStackIds: z.array(z.uuid()),
  hashtags: z.array(z.string()),
  cv: candidateFileSchema.nullable(),
  cvConverted: candidateFileSchema.nullable(),
  expectedSalary: z.number().nullable(),
  noticePeriodDays: z.number().nullable(),
  source: z.enum(CANDIDATE_SOURCE_VALUES),
  ownerHrId: z.uuid().nullable(),
  currency: currency,
});
export type Candidate = z.infer<typeof candidateSchema>;

const fields = {
  fullName: requiredText(200),
  email: orNull(emailSchema),
  phone: optionalText(200),
  location: optionalText(200),
  yearsOfExperience: orNull(intNumber),
  level: z.enum(CANDIDATE_LEVEL_VALUES),
  status: z.enum(CANDIDATE_STATUS_VALUES),
  techStackIds: z.array(uuidRef).max(50),
  hashtags: tagList(MAX_HASHTAGS, MAX_HASHTAG_LENGTH),
  expectedSalary: orNull(moneyAmount),
  noticePeriodDays: orNull(intNumber),
  source: z.enum(CANDIDATE_SOURCE_VALUES),
  ownerHrId: optionalRef,
  currency: currency,
};
export const candidateCreateSchema = z.strictObject({
  ...fields,
  level: fields.level.default('intern'),
  status: fields.status.default('new'),
  techStackIds: fields.techStackIds.default([]),
  hashtags: fields.hashtags.default([]),
  source: fields.source.default('linkedin'),
  currency: fields.currency.default('USD'),
});
export const candidateUpdateSchema = z.strictObject(fields).partial();

/** A hashtag and how many live candidates carry it. */
export const hashtagCountSchema = z.object({ tag: z.string(), count: z.number() });
