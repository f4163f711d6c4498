import { z } from 'zod';
import { codeText, optionalDate, requiredText, rowShape, uuidRef } from '../../fields.js';

export const PROJECT_STATUSES = ['active', 'paused', 'closed'] as const;

export const projectSchema = z.object({
  ...rowShape,
  name: z.string(),
  code: z.string(),
  customerId: z.uuid(),
  status: z.enum(PROJECT_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  techStackIds: z.array(z.uuid()),
});
export type Project = z.infer<typeof projectSchema>;

const fields = {
  name: requiredText(160, 2),
  code: codeText(30),
  customerId: uuidRef,
  status: z.enum(PROJECT_STATUSES),
  startDate: optionalDate,
  endDate: optionalDate,
  techStackIds: z.array(uuidRef).max(30),
};
const datesInOrder = (p: { startDate?: string | null; endDate?: string | null }) => !p.startDate || !p.endDate || p.endDate >= p.startDate;
const datesIssue = { message: 'end_before_start', path: ['endDate'] };

export const projectCreateSchema = z
  .strictObject({ ...fields, status: fields.status.default('active'), techStackIds: fields.techStackIds.default([]) })
  .refine(datesInOrder, datesIssue);
export const projectUpdateSchema = z.strictObject(fields).partial().refine(datesInOrder, datesIssue);
