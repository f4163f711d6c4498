import type { ResourceDecl } from '../../../domain/resource.js';
import { formatDecimal } from '../../../domain/money.js';
import { statementEntityShape } from '../../../domain/statements.js';
import { conflict, unprocessable } from '../errors.js';
import type { ActionStep, ResourceModule, Row, WriteContext } from '../resource/index.js';
import { computeDraft, samePeriod, storedComputation, type StatementKind, type StatementRow } from './compute.js';

const frozen = () =>
  conflict(
    'An approved statement is frozen: a later change shows as changed since approval and becomes an adjustment in the next open period',
    'statement_frozen',
  );

/**
 * The resource module of one kind of statement, on the kit: creating one computes its draft (a
 * second statement of the same person and period is refused); a draft follows the data — every
 * edit recomputes it; approving recomputes it once more and freezes it (refused while a figure is
 * missing); an approved or paid statement is never edited nor deleted; marking paid is the
 * declaration's (idempotent). `check` is the module's own condition on a new statement (targets set
 * for the quarter).
 */
export function statementModule<TRow extends StatementRow>(opts: {
  decl: ResourceDecl;
  kind: StatementKind;
  check?: (input: Row, w: WriteContext) => Promise<void>;
}): ResourceModule<TRow> {
  const { decl, kind } = opts;
  const keys = Object.keys((decl.schemas.entity as unknown as { shape: object }).shape);
  for (const k of Object.keys(statementEntityShape))
    if (!keys.includes(k)) throw new Error(`${decl.name}: a statement's entity has ${k} (statementEntityShape)`);
  const draftOf = (w: WriteContext, userId: string, period: string) =>
    computeDraft(w.tx, kind, userId, period, w.services.config.BASE_CURRENCY);

  const actions: Record<string, ActionStep<TRow>> = {};
  if (decl.states?.actions.approve)
    actions.approve = {
      async apply(row, _body, w) {
        const draft = await draftOf(w, row.userId, row.period);
        if (draft.missing.length)
          throw unprocessable(`A figure is missing: ${draft.missing.join(', ')}`, 'statement_incomplete', {
            state: { code: 'statement_incomplete', params: { missing: draft.missing.join(', ') } },
          });
        return { ...storedComputation(draft), approvedBy: w.user.id };
      },
    };
  if (decl.states?.actions.markPaid) actions.markPaid = { apply: (_row, _body, w) => ({ paidBy: w.user.id }) };

  return {
    decl,
    table: kind.table as ResourceModule['table'],
    toEntity: (row) => ({ ...Object.fromEntries(keys.map((k) => [k, row[k] ?? null])), total: formatDecimal(row.total, kind.scale) }),
    async beforeCreate(input, w) {
      await opts.check?.(input, w);
      const [userId, period] = [String(input.userId), String(input.period)];
      if ((await samePeriod(w.tx, kind, userId, period)).length)
        throw conflict('This person already has a statement for this period', 'statement_exists', { period: 'statement_exists' });
      return { ...input, state: 'draft', ...storedComputation(await draftOf(w, userId, period)) };
    },
    async beforeUpdate(input, existing, w) {
      if (existing.state !== 'draft') throw frozen();
      const [userId, period] = [String(input.userId ?? existing.userId), String(input.period ?? existing.period)];
      if ((await samePeriod(w.tx, kind, userId, period, existing.id)).length)
        throw conflict('This person already has a statement for this period', 'statement_exists', { period: 'statement_exists' });
      return { ...input, ...storedComputation(await draftOf(w, userId, period)) };
    },
    beforeDelete(existing) {
      if (existing.state !== 'draft') throw frozen();
    },
    actions,
  };
}
