/** Rows of a resource that a refusal names on a field (a duplicate candidate), by field. */
export type NamedRows = Record<string, { id: string; name: string }>;

/** Fields whose issue names another row (params `id` and `name`), by field; a nested key (`lines.0.headcountId`) belongs to its field's own inputs. */
export function namedRows(issues: unknown, fields: readonly string[]): NamedRows {
  const out: NamedRows = {};
  if (!issues || typeof issues !== 'object') return out;
  for (const [field, issue] of Object.entries(issues as Record<string, { params?: Record<string, unknown> }>)) {
    const { id, name } = issue?.params ?? {};
    const ofForm = fields.some((f) => field === f || field.startsWith(`${f}.`));
    if (ofForm && typeof id === 'string' && typeof name === 'string') out[field] = { id, name };
  }
  return out;
}
