import type { FastifyInstance, HTTPMethods } from 'fastify';
import { REFUSES_METHOD } from './resource/nested.js';

// The order methods are listed in an `Allow` header; any other method the routes use comes after.
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const rank = (m: string) => (ORDER.includes(m) ? ORDER.indexOf(m) : ORDER.length);

/**
 * Collects the methods routes are added with (call it before any route is added) and returns a
 * lookup of the methods a URL is routed for, asked of Fastify's own router (`findRoute` matches a
 * concrete path, parameters and trailing slash as a request is matched): so a wrong method on a known
 * path is told apart from an unknown path, a 405 with `Allow` rather than a 404 (RFC 9110 §15.5.6).
 * A GET route brings its HEAD (Fastify's `exposeHeadRoutes`); OPTIONS is listed only where a route
 * serves it (no CORS preflight is served: the API is same-origin).
 */
export function routedMethods(app: FastifyInstance): (url: string) => string[] {
  const methods = new Set<string>();
  // Static paths routed only to refuse a method (a nested resource's list path): `METHOD /path`.
  const refused = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      methods.add(method.toUpperCase());
      if ((route.handler as unknown as Record<symbol, unknown>)[REFUSES_METHOD]) refused.add(`${method.toUpperCase()} ${route.url}`);
    }
  });
  return (url) => {
    const path = url.split('?')[0]!;
    const routed = (method: string) => {
      try {
        if (refused.has(`${method} ${path.replace(/\/+$/, '')}`)) return false;
        return app.findRoute({ method: method as HTTPMethods, url: path }) !== null;
      } catch {
        return false; // never a 500 from asking
      }
    };
    return [...methods].filter(routed).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  };
}
