import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { StateActionDecl, StatesDecl } from '../../../domain/state-actions.js';
import { conflict, unprocessable } from '../errors.js';
import type { ResourceContext } from './context.js';
import type { ActionStep, Row, Tx } from './resource-module.js';
import { afterWrite, assertOpen, emitLive, inTransaction, writeContext } from './write-steps.js';

/** 409 naming the current state and the action: what the client shows as the refusal's reason. */
function stateRefusal(ctx: ResourceContext, states: StatesDecl, a: StateActionDecl, status: string) {
  // "This salary is approved: it can't take approve", never "A approved salary…".
  return conflict(`This ${ctx.decl.label.toLowerCase()} is ${status}: it can't take "${a.segment}"`, states.refusal, {
    [states.field]: { code: states.refusal, params: { status, action: a.segment } },
  });
}

/**
 * One declared action on one row, as both its own route and the bulk route take it: in one
 * transaction, the row locked (`lock`: in the caller's scope, with or without their precondition),
 * the write guards (a closed month), the state, the module's step, the new state with its stamp and
 * audit entry; after the commit, the live event (unless `quiet`: the bulk route tells of its rows at
 * once) and the module's `after`. Answers the row as it is now.
 */
export async function takeAction<TRow extends Row>(
  ctx: ResourceContext<TRow>,
  req: FastifyRequest,
  id: string,
  name: string,
  step: ActionStep<TRow>,
  body: unknown,
  lock: (tx: Tx) => Promise<TRow>,
  quiet = false,
): Promise<TRow> {
  const c = ctx as ResourceContext;
  const states = ctx.decl.states!;
  const a = states.actions[name]!;
  const { before, after, unchanged } = await inTransaction(c, async (tx) => {
    const w = writeContext(c, req, tx);
    const existing = await lock(tx);
    // A closed month's records keep their state too.
    await assertOpen(c, tx, existing, undefined);
    const status = String(existing[states.field]);
    if (!a.from.includes(status)) throw stateRefusal(c, states, a, status);
    if (a.only && !a.only.when(ctx.toEntity(existing)))
      throw unprocessable(a.only.message, a.only.refusal, { [states.field]: { code: a.only.refusal } });
    if (a.idempotent && status === a.to) return { before: existing, after: existing, unchanged: true };
    const changes = (await step.apply?.(existing, body, w)) ?? {};
    const [updated] = (await tx
      .update(ctx.m.table)
      .set({
        ...changes,
        ...(a.to !== undefined ? { [states.field]: a.to } : {}),
        ...(a.stamp ? { [a.stamp]: new Date().toISOString() } : {}),
        updatedAt: sql`now()`,
      } as never)
      .where(eq(ctx.m.table.id, id))
      .returning()) as TRow[];
    await afterWrite(ctx, w, 'updated', updated!, existing);
    return { before: existing, after: updated!, unchanged: false };
  });
  if (!unchanged) {
    if (!quiet) emitLive(c, 'updated', after);
    await step.after?.({ before, after, user: req.user!, services: ctx.s });
  }
  return after;
}
