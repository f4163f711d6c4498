import type { FieldDecl, ResourceDecl } from '../../../domain/resource';
import type { FieldPlan } from './form-field-plan';

type Values = Record<string, unknown>;

/** A field's starting value on create: the schema's default, else blank for its widget. */
function initialValue(schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } } | undefined, f: FieldDecl): unknown {
  const parsed = schema?.safeParse(undefined);
  if (parsed?.success && parsed.data !== undefined && parsed.data !== null) return parsed.data;
  if (f.type === 'refs' || f.type === 'tags') return [];
  if (f.type === 'boolean') return false;
  if (f.type === 'int' || f.type === 'decimal' || f.type === 'money' || f.type === 'ref' || f.type === 'date') return null;
  return '';
}

/** The form's starting values: each field's initial value, then on create the page's presets and the URL's. */
export function formDefaults(decl: ResourceDecl, plan: FieldPlan, isCreate: boolean, presets: Values, sp: URLSearchParams): Values {
  const { sendable, shape } = plan;
  const v: Values = {};
  for (const k of sendable) v[k] = initialValue(shape[k], decl.fields[k] ?? { type: 'string' });
  if (isCreate) for (const k of sendable) if (k in presets) v[k] = presets[k];
  // Presets from the URL: a customer's page opens /projects/new?customerId=…
  if (isCreate)
    for (const k of sendable)
      if (sp.has(k)) v[k] = decl.fields[k]?.type === 'refs' || decl.fields[k]?.type === 'tags' ? sp.getAll(k) : sp.get(k);
  return v;
}
