import { z } from 'zod';
import { currency, intNumber, isoDate, moneyAmount, optionalDate, optionalRef, requiredText, rowShape, uuidRef } from '../../fields.js';

export const HEADCOUNT_RATE_UNIT_VALUES = ['month', 'day', 'hour'] as const;
export const HEADCOUNT_STATUS_VALUES = ['pending', 'active', 'ended'] as const;

/** A placement: a person's billable seat at a customer (part-time seats carry their allocation). */
export const headcountSchema = z.object({
  ...rowShape,
  title: z.string(),
  userId: z.uuid(),
  customerId: z.uuid(),
  projectId: z.uuid().nullable(),
  billingRate: z.number(),
  rateUnit: z.enum(HEADCOUNT_RATE_UNIT_VALUES),
  allocation: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(HEADCOUNT_STATUS_VALUES),
  saleId: z.uuid().nullable(),
  hrId: z.uuid().nullable(),
  currency: currency,
});
export type Headcount = z.infer<typeof headcountSchema>;

const fields = {
  title: requiredText(200),
  userId: uuidRef,
  customerId: uuidRef,
  projectId: optionalRef,
  billingRate: moneyAmount,
  rateUnit: z.enum(HEADCOUNT_RATE_UNIT_VALUES),
  // Share of the person's time on this seat, in per cent: a person's seats add up to at most 100.
  allocation: intNumber.min(1).max(100),
  startDate: isoDate,
  endDate: optionalDate,
  status: z.enum(HEADCOUNT_STATUS_VALUES),
  saleId: optionalRef,
  hrId: optionalRef,
  currency: currency,
};
const datesInOrder = (h: { startDate?: string | null; endDate?: string | null }) => !h.startDate || !h.endDate || h.endDate >= h.startDate;
const datesIssue = { message: 'end_before_start', path: ['endDate'] };

export const headcountCreateSchema = z
  .strictObject({
    ...fields,
    rateUnit: fields.rateUnit.default('month'),
    allocation: fields.allocation.default(100),
    status: fields.status.default('active'),
    currency: fields.currency.default('USD'),
  })
  .refine(datesInOrder, datesIssue);
export const headcountUpdateSchema = z.strictObject(fields).partial().refine(datesInOrder, datesIssue);

/** A customer's read-only link to its headcount. The token is shown once, when it is made. */
export const shareLinkSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.uuid().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkCreateSchema = z.strictObject({
  customerId: uuidRef,
  expiresInDays: intNumber.min(1).max(90).default(30),
});
export const shareLinkCreatedSchema = shareLinkSchema.extend({ token: z.string() });

/** What a share link shows: the customer's active seats and their logged hours, nothing about rates or other customers. */
export const sharedHeadcountSchema = z.object({
  customer: z.object({ name: z.string() }),
  expiresAt: z.string(),
  seats: z.array(
    z.object({
      fullName: z.string(),
      title: z.string(),
      project: z.string().nullable(),
      startDate: z.string(),
      endDate: z.string().nullable(),
      allocation: z.number(),
      /** Hours logged on the seat's project this month and last month (never rates). */
      hours: z.object({ current: z.number(), previous: z.number() }),
    }),
  ),
  /** The months `hours` count: `YYYY-MM`. */
  months: z.object({ current: z.string(), previous: z.string() }),
});
export type SharedHeadcount = z.infer<typeof sharedHeadcountSchema>;

/** Someone on the bench: active, and no seat today. */
export const benchPersonSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  title: z.string().nullable(),
  level: z.string().nullable(),
  /** When their last seat ended, if they had one. */
  lastSeatEnd: z.string().nullable(),
});
export type BenchPerson = z.infer<typeof benchPersonSchema>;
