import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import type { ResourceDecl } from '../../../domain/resource.js';
import {
  statementAnswerBodySchema,
  statementDetailSchema,
  statementLineSchema,
  statementInputSchema,
  statementQuestionBodySchema,
  statementQuestionSchema,
  type StatementQuestion,
} from '../../../domain/statements.js';
import { formatDecimal } from '../../../domain/money.js';
import type { Services } from '../../services.js';
import type { Api } from '../api.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { registeredResource } from '../resource/index.js';
import { changedSince, computeDraft, type StatementKind, type StatementRow } from './compute.js';
import { statementQuestions } from './tables.js';

type QuestionRow = typeof statementQuestions.$inferSelect;
const question = (q: QuestionRow): StatementQuestion => ({
  id: q.id,
  line: q.line,
  text: q.text,
  askedBy: { id: q.askedBy, name: q.askedByName },
  askedAt: q.askedAt,
  answer: q.answer,
  answeredBy: q.answeredBy ? { id: q.answeredBy, name: q.answeredByName ?? '' } : null,
  answeredAt: q.answeredAt,
});

const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const questionParams = idParams.extend({ questionId: z.uuid({ message: 'invalid_id' }) });

/**
 * The routes every kind of statement has besides the kit's list, read, create and state actions:
 * - `GET /:id/statement`: its lines and inputs, what is missing, what changed since approval, its
 *   questions (a draft is computed from today's data: it follows the data; a read never writes);
 * - `POST /preview`: a draft computed for a person and period without storing it;
 * - `POST /:id/questions`, `POST /:id/questions/:questionId/answer`, `GET /questions?open=true`: a
 *   person questions a line of a statement they read; the leads (the `answer` action) answer.
 * Each is audited on the statement, so History shows it.
 */
