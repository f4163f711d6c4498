import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES } from '../../../domain/auth/permissions.js';
import { allowsAction } from '../../../domain/resource.js';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import { salarySchema, type SalaryStatus } from '../../../domain/modules/salaries/salaries.schema.js';
import { canTransition, SALARY_TRANSITIONS, type SalaryAction } from '../../../domain/modules/salaries/salaries.rules.js';
import type { Api } from '../../http/api.js';
import { conflict, notFound } from '../../http/errors.js';
import { assertCurrent, sendVersion } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { salaryEntity, type SalaryRow } from './salaries.service.js';
import { salaries } from './salaries.table.js';

const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const noBody = z.strictObject({}).optional();
const decl = salariesResource;
/** Only the roles that read salaries hear of their changes. */
export const salaryReaders = ROLES.filter((r) => allowsAction(decl, r, 'show'));

export const auditableSalary = (row: SalaryRow) => {
  const { search: _search, updatedAt: _updatedAt, ...rest } = row;
  return rest;
};

/**
 * Approve (draft → approved) and mark paid (approved → paid): each locks the row, takes the
 * caller's precondition (412), checks the transition (409 `salary_status` naming the current
 * status), writes with its audit entry in one transaction and answers with the new version.
 */
export function registerSalaryRoutes(app: Api, s: Services) {
  const tags = [decl.name];
  const action = (name: SalaryAction, path: string, summary: string, stamp: Partial<SalaryRow>) =>
    app.post(
      `/${decl.path}/:id/${path}`,
      {
        config: { access: { resource: decl.name, action: name }, precondition: true },
        schema: { tags, summary, params: idParams, body: noBody, response: { 200: salarySchema } },
      },
      async (req, reply) => {
        const user = req.user!;
        const { id } = req.params as { id: string };
        const row = await s.db.transaction(async (tx) => {
          const [existing] = await tx
            .select()
            .from(salaries)
            .where(and(eq(salaries.id, id), isNull(salaries.archivedAt)))
            .for('update');
          if (!existing) throw notFound(decl.label);
          await assertCurrent(tx, req, { entity: decl.name, label: decl.label, row: existing, current: () => salaryEntity(existing) });
          await assertMonthsOpen(tx, decl.closesWithMonth, existing, undefined);
          const status = existing.status as SalaryStatus;
          if (!canTransition(status, name))
            throw conflict(`A ${status} salary cannot take "${path}"`, 'salary_status', {
              status: { code: 'salary_status', params: { status, action: path } },
            });
          const [after] = await tx
            .update(salaries)
            .set({
              ...stamp,
              ...(name === 'approve' ? { approvedAt: new Date().toISOString() } : { paidAt: new Date().toISOString() }),
              status: SALARY_TRANSITIONS[name].to,
              updatedAt: sql`now()`,
            })
            .where(eq(salaries.id, id))
            .returning();
          await writeAudit(tx, {
            actorId: user.id,
            entity: decl.name,
            entityId: id,
            action: 'updated',
            before: auditableSalary(existing),
            after: auditableSalary(after!),
            requestId: req.id,
          });
          return after!;
        });
        s.realtime.toRoles(salaryReaders, 'live', {
          channel: `resources/${decl.name}`,
          type: 'updated',
          payload: { ids: [row.id] },
          date: new Date().toISOString(),
        });
        sendVersion(reply, row);
        return salaryEntity(row);
      },
    );

  action('approve', 'approve', 'Approve a draft salary: it can no longer be edited nor re-imported', {});
  action('markPaid', 'mark-paid', 'Record an approved salary as paid: it is then never deleted', {});
}
