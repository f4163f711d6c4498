import { z } from 'zod';
import {
  mayApprove,
  pendingLevel,
  requesterMayCancel,
  SECOND_LEVEL_ROLES,
  todayIn,
  type ExistingLeave,
} from '../../../domain/modules/leave/leave.rules.js';
import {
  leaveCancelSchema,
  leaveDecisionSchema,
  leaveRequestSchema,
} from '../../../domain/modules/leave-requests/leave-requests.schema.js';
import type { NotificationParams } from '../../../domain/modules/notifications/notifications.schema.js';
import type { Api } from '../../http/api.js';
import { conflict, forbidden, unprocessable } from '../../http/errors.js';
import { sendVersion } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import { notify } from '../notifications/notifications.service.js';
import { assertSeen, emitLive, lockRequest, saveDecision } from './leave-requests.decision-steps.js';
import { approversToTell, asDb, describeRange, entity, leaveParams } from './leave-requests.service.js';

const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const tags = ['leave-requests'];
const base = '/leave-requests';
const access = (action: string) => ({ access: { resource: 'leave-requests', action } });

/** A request decided: approved or rejected by its approvers, or cancelled. */
export function registerLeaveDecisions(app: Api, s: Services) {
  registerApprove(app, s);
  registerCancel(app, s);
}

/** Approve or reject, at the first or the second level. */
function registerApprove(app: Api, s: Services) {
  app.post(
    `${base}/:id/approve`,
    {
      config: { ...access('approve'), precondition: true },
      schema: {
        tags,
        summary: 'Approve or reject a pending request; a long one needs a second approval by hr_lead or admin',
        params: idParams,
        body: leaveDecisionSchema,
        response: { 200: leaveRequestSchema },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const { id } = req.params as { id: string };
      const { decision, note } = req.body as z.infer<typeof leaveDecisionSchema>;
      const tell: Array<{ to: string[]; type: string; title: string; message: string; params: NotificationParams }> = [];
      const row = await s.db.transaction(async (tx) => {
        const db = asDb(tx);
        const { request, requester } = await lockRequest(db, user, id);
        if (request.userId === user.id) throw forbidden('Nobody decides their own leave', 'approve_own');
        await assertSeen(db, req, request);
        if (request.status !== 'pending')
          throw conflict(`The request is already ${request.status}`, 'leave_not_pending', { status: { code: 'leave_not_pending' } });
        const level = pendingLevel(request);
        if (!mayApprove({ id: user.id, role: user.role }, requester, level, request.firstApproverId))
          throw forbidden(
            level === 2 ? 'The second approval is for hr_lead or admin' : "You do not approve this person's leave",
            'not_approver',
          );
        const now = new Date().toISOString();
        if (decision === 'reject') {
          const after = await saveDecision(db, user, req.id, request, {
            status: 'rejected',
            approverId: user.id,
            decidedAt: now,
            decisionNote: note,
          });
          tell.push({
            to: [request.userId],
            type: 'leave_rejected',
            title: 'Leave request rejected',
            message: `${describeRange(request)}: ${note}`,
            params: leaveParams(request, { note: note ?? null }),
          });
          return after;
        }
        if (level === 1 && request.approvalsRequired === 2) {
          const after = await saveDecision(db, user, req.id, request, { firstApproverId: user.id, firstApprovedAt: now, firstNote: note });
          // The requester hears only the final answer; the second level hears it waits for them.
          tell.push({
            to: await approversToTell(db, requester, 2, user.id),
            type: 'leave_second_approval',
            title: 'Leave request to approve (second approval)',
            message: `${requester.fullName} asks for ${describeRange(request)}; first approved`,
            params: leaveParams(request, { requester: requester.fullName }),
          });
          return after;
        }
        const after = await saveDecision(db, user, req.id, request, {
          status: 'approved',
          approverId: user.id,
          decidedAt: now,
          decisionNote: note,
        });
        tell.push({
          to: [request.userId],
          type: 'leave_approved',
          title: 'Leave request approved',
          message: describeRange(request),
          params: leaveParams(request),
        });
        return after;
      });
      for (const { to, ...n } of tell) await notify(s, to, { ...n, changedByUserId: user.id });
      emitLive(s, row);
      sendVersion(reply, row);
      return entity(row);
    },
  );
}

/** Cancel: by the requester, or by an approver with a note. */
function registerCancel(app: Api, s: Services) {
  app.post(
    `${base}/:id/cancel`,
    {
      config: { ...access('cancel'), precondition: true },
      schema: {
        tags,
        summary: 'The requester cancels a pending or not yet started approved request; an approver cancels approved leave with a note',
        params: idParams,
        // The note is optional: a cancel may come with no body at all.
        body: leaveCancelSchema.nullish(),
        response: { 200: leaveRequestSchema },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const { id } = req.params as { id: string };
      const { note } = (req.body ?? {}) as z.infer<typeof leaveCancelSchema>;
      let tellTo: string[] = [];
      const row = await s.db.transaction(async (tx) => {
        const db = asDb(tx);
        const { request, requester } = await lockRequest(db, user, id);
        await assertSeen(db, req, request);
        const notCancellable = () =>
          conflict(`A ${request.status} request cannot be cancelled`, 'leave_not_cancellable', {
            status: { code: 'leave_not_cancellable' },
          });
        if (request.userId === user.id) {
          if (!requesterMayCancel(request as ExistingLeave, todayIn())) throw notCancellable();
          tellTo =
            request.status === 'approved' && request.approverId
              ? [request.approverId]
              : await approversToTell(db, requester, pendingLevel(request), request.firstApproverId);
        } else {
          // An approver takes back approved leave (plans change); a pending one is rejected instead.
          if (!mayApprove({ id: user.id, role: user.role }, requester, 1) && !SECOND_LEVEL_ROLES.includes(user.role))
            throw forbidden("You do not approve this person's leave", 'not_approver');
          if (request.status !== 'approved') throw notCancellable();
          if (!note) throw unprocessable('Say why the leave is cancelled', 'note_required', { note: { code: 'note_required' } });
          tellTo = [request.userId];
        }
        return saveDecision(db, user, req.id, request, {
          status: 'cancelled',
          decisionNote: note ?? request.decisionNote,
          decidedAt: new Date().toISOString(),
        });
      });
      await notify(s, tellTo, {
        type: 'leave_cancelled',
        title: 'Leave cancelled',
        message: `${describeRange(row)}${note ? `: ${note}` : ''}`,
        params: leaveParams(row, { note: note ?? null }),
        changedByUserId: user.id,
      });
      emitLive(s, row);
      sendVersion(reply, row);
      return entity(row);
    },
  );
}