export function registerStatementRoutes(app: Api, s: Services, opts: { decl: ResourceDecl; kind: StatementKind; periodSchema: ZodType }) {
  const { decl, kind } = opts;
  const tags = [decl.name];
  const access = (action: string) => ({ resource: decl.name, action });
  const url = (suffix: string) => `/${decl.path}${suffix}`;
  const readable = async (user: NonNullable<Parameters<NonNullable<ReturnType<typeof registeredResource>>['findOne']>[0]>, id: string) => {
    const registered = registeredResource(s, decl.name);
    if (!registered) throw notFound(decl.label);
    return (await registered.findOne(user, id, { withArchived: true })) as StatementRow;
  };
  const questionsOf = async (id: string) =>
    (
      await s.db
        .select()
        .from(statementQuestions)
        .where(and(eq(statementQuestions.statement, decl.name), eq(statementQuestions.statementId, id)))
        .orderBy(asc(statementQuestions.askedAt))
    ).map(question);

  app.get(
    url('/questions'),
    {
      config: { access: access('answer') },
      schema: {
        tags,
        summary: 'Questions on statement lines, oldest first; `open=true`: only those not answered yet',
        querystring: z.object({ open: z.enum(['true', 'false']).optional() }),
        response: {
          200: z.object({ data: z.array(statementQuestionSchema.extend({ statementId: z.uuid(), userId: z.uuid(), period: z.string() })) }),
        },
      },
    },
    async (req) => {
      const { open } = req.query as { open?: string };
      const table = kind.table as unknown as { id: never; userId: never; period: never };
      const rows = await s.db
        .select({ q: statementQuestions, userId: table.userId, period: table.period })
        .from(statementQuestions)
        .innerJoin(kind.table, eq(table.id, statementQuestions.statementId))
        .where(and(eq(statementQuestions.statement, decl.name), open === 'true' ? isNull(statementQuestions.answer) : undefined))
        .orderBy(open === 'true' ? asc(statementQuestions.askedAt) : desc(statementQuestions.askedAt))
        .limit(500);
      return {
        data: rows.map((r) => ({ ...question(r.q), statementId: r.q.statementId, userId: r.userId as string, period: r.period as string })),
      };
    },
  );

  app.post(
    url('/preview'),
    {
      config: { access: access('create') },
      schema: {
        tags,
        summary: 'Computes the draft of a person and period without storing it',
        body: z.strictObject({ userId: z.uuid({ message: 'invalid_id' }), period: opts.periodSchema }),
        response: {
          200: z.object({
            inputs: z.array(statementInputSchema),
            lines: z.array(statementLineSchema),
            missing: z.array(z.string()),
            total: z.string(),
            unit: z.string(),
            ruleVersion: z.string(),
          }),
        },
      },
    },
    async (req) => {
      const { userId, period } = req.body as { userId: string; period: string };
      const draft = await computeDraft(s.db, kind, userId, String(period), s.config.BASE_CURRENCY);
      return {
        inputs: draft.inputs,
        lines: draft.lines,
        missing: draft.missing,
        total: draft.total,
        unit: draft.unit,
        ruleVersion: draft.ruleVersion,
      };
    },
  );

  app.get(
    url('/:id/statement'),
    {
      config: { access: access('show') },
      schema: {
        tags,
        summary: 'The statement line by line, with its inputs, questions and what changed since approval',
        params: idParams,
        response: { 200: statementDetailSchema },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const row = await readable(req.user!, id);
      // A draft follows the data: read fresh, never written by a read (its stored figures move with its writes).
      const shown = row.state === 'draft' ? await computeDraft(s.db, kind, row.userId, row.period, s.config.BASE_CURRENCY) : row;
      return {
        inputs: shown.inputs,
        lines: shown.lines,
        missing: shown.missing,
        total: formatDecimal(shown.total, kind.scale),
        changedSinceApproval: await changedSince(s.db, kind, row, s.config.BASE_CURRENCY),
        questions: await questionsOf(id),
      };
    },
  );

  app.post(
    url('/:id/questions'),
    {
      config: { access: access('show') },
      schema: {
        tags,
        summary: 'Questions one line of a statement the caller reads',
        params: idParams,
        body: statementQuestionBodySchema,
        response: { 201: statementQuestionSchema },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const body = req.body as z.infer<typeof statementQuestionBodySchema>;
      const row = await readable(req.user!, id);
      if (!row.lines.some((l) => l.key === body.line))
        throw unprocessable('This statement has no such line', 'statement_line_unknown', { line: 'statement_line_unknown' });
      const created = await s.db.transaction(async (tx) => {
        const [q] = await tx
          .insert(statementQuestions)
          .values({
            statement: decl.name,
            statementId: id,
            line: body.line,
            text: body.text,
            askedBy: req.user!.id,
            askedByName: req.user!.fullName,
          })
          .returning();
        await s.kit.audit.write(tx, {
          actorId: req.user!.id,
          entity: decl.name,
          entityId: id,
          action: 'question',
          after: { line: body.line, question: body.text },
          requestId: req.id,
        });
        return q!;
      });
      // The people who answer are told (after the commit): who asks, on which statement and line.
      await s.kit.notifier.toRoles((decl.access.answer as readonly string[] | undefined) ?? [], {
        type: 'statement_question',
        title: 'A question on a statement',
        message: `${req.user!.fullName} (${decl.label} ${row.period}): ${body.text}`,
        params: { resource: decl.name, statementId: id, period: row.period, asker: req.user!.fullName, text: body.text },
        changedByUserId: req.user!.id,
      });
      return reply.status(201).send(question(created));
    },
  );

  app.post(
    url('/:id/questions/:questionId/answer'),
    {
      config: { access: access('answer') },
      schema: {
        tags,
        summary: 'Answers a question on a statement line (once)',
        params: questionParams,
        body: statementAnswerBodySchema,
        response: { 200: statementQuestionSchema },
      },
    },
    async (req) => {
      const { id, questionId } = req.params as { id: string; questionId: string };
      const { text } = req.body as z.infer<typeof statementAnswerBodySchema>;
      const row = await readable(req.user!, id);
      const answered = await s.db.transaction(async (tx) => {
        const [answered] = await tx
          .update(statementQuestions)
          .set({ answer: text, answeredBy: req.user!.id, answeredByName: req.user!.fullName, answeredAt: sql`now()` } as never)
          .where(and(eq(statementQuestions.id, questionId), eq(statementQuestions.statementId, id), isNull(statementQuestions.answer)))
          .returning();
        if (!answered) {
          const [exists] = await tx
            .select({ id: statementQuestions.id })
            .from(statementQuestions)
            .where(and(eq(statementQuestions.id, questionId), eq(statementQuestions.statementId, id)));
          throw exists ? conflict('This question has an answer already', 'question_answered') : notFound('Question');
        }
        await s.kit.audit.write(tx, {
          actorId: req.user!.id,
          entity: decl.name,
          entityId: id,
          action: 'answer',
          after: { line: answered.line, answer: text },
          requestId: req.id,
        });
        return question(answered);
      });
      await s.kit.notifier.toUsers([answered.askedBy.id], {
        type: 'statement_answer',
        title: 'Your question was answered',
        message: `${decl.label} ${row.period}: ${text}`,
        params: { resource: decl.name, statementId: id, period: row.period, answerer: req.user!.fullName, text },
        changedByUserId: req.user!.id,
      });
      return answered;
    },
  );
}
