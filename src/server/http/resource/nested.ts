import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESOURCES } from '../../../domain/resources.js';
import type { ResourceContext } from './context.js';

/** Marks a handler that exists only to refuse its method: the `Allow` header leaves it out (allowed-methods.ts). */
export const REFUSES_METHOD = Symbol('refusesMethod');

/**
 * A resource whose path is a segment under this one's (`hr-commission/matrix` under `hr-commission`)
 * would have its list path taken by this one's item routes (`PATCH /hr-commission/:id` with id
 * `matrix`, a 400). The methods its list does not take are routed here to the not-found handler
 * instead, which answers 405 with the methods the path does take.
 */
export function registerNestedRefusals(ctx: ResourceContext) {
  const { app, decl } = ctx;
  const refuse = Object.assign(async (_req: FastifyRequest, reply: FastifyReply) => reply.callNotFound(), { [REFUSES_METHOD]: true });
  for (const child of RESOURCES) {
    const rest = child.base === decl.base && child.path.startsWith(`${decl.path}/`) ? child.path.slice(decl.path.length + 1) : '';
    if (!rest || rest.includes('/')) continue;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
      app.route({ method, url: `/${child.path}`, config: { access: 'public' }, schema: { hide: true }, handler: refuse });
  }
}
