import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource.js';
import {
  candidateFileSchema,
  hashtagCountSchema,
  MAX_HASHTAG_LENGTH,
  type CandidateFile,
} from '../../../domain/modules/candidates/candidates.schema.js';
import { phoneDigits } from '../../../domain/modules/candidates/candidates.rules.js';
import type { Api } from '../../http/api.js';
import { registeredResource, type ResourceModule, type Row, type WriteContext } from '../../http/crud.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { deleteStoredFile, readUpload, sendStoredFile, storeFile, type FileKind } from '../files/files.service.js';
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
    const url = `${base}/:id/${slot.path}`;
    const column = candidates[slot.column];

    app.put(
      url,
      {
        config: {
          access: { resource: 'candidates', action: 'edit' },
          multipartBody: {
            fields: {
              file: { description: `The ${slot.what}: PDF, DOC or DOCX, checked by content; replaces the previous one`, binary: true },
            },
            required: ['file'],
          },
        },
        schema: {
          tags,
          summary: `Upload the ${slot.what}`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: candidateFileSchema },
        },
      },
      async (req) => {
        await candidateOf(req);
        const upload = await readUpload(req);
        const stored = await storeFile(
          s.db,
          { ...upload, ownerId: req.user!.id },
          { allowed: CV_KINDS, maxBytes: s.config.FILE_MAX_BYTES },
        );
        const file: CandidateFile = {
          fileId: stored.id,
          name: stored.name,
          mime: stored.mime,
          size: stored.size,
          uploadedAt: new Date().toISOString(),
        };
        try {
          const before = await s.db.transaction(async (tx) => {
            const [row] = await tx
              .select({ file: column })
              .from(candidates)
              .where(and(eq(candidates.id, (req.params as { id: string }).id), isNull(candidates.archivedAt)))
              .for('update');
            if (!row) throw notFound('Candidate');
            await tx
              .update(candidates)
              .set({ [slot.column]: file, updatedAt: sql`now()` })
              .where(eq(candidates.id, (req.params as { id: string }).id));
            await writeAudit(tx, {
              actorId: req.user!.id,
              entity: 'candidates',
              entityId: (req.params as { id: string }).id,
              action: 'updated',
              before: { [slot.column]: row.file },
              after: { [slot.column]: file },
              requestId: req.id,
            });
            return row.file;
          });
          if (before) await deleteStoredFile(s.db, before.fileId);
        } catch (err) {
          // The candidate went away meanwhile: no file is left behind.
          await deleteStoredFile(s.db, stored.id);
          throw err;
        }
        return file;
      },
    );

    app.get(
      url,
      {
        config: { access: { resource: 'candidates', action: 'show' } },
        schema: { tags, summary: `Download the ${slot.what} with its original name and type`, params: idParams },
      },
      async (req, reply) => {
        const file = (await candidateOf(req))[slot.column];
        if (!file) throw notFound(slot.what);
        return sendStoredFile(s.db, reply, file.fileId);
      },
    );

    app.delete(
      url,
      {
        config: { access: { resource: 'candidates', action: 'edit' } },
        schema: { tags, summary: `Delete the ${slot.what}`, params: idParams },
      },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        await candidateOf(req);
        const before = await s.db.transaction(async (tx) => {
          const [row] = await tx
            .select({ file: column })
            .from(candidates)
            .where(and(eq(candidates.id, id), isNull(candidates.archivedAt)))
            .for('update');
          if (!row?.file) throw notFound(slot.what);
          await tx
            .update(candidates)
            .set({ [slot.column]: null, updatedAt: sql`now()` })
            .where(eq(candidates.id, id));
          await writeAudit(tx, {
            actorId: req.user!.id,
            entity: 'candidates',
            entityId: id,
            action: 'updated',
            before: { [slot.column]: row.file },
            after: { [slot.column]: null },
            requestId: req.id,
          });
          return row.file;
        });
        await deleteStoredFile(s.db, before.fileId);
        return reply.status(204).send();
      },
    );
  }
}
