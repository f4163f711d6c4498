import type { HalfDay, LeaveRange } from '../../../domain/modules/leave/leave.rules.js';
import { leaveRequestsResource } from '../../../domain/modules/leave-requests/leave-requests.resource.js';
import type { ResourceModule } from '../../http/resource/index.js';
import { conflict } from '../../http/errors.js';
import { notify } from '../notifications/notifications.service.js';
import { refreshMatrix } from '../leave-matrix/leave-balance.js';
import type { ServerModule } from '../module.js';
import { leaveRequests } from './leave-requests.table.js';
import {
  asDb,
  checkRequest,
  describeRange,
  leaveParams,
  placementOf,
  requesterOf,
  approversToTell,
  yearsOf,
  type LeaveRow,
} from './leave-requests.service.js';
import { registerLeaveRoutes } from './leave-requests.routes.js';
import { seedLeave } from './leave-requests.seed.js';

const leaveRequestsResourceModule: ResourceModule<LeaveRow> = {
  decl: leaveRequestsResource,
  table: leaveRequests,
  searchColumn: leaveRequests.search,
  async beforeCreate(input, ctx) {
    // The requester is the caller, whatever the role: nobody asks leave for someone else.
    const values = { ...input, halfDay: input.halfDay ?? null, userId: ctx.user.id } as LeaveRange & { type: string; userId: string };
    const { days, approvalsRequired } = await checkRequest(ctx, values);
    return { ...values, days, approvalsRequired, status: 'pending' };
  },
  async beforeUpdate(input, existing, ctx) {
    if (existing.status !== 'pending')
      throw conflict('Only a pending request can be changed', 'leave_not_pending', { status: { code: 'leave_not_pending' } });
    const next = { ...existing, ...input } as LeaveRow;
    // A half day stays on a one-day request: new dates over several days drop it.
    const halfDay = next.startDate === next.endDate ? next.halfDay : null;
    const { days, approvalsRequired } = await checkRequest(ctx, {
      ...(next as LeaveRow & LeaveRange),
      halfDay: halfDay as HalfDay | null,
      id: existing.id,
    });
    // A changed request is decided afresh.
    return { ...input, halfDay, days, approvalsRequired, firstApproverId: null, firstApprovedAt: null, firstNote: null };
  },
  async afterWrite(action, row, before, ctx) {
    const db = asDb(ctx.tx);
    for (const year of yearsOf(row, before)) await refreshMatrix(db, row.userId, year);
    if (action !== 'created') return;
    const requester = await requesterOf(db, row.userId);
    if (!requester) return;
    await notify({ db, realtime: ctx.services.realtime }, await approversToTell(db, requester, 1), {
      type: 'leave_requested',
      title: 'Leave request to approve',
      message: `${requester.fullName} asks for ${describeRange(row)}`,
      params: leaveParams(row, { requester: requester.fullName }),
      changedByUserId: ctx.user.id,
    });
    const placed = await placementOf(db, row);
    if (placed.billableDays > 0)
      await notify({ db, realtime: ctx.services.realtime }, placed.saleIds, {
        type: 'leave_requested_placed',
        title: 'A placed developer asks for leave',
        message: `${requester.fullName} asks for ${describeRange(row)}: ${placed.billableDays} billable day(s)`,
        params: leaveParams(row, { requester: requester.fullName, billableDays: placed.billableDays }),
        changedByUserId: ctx.user.id,
      });
  },
};

export const leaveRequestsModule: ServerModule = {
  name: 'leave-requests',
  resource: leaveRequestsResourceModule,
  routes: registerLeaveRoutes,
  seed: seedLeave,
};
