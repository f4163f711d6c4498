import type { DataProvider } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import { API_URL, http, toHttpError } from './http';

// Refine resource name → API path under /api/v1 (the API uses singular paths for some).
export const RESOURCE_PATHS: Record<string, string> = {
  users: 'user',
};

export const resourcePath = (resource: string) => RESOURCE_PATHS[resource] ?? resource;

const base = simpleRest(API_URL, http);

/**
 * simple-rest (json-server params: _start, _end, _sort, _order, q, field filters,
 * X-Total-Count) over our axios instance; resource names mapped to API paths and every
 * error re-thrown as Refine's HttpError { message, statusCode, errors }.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,
  getList: (p) => wrap(() => base.getList({ ...p, resource: resourcePath(p.resource) })),
  getMany: (p) => wrap(() => base.getMany({ ...p, resource: resourcePath(p.resource) })),
  getOne: (p) => wrap(() => base.getOne({ ...p, resource: resourcePath(p.resource) })),
  create: (p) => wrap(() => base.create({ ...p, resource: resourcePath(p.resource) })),
  update: (p) => wrap(() => base.update({ ...p, resource: resourcePath(p.resource) })),
  deleteOne: (p) => wrap(() => base.deleteOne({ ...p, resource: resourcePath(p.resource) })),
  custom: (p) => wrap(() => base.custom(p)),
} as DataProvider;

async function wrap<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toHttpError(error);
  }
}
