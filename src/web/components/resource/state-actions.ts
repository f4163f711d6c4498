import type { ResourceDecl } from '../../../domain/resource';
import { can } from '../../../domain/resources';
import { stateAllows } from '../../../domain/state-actions';
import { http } from '../../providers/http';

/**
 * Whether a declared state action's button is offered: the caller's role may take it, the
 * record's state lets it start — the same declaration the server serves the action from — and the
 * record is not in a closed month (`closedMonth`, from `useClosedMonth`: the server refuses it there).
 */
export function actionOffered(
  decl: ResourceDecl,
  role: string | undefined,
  action: string,
  row: Record<string, unknown> | undefined,
  closedMonth?: string,
): boolean {
  return !!row && !closedMonth && can(role, decl.name, action) && stateAllows(decl.states, action, row);
}

/** The URL segment of a declared action (`mark-paid`): its route, and its buttons' test ids. */
export const actionSegment = (decl: ResourceDecl, action: string) => decl.states!.actions[action]!.segment;

/**
 * Sends a declared action with the version on screen, so that an action on a record someone has
 * changed since is refused (412) rather than applied blind. Most actions take no body.
 */
export function postStateAction<T>(decl: ResourceDecl, id: string, action: string, version: string | undefined, body?: unknown) {
  return http.post<T>(`${decl.base}/${decl.path}/${encodeURIComponent(id)}/${actionSegment(decl, action)}`, body, {
    headers: version ? { 'If-Match': version } : {},
  });
}
