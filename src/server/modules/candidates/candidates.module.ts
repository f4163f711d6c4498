import { and, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource.js';
import { hashtagCountSchema, MAX_HASHTAG_LENGTH } from '../../../domain/modules/candidates/candidates.schema.js';
import { phoneDigits } from '../../../domain/modules/candidates/candidates.rules.js';
import type { Api } from '../../http/api.js';
import { registeredResource, type ResourceModule, type Row, type WriteContext } from '../../http/resource/index.js';
import { conflict } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { candidates } from './candidates.table.js';
import { techStacks } from '../tech-stacks/tech-stacks.table.js';
import { searchCondition } from '../../http/paging.js';
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
  // A recruiter searches people by e-mail and skill too: "react" finds the candidates with React or #react.
  // Each branch is a LIKE on a plain expression rather than strpos() > 0 or an EXISTS over the tags:
  // the planner estimates those at a third and a half of the table, which made a name search's
  // estimated total more than twice the truth (decision 003); these it estimates as rare, and the
  // name's own estimate decides. Tags never hold '|', so joined by it a tag cannot match across two.
  searchAlso(q) {
    const text = q.trim().toLowerCase();
    const tag = text.replace(/^#/, '');
    const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(lower(${candidates.email}) like ${like(text)}
      or ${tag && !tag.includes('|') ? sql`array_to_string(${candidates.hashtags}, '|') like ${like(tag)}` : sql`false`}
      or ${candidates.techStackIds} && array(select ${techStacks.id} from ${techStacks} where ${searchCondition(techStacks.search, q.trim())}))`;
  },
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
}
