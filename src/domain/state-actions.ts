import type { ZodType } from 'zod';

/**
 * One change of a record's state (send an invoice, approve a salary, move a ticket). Declared once
 * in the resource's declaration, it gives the server's `POST /<path>/:id/<segment>` (the kit locks
 * the row, takes the caller's precondition, runs the write guards, checks the state, runs the
 * module's own step, audits, announces it live and answers the new version), its OpenAPI entry,
 * and the client's rule for offering its button. Who may call it is the access table's entry of
 * the same name.
 */
export interface StateActionDecl {
  /** The URL segment, kebab-case: 'mark-paid'. */
  segment: string;
  /** The states it starts from: from any other it is refused (409, the declaration's `refusal` code). */
  from: readonly string[];
  /** The state it reaches; left out when the body names it (a ticket's move to a status it picks). */
  to?: string;
  /** One line for the API's documentation. */
  summary: string;
  /** The body it takes (a payment's date and amount); most take none, and then accept no body at all. */
  body?: ZodType;
  /** A field stamped with the time of the change ('approvedAt'). */
  stamp?: string;
  /** Called again on a record already in `to`: answers it unchanged (no write, no audit entry, no new stamp). */
  idempotent?: boolean;
  /**
   * Also taken on many rows at once: `POST /<path>/bulk/<segment>` on the ids given or every row of a
   * list's filter, each row checked as if alone, answering what was done and what was refused and
   * why. Only an action without parameters: one body would not fit every row.
   */
  bulk?: boolean;
  /**
   * A condition of the row beyond its state (a credit note is never paid): the client offers the
   * button only when it holds, the server refuses otherwise (422 with `refusal` as its code).
   */
  only?: { when: (row: Readonly<Record<string, unknown>>) => boolean; refusal: string; message: string };
}

/** The most rows one bulk action takes: a whole month's salaries of a large firm, in one request. */
export const BULK_MAX = 500;

/** The actions of a declaration offered on many rows at once. */
export const bulkActions = (states: StatesDecl | undefined): string[] =>
  Object.entries(states?.actions ?? {})
    .filter(([, a]) => a.bulk)
    .map(([name]) => name);

export interface StatesDecl {
  /** The field holding the state: 'status'. */
  field: string;
  /** The refusal's code when the state does not allow the action: 'invoice_status'. */
  refusal: string;
  actions: Readonly<Record<string, StateActionDecl>>;
}

const SEGMENT = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Whether the record's state lets the action start: the client offers its button only then, the server refuses it otherwise. */
export function stateAllows(states: StatesDecl | undefined, action: string, row: Readonly<Record<string, unknown>>): boolean {
  const decl = states && Object.hasOwn(states.actions, action) ? states.actions[action] : undefined;
  return !!decl && decl.from.includes(String(row[states!.field])) && (decl.only?.when(row) ?? true);
}

/** The declaration's mistakes, as defineResource reports them: each action has an access entry, a kebab-case segment, and a state to reach. */
export function statesProblems(states: StatesDecl, access: Readonly<Record<string, unknown>>, entityKeys: readonly string[]): string[] {
  const problems: string[] = [];
  if (!entityKeys.includes(states.field)) problems.push(`the entity has no field ${states.field}`);
  const segments = new Set<string>();
  for (const [name, a] of Object.entries(states.actions)) {
    if (!Object.hasOwn(access, name)) problems.push(`${name}: the access table has no action ${name}`);
    if (!SEGMENT.test(a.segment)) problems.push(`${name}: a segment is a kebab-case path segment`);
    if (segments.has(a.segment)) problems.push(`${name}: the segment ${a.segment} is taken`);
    segments.add(a.segment);
    if (!a.from.length) problems.push(`${name}: it starts from no state`);
    if (a.to === undefined && !a.body) problems.push(`${name}: without a state to reach, its body must name one`);
    if (a.stamp && !entityKeys.includes(a.stamp)) problems.push(`${name}: the entity has no field ${a.stamp}`);
    if (a.idempotent && (a.to === undefined || !a.from.includes(a.to)))
      problems.push(`${name}: an idempotent action also starts from the state it reaches`);
    if (a.bulk && a.body) problems.push(`${name}: an action taken in bulk takes no body`);
  }
  return problems;
}
