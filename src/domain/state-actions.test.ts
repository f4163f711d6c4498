import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invoicesResource } from './modules/invoices/invoices.resource.js';
import { salariesResource } from './modules/salaries/salaries.resource.js';
import { ticketsResource } from './modules/tickets/tickets.resource.js';
import { bulkActions, stateAllows, statesProblems, type StatesDecl } from './state-actions.js';

const states: StatesDecl = {
  field: 'status',
  refusal: 'thing_status',
  actions: {
    approve: { segment: 'approve', from: ['draft'], to: 'approved', summary: 'Approve', stamp: 'approvedAt' },
    move: { segment: 'move', from: ['draft', 'approved'], summary: 'Move', body: z.object({ status: z.string() }) },
  },
};
const access = { approve: [], move: [] };
const keys = ['id', 'status', 'approvedAt'];

describe('stateAllows', () => {
  it.each([
    ['approve', 'draft', true],
    ['approve', 'approved', false],
    ['move', 'approved', true],
    ['move', 'paid', false],
    // Not declared, or a member every object has: never an action.
    ['archive', 'draft', false],
    ['toString', 'draft', false],
  ])('%s from %s: %s', (action, status, allowed) => expect(stateAllows(states, action, { status })).toBe(allowed));

  it('reads the declared field, and nothing without a declaration', () => {
    expect(stateAllows({ ...states, field: 'stage' }, 'approve', { status: 'draft', stage: 'approved' })).toBe(false);
    expect(stateAllows({ ...states, field: 'stage' }, 'approve', { stage: 'draft' })).toBe(true);
    expect(stateAllows(undefined, 'approve', { status: 'draft' })).toBe(false);
  });

  it("follows each product declaration's transitions", () => {
    expect(stateAllows(salariesResource.states, 'approve', { status: 'draft' })).toBe(true);
    expect(stateAllows(salariesResource.states, 'markPaid', { status: 'draft' })).toBe(false);
    expect(stateAllows(salariesResource.states, 'markPaid', { status: 'approved' })).toBe(true);
    expect(stateAllows(invoicesResource.states, 'cancel', { status: 'paid' })).toBe(false);
    // A ticket's move starts from any status; where it may go is the tickets' rules'.
    for (const status of ['open', 'in_progress', 'resolved', 'closed'])
      expect(stateAllows(ticketsResource.states, 'status', { status })).toBe(true);
  });
});

describe('bulkActions', () => {
  it('names the actions declared bulk, and none without a declaration', () => {
    expect(bulkActions({ ...states, actions: { ...states.actions, approve: { ...states.actions.approve!, bulk: true } } })).toEqual([
      'approve',
    ]);
    expect(bulkActions(states)).toEqual([]);
    expect(bulkActions(undefined)).toEqual([]);
    expect(bulkActions(salariesResource.states)).toEqual(['approve', 'markPaid']);
  });
});

describe('statesProblems', () => {
  it('finds none in a sound declaration, nor in the product ones', () => {
    expect(statesProblems(states, access, keys)).toEqual([]);
    for (const decl of [invoicesResource, salariesResource, ticketsResource])
      expect(statesProblems(decl.states!, decl.access, Object.keys((decl.schemas.entity as z.ZodObject).shape))).toEqual([]);
  });

  it.each<[string, StatesDecl, Record<string, unknown>, string[]]>([
    ['a state field the entity lacks', { ...states, field: 'stage' }, access, ['the entity has no field stage']],
    ['an action without an access entry', states, { move: [] }, ['approve: the access table has no action approve']],
    [
      'a segment that is not kebab-case',
      { ...states, actions: { approve: { ...states.actions.approve!, segment: 'markPaid' } } },
      { approve: [] },
      ['approve: a segment is a kebab-case path segment'],
    ],
    [
      'two actions on one segment',
      { ...states, actions: { approve: states.actions.approve!, move: { ...states.actions.move!, segment: 'approve' } } },
      access,
      ['move: the segment approve is taken'],
    ],
    [
      'an action from no state',
      { ...states, actions: { approve: { ...states.actions.approve!, from: [] } } },
      { approve: [] },
      ['approve: it starts from no state'],
    ],
    [
      'no state to reach and no body to name it',
      { ...states, actions: { move: { ...states.actions.move!, body: undefined } } },
      { move: [] },
      ['move: without a state to reach, its body must name one'],
    ],
    [
      'an action in bulk that takes a body',
      { ...states, actions: { move: { ...states.actions.move!, bulk: true } } },
      { move: [] },
      ['move: an action taken in bulk takes no body'],
    ],
    [
      'a stamp the entity lacks',
      { ...states, actions: { approve: { ...states.actions.approve!, stamp: 'signedAt' } } },
      { approve: [] },
      ['approve: the entity has no field signedAt'],
    ],
    [
      'an idempotent action that does not start from the state it reaches',
      { ...states, actions: { approve: { ...states.actions.approve!, idempotent: true } } },
      { approve: [] },
      ['approve: an idempotent action also starts from the state it reaches'],
    ],
  ])('names %s', (_what, decl, table, problems) => expect(statesProblems(decl, table, keys)).toEqual(problems));
});
