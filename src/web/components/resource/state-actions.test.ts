import { describe, expect, it } from 'vitest';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import { actionOffered, actionSegment } from './state-actions';

describe('a declared state action is offered', () => {
  it.each([
    ['admin', 'markPaid', 'sent', true],
    // The role: a sale sends their invoices but does not record payments.
    ['sale', 'markPaid', 'sent', false],
    ['sale', 'send', 'draft', true],
    // The state: nothing is sent twice, a paid invoice is not cancelled.
    ['admin', 'send', 'sent', false],
    ['admin', 'cancel', 'paid', false],
    ['manager', 'send', 'draft', false],
  ])('to %s: %s on a %s invoice → %s', (role, action, status, offered) =>
    expect(actionOffered(invoicesResource, role, action, { status })).toBe(offered),
  );

  // The row beyond its state (the declaration's `only`): a credit note is never paid, and an invoice
  // whose credit notes gave part of it back is not cancelled — the same buttons hide.
  it.each([
    ['markPaid', { status: 'sent', kind: 'credit_note', credited: '0.00' }, false],
    ['markPaid', { status: 'sent', kind: 'invoice', credited: '0.00' }, true],
    ['cancel', { status: 'sent', kind: 'invoice', credited: '120.50' }, false],
    ['cancel', { status: 'sent', kind: 'invoice', credited: '0.00' }, true],
    ['cancel', { status: 'sent', kind: 'credit_note', credited: '0.00' }, true],
    ['send', { status: 'draft', kind: 'credit_note', credited: '0.00' }, true],
  ])('to admin: %s on %j → %s', (action, row, offered) => expect(actionOffered(invoicesResource, 'admin', action, row)).toBe(offered));

  it('never before the record has loaded', () => {
    expect(actionOffered(salariesResource, 'admin', 'approve', undefined)).toBe(false);
    expect(actionOffered(salariesResource, 'admin', 'approve', { status: 'draft' })).toBe(true);
  });

  it('at the segment its declaration names', () => {
    expect(actionSegment(invoicesResource, 'backToDraft')).toBe('back-to-draft');
    expect(actionSegment(salariesResource, 'markPaid')).toBe('mark-paid');
  });
});
