import type { ZodType } from 'zod';
import type { FieldDecl, ResourceDecl } from '../../../domain/resource';
import { shapeOf } from './domain-resolver';

/** What the kit's form shows and sends, from the declaration and the schema of its action. */
export type FieldPlan = {
  /** The schema the form validates with: create's or update's. */
  schema: ZodType;
  shape: Record<string, ZodType>;
  /** The create schema's fields, which say what is required (also when editing). */
  createShape: Record<string, ZodType>;
  /** Fields with a widget, in the declaration's order. */
  names: string[];
  /** A currency field → the money field whose widget carries its picker. */
  currencyOwner: Map<string, string>;
  /** Schema keys loaded, validated and sent: the widgets', their currencies and the page's own. */
  sendable: string[];
};

/**
 * The fields of the form (create shows the create schema's, edit the update schema's): those the
 * declaration puts in forms, not read-only, not a page's hidden ones, and not a currency (shown
 * beside its amount).
 */
export function planFields(
  decl: ResourceDecl,
  fields: readonly [string, FieldDecl][],
  isCreate: boolean,
  hidden: readonly string[],
  extraFields: readonly string[],
): FieldPlan {
  const schema = isCreate ? decl.schemas.create : decl.schemas.update;
  const shape = shapeOf(schema);
  const createShape = shapeOf(decl.schemas.create);
  const currencyFields = new Set(fields.map(([, f]) => f.currencyField).filter(Boolean));
  const names = fields
    .filter(([name, f]) => name in shape && f.form !== false && !f.readOnly && !currencyFields.has(name) && !hidden.includes(name))
    .map(([name]) => name);
  // Several amounts in one currency (a salary's base, allowance, …) show its picker once, beside the first.
  const currencyOwner = new Map<string, string>();
  for (const [name, f] of fields)
    if (names.includes(name) && f.type === 'money' && f.currencyField && !currencyOwner.has(f.currencyField))
      currencyOwner.set(f.currencyField, name);
  const sendable = Object.keys(shape).filter((k) => names.includes(k) || currencyFields.has(k) || extraFields.includes(k));
  return { schema, shape, createShape, names, currencyOwner, sendable };
}

/** Marked as the create form marks it, also when editing: clearing it is refused either way. */
export function isRequired(plan: FieldPlan, name: string): boolean {
  const rule = plan.createShape[name] ?? plan.shape[name]!;
  return !rule.safeParse(undefined).success && !rule.safeParse(null).success;
}
