import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource.js';
import { hashtagCountSchema, MAX_HASHTAG_LENGTH } from '../../../domain/modules/candidates/candidates.schema.js';
import { phoneDigits } from '../../../domain/modules/candidates/candidates.rules.js';
import type { Api } from '../../http/api.js';
import { registeredResource, type ResourceModule, type Row, type WriteContext } from '../../http/crud.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { registerFileSlot } from '../files/file-slot.js';
import type { FileKind } from '../files/files.service.js';
import type { ServerModule } from '../module.js';
import { candidates } from './candidates.table.js';
import { seedCandidates } from './candidates.seed.js';
import { registerBrandedCv } from './candidates.branded-cv.js';

type CandidateRow = typeof candidates.$inferSelect;

/**
 * Another live candidate with the same e-mail (any case) or phone (its digits) is a 409 naming
 * them on each field that clashes, so that the recruiter opens the existing profile instead.
 */
async function assertNotDuplicate(ctx: WriteContext, values: Row, selfId?: string) {
  const email = typeof values.email === 'string' ? values.email : undefined;
  const digits = typeof values.phone === 'string' ? phoneDigits(values.phone) : undefined;
  if (!email && !digits) return;
  // One writer of candidates' contacts at a time: two equal candidates saved at once cannot both pass.
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext('candidates:contacts'))`);
  const issues: Record<string, { code: string; params: { id: string; name: string } }> = {};
  const clash = async (field: 'email' | 'phone', condition: ReturnType<typeof sql>) => {
    const [other] = await ctx.tx
      .select({ id: candidates.id, name: candidates.fullName })
      .from(candidates)
      .where(and(condition, isNull(candidates.archivedAt), selfId ? ne(candidates.id, selfId) : undefined))
      .limit(1);
    if (other) issues[field] = { code: 'duplicate_candidate', params: other };
  };
  if (email) await clash('email', sql`lower(${candidates.email}) = lower(${email})`);
  if (digits) await clash('phone', sql`regexp_replace(${candidates.phone}, '[^0-9]', '', 'g') = ${digits}`);
  const first = Object.values(issues)[0];
  if (first) throw conflict(`This candidate already exists: ${first.params.name}`, 'duplicate_candidate', issues);
}

const candidatesResourceModule: ResourceModule<CandidateRow> = {
  decl: candidatesResource,
  table: candidates,
  searchColumn: candidates.search,
  async beforeCreate(input, ctx) {
    await assertNotDuplicate(ctx, input);
    return input;
  },
  async beforeUpdate(input, existing, ctx) {
    await assertNotDuplicate(ctx, input, existing.id);
    return input;
  },
};

export const candidatesModule: ServerModule = {
  name: 'candidates',
  resource: candidatesResourceModule,
  routes: registerCandidateRoutes,
  seed: seedCandidates,
};

/** The CV as sent and the converted one: same rules, their own column. */
const CV_SLOTS = [
  { path: 'cv', column: 'cv', what: 'CV' },
  { path: 'cv-converted', column: 'cvConverted', what: 'Converted CV' },
] as const;
const CV_KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx'];

function registerCandidateRoutes(app: Api, s: Services) {
  const tags = ['candidates'];
  const base = `/${candidatesResource.path}`;
  const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
  const hashtagsQuery = z.strictObject({
    q: z.string().trim().toLowerCase().max(MAX_HASHTAG_LENGTH).optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  });

  app.get(
    `${base}/hashtags/all`,
    {
      config: { access: { resource: 'candidates', action: 'hashtags' } },
      schema: {
        tags,
        summary: 'Hashtags of live candidates with how many carry each, most used first',
        querystring: hashtagsQuery,
        response: { 200: z.array(hashtagCountSchema) },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof hashtagsQuery>;
      const tag = sql<string>`tag`;
      return s.db
        .select({ tag, count: sql<number>`count(*)::int` })
        .from(sql`${candidates}, unnest(${candidates.hashtags}) as tag`)
        .where(and(isNull(candidates.archivedAt), q.q ? sql`strpos(tag, ${q.q}) > 0` : undefined))
        .groupBy(tag)
        .orderBy(sql`count(*) desc`, tag)
        .limit(q.limit ?? 500);
    },
  );

  /** The candidate as the caller may read it: 404 when missing or archived. */
  const candidateOf = (req: { user?: unknown; params: unknown }) =>
    registeredResource(s, 'candidates')!.findOne(req.user as never, (req.params as { id: string }).id) as Promise<CandidateRow>;

  registerBrandedCv(app, s, { base, tags, idParams, candidateOf });

  for (const slot of CV_SLOTS) {
    const column = candidates[slot.column];
    const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;
    registerFileSlot(app, s, {
      url: `${base}/:id/${slot.path}`,
      what: slot.what,
      tags,
      params: idParams,
      kinds: CV_KINDS,
      access: { read: { resource: 'candidates', action: 'show' }, write: { resource: 'candidates', action: 'edit' } },
      current: async (req) => (await candidateOf(req))[slot.column],
      assertMayWrite: async (req) => void (await candidateOf(req)),
      async lock(tx, req) {
        const [row] = await tx
          .select({ file: column })
          .from(candidates)
          .where(and(eq(candidates.id, idOf(req)), isNull(candidates.archivedAt)))
          .for('update');
        if (!row) throw notFound('Candidate');
        return row.file;
      },
      async write(tx, req, before, after) {
        await tx
          .update(candidates)
          .set({ [slot.column]: after, updatedAt: sql`now()` })
          .where(eq(candidates.id, idOf(req)));
        await writeAudit(tx, {
          actorId: req.user!.id,
          entity: 'candidates',
          entityId: idOf(req),
          action: 'updated',
          before: { [slot.column]: before },
          after: { [slot.column]: after },
          requestId: req.id,
        });
      },
    });
  }
}
