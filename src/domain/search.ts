import { z } from 'zod';
import type { AccessOverrides } from './auth/access-overrides.js';
import type { ResourceDecl } from './resource.js';
import { can, RESOURCES } from './resources.js';

/**
 * The header's search over every resource a role may list (`GET /api/v1/search`): each declared
 * resource's own list search, under the caller's row scope, a few hits per resource.
 */
export const SEARCH_PATH = '/search';
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;
export const SEARCH_MAX_LENGTH = 100;

export const searchQuerySchema = z.strictObject({
  // One character is a real search in Chinese or Vietnamese (a family name); the list's search has no minimum either.
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  resource: z.string(),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  /** The client route that opens the record: its detail page, else its edit page. */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchAnswerSchema = z.object({
  q: z.string(),
  /** By resource, the group holding the best hit first; in each, the best hits first. */
  groups: z.array(z.object({ resource: z.string(), hits: z.array(searchHitSchema) })),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** The page that opens a record for this role: its detail page, else its edit page, else none. */
export function recordPath(
  decl: Pick<ResourceDecl, 'name' | 'route'>,
  role: unknown,
  id: string,
  overrides?: AccessOverrides,
): string | null {
  if (can(role, decl.name, 'show', overrides)) return `${decl.route}/${id}`;
  if (can(role, decl.name, 'edit', overrides)) return `${decl.route}/${id}/edit`;
  return null;
}

/** The resources the header's search reads for this role: declared searchable, listed by the role, and openable. */
export function searchableResources(role: unknown, overrides?: AccessOverrides): ResourceDecl[] {
  return RESOURCES.filter((d) => d.globalSearch && can(role, d.name, 'list', overrides) && recordPath(d, role, '', overrides) !== null);
}
