import { z } from 'zod';
import { requiredText, rowShape } from '../../fields.js';

export const TECH_STACK_CATEGORIES = [
  'language',
  'framework',
  'database',
  'cloud',
  'devops',
  'mobile',
  'testing',
  'data',
  'design',
  'other',
] as const;

export const techStackSchema = z.object({
  ...rowShape,
  name: z.string(),
  category: z.enum(TECH_STACK_CATEGORIES),
});
export type TechStack = z.infer<typeof techStackSchema>;

const fields = {
  name: requiredText(60),
  category: z.enum(TECH_STACK_CATEGORIES),
};
export const techStackCreateSchema = z.strictObject({ ...fields, category: fields.category.default('other') });
export const techStackUpdateSchema = z.strictObject(fields).partial();
