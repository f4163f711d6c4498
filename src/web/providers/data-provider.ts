import type { DataProvider } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import { resourceByName } from '../../domain/resources';
import { API_URL, http, toHttpError } from './http';

/** What getOne answers: the record and its version (the ETag), which a form sends back as `If-Match`. */
export type VersionedResponse<T = unknown> = { data: T; version?: string };

/** The version a getOne or update response carries, if the server sent one. */
export const versionOf = (response: unknown): string | undefined => (response as VersionedResponse | undefined)?.version;

// One simple-rest provider per API base ('/api/v1', '/api'), over our axios instance.
const providers = new Map<string, ReturnType<typeof simpleRest>>();
const providerFor = (base: string) => {
  let p = providers.get(base);
  if (!p) providers.set(base, (p = simpleRest(base, http)));
  return p;
};

/** A resource's API base and path, read from its declaration ('users' → '/api/v1', 'user'). */
export function resourceApi(resource: string): { base: string; path: string } {
  const decl = resourceByName(resource);
  return decl ? { base: decl.base, path: decl.path } : { base: API_URL, path: resource };
}

/** The URL of a resource's collection: `/api/v1/user`. */
export const resourceUrl = (resource: string) => {
  const { base, path } = resourceApi(resource);
  return `${base}/${path}`;
};

type Params = { resource: string };
function call<P extends Params, R>(method: (p: ReturnType<typeof simpleRest>) => (p: P) => Promise<R>) {
  return (p: P) => {
    const { base, path } = resourceApi(p.resource);
    return wrap(() => method(providerFor(base))({ ...p, resource: path }));
  };
}

/**
 * simple-rest (json-server params: _start, _end, _sort, _order, q, field filters,
 * X-Total-Count) with resource names mapped to API paths by the registry, and every error
 * re-thrown as Refine's HttpError { message, statusCode, errors, code, issues }.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,
  getList: call((b) => b.getList),
  getMany: call((b) => b.getMany!),
  getOne: ({ resource, id, meta }) =>
    wrap(async () => {
      const { data, headers } = await http.get(`${resourceUrl(resource)}/${encodeURIComponent(String(id))}`, { headers: meta?.headers });
      return { data, version: headers.etag as string | undefined } as VersionedResponse as never;
    }),
  create: call((b) => b.create),
  update: call((b) => b.update),
  deleteOne: call((b) => b.deleteOne),
  custom: (p) => wrap(() => providerFor(API_URL).custom!(p)),
} as DataProvider;

async function wrap<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toHttpError(error);
  }
}
