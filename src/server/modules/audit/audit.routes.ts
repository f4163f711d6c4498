import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { can } from '../../../domain/resources.js';
import type { Api } from '../../http/api.js';
import { registeredResource } from '../../http/resource/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { users } from '../users/users.table.js';
import { auditLog } from './audit.table.js';

const query = z.strictObject({
  entity: z.string().max(60),
  entityId: z.uuid({ message: 'invalid_id' }),
  // Newest first, a page at a time: a long-lived record's History is read back page by page.
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const change = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
const entry = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  changes: z.array(change),
});

// Never shown, whatever a module's audit entries hold.
const HIDDEN = new Set(['passwordHash', 'search', 'updatedAt', 'createdAt', 'createdBy', 'archivedAt', 'id']);

/** A row's History: who changed it, when, and which fields from what to what. */
export function registerAuditRoutes(app: Api, s: Services) {
  app.get(
    '/audit',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['audit'], querystring: query, response: { 200: z.object({ data: z.array(entry), total: z.number().int() }) } },
    },
    async (req) => {
      const { entity, entityId, page, limit } = req.query as z.infer<typeof query>;
      const resource = registeredResource(s, entity);
      if (!resource) throw notFound('Resource');
      if (!can(req.user!.role, entity, 'show', s.access.snapshot())) throw forbidden();
      // Only callers who may read the row read its history (404 outside their scope), archived or not.
      await resource.findOne(req.user!, entityId, { withArchived: true });
      const omit = new Set([...HIDDEN, ...(resource.module.decl.auditOmit ?? [])]);
      const of = and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId));
      const [rows, [all]] = await Promise.all([
        s.db
          .select()
          .from(auditLog)
          .where(of)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        s.db.select({ n: count() }).from(auditLog).where(of),
      ]);
      const actorIds = [...new Set(rows.map((r) => r.actorId).filter((v): v is string => !!v))];
      const actors = actorIds.length
        ? await s.db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, actorIds))
        : [];
      const byId = new Map(actors.map((a) => [a.id, a]));
      return {
        total: all?.n ?? 0,
        data: rows.map((r) => {
          const before = (r.before ?? {}) as Record<string, unknown>;
          const after = (r.after ?? {}) as Record<string, unknown>;
          const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !omit.has(f));
          const changes = fields
            .filter((f) => r.action === 'created' || JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
            .filter((f) => r.action !== 'created' || (after[f] !== null && after[f] !== undefined))
            .map((f) => ({
              field: f,
              from: r.action === 'created' ? null : (before[f] ?? null),
              to: r.action === 'deleted' ? null : (after[f] ?? null),
            }));
          return {
            id: r.id,
            at: r.at,
            action: r.action,
            actor: r.actorId ? (byId.get(r.actorId) ?? null) : null,
            changes: r.action === 'deleted' ? [] : changes,
          };
        }),
      };
    },
  );
}
