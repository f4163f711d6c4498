import { filterKeys, type ResourceDecl } from '../../../domain/resource.js';
import type { SavedViewState } from '../../../domain/modules/saved-views/saved-views.schema.js';
import { issueOf, type FieldIssue } from '../../../domain/validation.js';
import { listQuerySchema } from '../../http/list-query.js';

/**
 * What is wrong with a view's state for its resource, by field (`state.filters.status`,
 * `state.sort.field`, `state.columns.salary`): the filters and sort go through the list's own query
 * schema, so a view holds only what the list itself would accept.
 */
export function stateIssues(decl: ResourceDecl, state: SavedViewState): Record<string, FieldIssue> {
  const issues: Record<string, FieldIssue> = {};
  const filterKeysOf = new Set(['q', ...Object.entries(decl.fields).flatMap(([name, f]) => filterKeys(name, f).map((k) => k.key))]);
  const query: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(state.filters)) {
    // The list query takes paging and ids too: a view's filters are only the declared filters and the search.
    if (!filterKeysOf.has(key)) issues[`state.filters.${key}`] = { code: 'unknown_field' };
    else if (key === 'q') {
      if (values.length > 1) issues['state.filters.q'] = { code: 'too_many', params: { max: 1 } };
      else query.q = values[0]!;
    } else query[key] = values;
  }
  if (state.sort) {
    query.sort = state.sort.field;
    query.order = state.sort.order;
  }
  const parsed = listQuerySchema(decl).safeParse(query);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = key === 'sort' ? 'state.sort.field' : key === 'order' ? 'state.sort.order' : `state.filters.${key}`;
      issues[field] ??= issueOf({ ...issue, input: (issue as { input?: unknown }).input } as Parameters<typeof issueOf>[0]);
    }
  for (const column of Object.keys(state.columns ?? {}))
    if (!Object.hasOwn(decl.fields, column)) issues[`state.columns.${column}`] = { code: 'unknown_field' };
  return issues;
}
