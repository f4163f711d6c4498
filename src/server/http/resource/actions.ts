import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StateActionDecl, StatesDecl } from '../../../domain/state-actions.js';
import { conflict } from '../errors.js';
import { sendVersion } from '../precondition.js';
import { idParams, type ResourceContext } from './context.js';
import type { ActionStep, Row } from './resource-module.js';
import { afterWrite, assertOpen, emitLive, inTransaction, lockForWrite, writeContext } from './write-steps.js';

// An action without parameters takes no body: none at all (also when a client labels its empty
// body JSON), `{}` or `null`; anything else is refused by name as an unknown key. An action whose
// body is optional (a cancel's note) takes none in the same forms.
// (Fastify hands a request without a body to the validator as null.)
const noBody = z.strictObject({}).nullish();
const bodyOf = (a: StateActionDecl) => (!a.body ? noBody : a.body.safeParse(undefined).success ? a.body.nullable() : a.body);
async function emptyBodyIsNone(req: FastifyRequest) {
  if (!req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0') delete req.headers['content-type'];
}

/** 409 naming the current state and the action: what the client shows as the refusal's reason. */
function stateRefusal(ctx: ResourceContext, states: StatesDecl, a: StateActionDecl, status: string) {
  // "This salary is approved: it can't take approve", never "A approved salary…".
  return conflict(`This ${ctx.decl.label.toLowerCase()} is ${status}: it can't take "${a.segment}"`, states.refusal, {
    [states.field]: { code: states.refusal, params: { status, action: a.segment } },
  });
}

/**
 * `POST /:id/<segment>` for each declared state action (`decl.states`): lock the row in the caller's
 * scope, take their precondition (412), run the write guards (a closed month), check that the
 * state allows the action (409), run the module's step, write the new state with its stamp and
 * audit entry in the same transaction; after the commit, the live event, the module's `after`,
 * and the new version.
 */
export function registerActions<TRow extends Row>(ctx: ResourceContext<TRow>, steps: Readonly<Record<string, ActionStep<TRow>>> = {}) {
  const { app, decl, m, tags, url, access } = ctx;
  const c = ctx as ResourceContext;
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
        const { before, after, unchanged } = await inTransaction(c, async (tx) => {
          const w = writeContext(c, req, tx);
          const existing = await lockForWrite(ctx, tx, req, id);
          // A closed month's records keep their state too.
          await assertOpen(c, tx, existing, undefined);
          const status = String(existing[states.field]);
          if (!a.from.includes(status)) throw stateRefusal(c, states, a, status);
          if (a.idempotent && status === a.to) return { before: existing, after: existing, unchanged: true };
          const changes = (await step.apply?.(existing, req.body ?? undefined, w)) ?? {};
          const [updated] = (await tx
            .update(m.table)
            .set({
              ...changes,
              ...(a.to !== undefined ? { [states.field]: a.to } : {}),
              ...(a.stamp ? { [a.stamp]: new Date().toISOString() } : {}),
              updatedAt: sql`now()`,
            } as never)
            .where(eq(m.table.id, id))
            .returning()) as TRow[];
          await afterWrite(ctx, w, 'updated', updated!, existing);
          return { before: existing, after: updated!, unchanged: false };
        });
        if (!unchanged) {
          emitLive(c, 'updated', after);
          await step.after?.({ before, after, user: req.user!, services: ctx.s });
        }
        sendVersion(reply, after);
        return ctx.toEntity(after);
      },
    );
  }
}
