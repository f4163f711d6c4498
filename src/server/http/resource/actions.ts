import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StateActionDecl } from '../../../domain/state-actions.js';
import { sendVersion } from '../precondition.js';
import { idParams, type ResourceContext } from './context.js';
import { takeAction } from './take-action.js';
import type { ActionStep, Row } from './resource-module.js';
import { lockForWrite } from './write-steps.js';

// An action without parameters takes no body: none at all (also when a client labels its empty
// body JSON), `{}` or `null`; anything else is refused by name as an unknown key. An action whose
// body is optional (a cancel's note) takes none in the same forms.
// (Fastify hands a request without a body to the validator as null.)
const noBody = z.strictObject({}).nullish();
const bodyOf = (a: StateActionDecl) => (!a.body ? noBody : a.body.safeParse(undefined).success ? a.body.nullable() : a.body);
export async function emptyBodyIsNone(req: FastifyRequest) {
  if (!req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0') delete req.headers['content-type'];
}

/**
 * `POST /:id/<segment>` for each declared state action (`decl.states`): the row locked in the
 * caller's scope with their precondition (412), then `takeAction`; answers the new version. The
 * actions declared `bulk` also get `POST /bulk/<segment>` (bulk-actions.ts).
 */
export function registerActions<TRow extends Row>(ctx: ResourceContext<TRow>, steps: Readonly<Record<string, ActionStep<TRow>>> = {}) {
  const { app, decl, tags, url, access } = ctx;
  const states = decl.states;
  // A step for an action the declaration does not name would never run: a typo, said at start.
  const stray = Object.keys(steps).filter((name) => !states || !Object.hasOwn(states.actions, name));
  if (stray.length) throw new Error(`${decl.name}: steps for undeclared actions ${stray.join(', ')}`);
  if (!states) return;
  for (const [name, a] of Object.entries(states.actions)) {
    const step = steps[name] ?? {};
    app.post(
      url(`/:id/${a.segment}`),
      {
        config: { access: access(name), precondition: true },
        preParsing: emptyBodyIsNone,
        schema: { tags, summary: a.summary, params: idParams, body: bodyOf(a), response: { 200: ctx.entitySchema } },
      },
      async (req: FastifyRequest, reply) => {
        const { id } = req.params as { id: string };
        const after = await takeAction(ctx, req, id, name, step, req.body ?? undefined, (tx) => lockForWrite(ctx, tx, req, id));
        sendVersion(reply, after);
        return ctx.toEntity(after);
      },
    );
  }
}
