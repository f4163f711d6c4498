import { sql, type Query } from 'drizzle-orm';
import { can } from '../../../domain/resources.js';
import {
  recordPath,
  searchableResources,
  searchAnswerSchema,
  searchQuerySchema,
  SEARCH_PATH,
  type SearchAnswer,
  type SearchQuery,
} from '../../../domain/search.js';
import type { AccessOverrides } from '../../../domain/auth/access-overrides.js';
import { compileQuery, queryRowsPrepared } from '../../db/client.js';
import type { CurrentUser } from '../../http/access.js';
import type { Api } from '../../http/api.js';
import { registryOf, searchValues, type SearchRow } from '../../http/resource/index.js';
import type { Services } from '../../services.js';

/** Callers whose search statement is kept, per set of access overrides: the oldest go first. */
const STATEMENTS_KEPT = 200;

/**
 * `GET /search?q=`: the header's search over every resource the caller may list and open, each
 * through its own list search in the caller's scope (a sale finds their own invoices, salaries only
 * the Salary section), the best few of each — one statement, a UNION of one small query per resource.
 */
export function registerSearchRoutes(app: Api, s: Services) {
  // The statement depends on the caller alone (their scope, what their role may read), the words
  // searched being placeholders: it is built once per caller and set of access overrides, and kept.
  const statements = new WeakMap<AccessOverrides, Map<string, Query | null>>();
  const statementFor = (user: CurrentUser, overrides: AccessOverrides, build: () => Query | null) => {
    let byCaller = statements.get(overrides);
    if (!byCaller) statements.set(overrides, (byCaller = new Map()));
    const key = `${user.role} ${user.id}`;
    if (!byCaller.has(key)) {
      if (byCaller.size >= STATEMENTS_KEPT) byCaller.delete(byCaller.keys().next().value!);
      byCaller.set(key, build());
    }
    return byCaller.get(key)!;
  };
  app.get(
    SEARCH_PATH,
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['search'],
        summary: 'Search every resource the caller may list: the best hits of each, grouped by resource',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (req): Promise<SearchAnswer> => {
      const { q, limit } = req.query as SearchQuery;
      const user = req.user!;
      const overrides = s.access.snapshot();
      const decls = searchableResources(user.role, overrides);
      const statement = statementFor(user, overrides, () => {
        const registry = registryOf(s);
        const readsNames = (resource: string) =>
          can(user.role, resource, 'lookup', overrides) || can(user.role, resource, 'list', overrides);
        const branches = decls.flatMap((d) => registry.get(d.name)?.search(user, readsNames) ?? []);
        return branches.length ? compileQuery(sql.join(branches, sql` union all `)) : null;
      });
      if (!statement) return { q, groups: [] };
      const rows = await queryRowsPrepared<SearchRow>(s.db, statement, searchValues(q, limit));
      const byResource = new Map(
        decls.map((d) => [d.name, { decl: d, best: Infinity, hits: [] as SearchAnswer['groups'][number]['hits'] }]),
      );
      // Each resource's query ordered its hits (rank, then title); a UNION promises no order, so it is kept here by rank.
      rows.sort((a, b) => Number(a.rank) - Number(b.rank));
      for (const r of rows) {
        const group = byResource.get(r.resource)!;
        group.best = Math.min(group.best, Number(r.rank));
        group.hits.push({
          resource: r.resource,
          id: r.id,
          title: r.title,
          ...(r.subtitle ? { subtitle: r.subtitle } : {}),
          path: recordPath(group.decl, user.role, r.id, overrides)!,
        });
      }
      // The group holding the best hit first; the registry's order between equals (a stable sort).
      const groups = [...byResource.values()].filter((g) => g.hits.length).sort((a, b) => a.best - b.best);
      return { q, groups: groups.map((g) => ({ resource: g.decl.name, hits: g.hits })) };
    },
  );
}
