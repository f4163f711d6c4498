import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { notifications } from '../../src/server/modules/notifications/notifications.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { docx, multipart, pdf, png } from '../fixtures/documents.js';
import { openApiPath, type OpenApiDoc } from '../fixtures/openapi.js';

// Jobs' own rules and the pipeline (the contract suite covers the generic routes): adding,
// listing, searching, moving and removing candidates with their history, hires filling
// openings, the CV sent to the customer, and who is notified of what.

// FILE_MAX_BYTES is small here so that the size limit is cheap to cross.
const LIMIT = 16 * 1024;
let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await buildTestApp({ FILE_MAX_BYTES: String(LIMIT) });
  const res = await call('admin', 'GET', '/api/v1/customers?_start=0&_end=1&status=active');
  customerId = (res.json() as Array<{ id: string }>)[0]!.id;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (role: Role, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

let seq = 0;
async function job(over: Record<string, unknown> = {}, role: Role = 'sale') {
  const res = await call(role, 'POST', '/api/v1/jobs', {
    title: `Kỹ sư Backend ${Date.now()}${++seq}`,
    customerId,
    openings: 2,
    recruiterIds: [t.users.hr.id],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string; openings: number; filled: number; status: string; ownerSaleId: string };
}
async function candidate(name = 'Nguyễn Thị Hồng') {
  const res = await call('hr', 'POST', '/api/v1/candidates', { fullName: `${name} ${Date.now()}${++seq}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; fullName: string };
}
const add = (role: Role, jobId: string, candidateId: string) => call(role, 'POST', `/api/v1/jobs/${jobId}/candidates`, { candidateId });
const move = (role: Role, jobId: string, candidateId: string, stage: string, note?: string) =>
  call(role, 'PATCH', `/api/v1/jobs/${jobId}/candidates/${candidateId}/status`, { stage, ...(note ? { note } : {}) });
const notified = async (jobId: string, type: string) =>
  (
    await t.services.db
      .select({ userId: notifications.userId, changedBy: notifications.changedByUserId, jobId: notifications.jobId })
      .from(notifications)
      .where(and(eq(notifications.jobId, jobId), eq(notifications.type, type)))
  ).map((n) => {
    expect(n.jobId).toBe(jobId);
    return n;
  });

describe('jobs', () => {
  it('a sale opens a job as its owner with nothing filled; filled cannot be written', async () => {
    const j = await job();
    expect(j).toMatchObject({ ownerSaleId: t.users.sale.id, filled: 0, status: 'open' });
    const res = await call('sale', 'PATCH', `/api/v1/jobs/${j.id}`, { filled: 2 });
    expect(res.statusCode).toBe(400);
    const put = await call('sale', 'PUT', `/api/v1/jobs/${j.id}`, { ...j, filled: 2 });
    expect(put.statusCode).toBe(400);
    expect(put.json().code).toBe('read_only');
  });

  it('refuses no opening, a project of another customer and a non-recruiter as recruiter', async () => {
    expect((await call('sale', 'POST', '/api/v1/jobs', { title: 'x', customerId, openings: 0 })).statusCode).toBe(400);
    const projects = (await call('admin', 'GET', '/api/v1/projects?_start=0&_end=100')).json() as Array<{ id: string; customerId: string }>;
    const other = projects.find((p) => p.customerId !== customerId)!;
    const res = await call('admin', 'POST', '/api/v1/jobs', { title: 'x', customerId, projectId: other.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().issues.projectId.code).toBe('project_other_customer');
    const bad = await call('admin', 'POST', '/api/v1/jobs', { title: 'x', customerId, recruiterIds: [t.users.developer.id] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'not_recruiter', issues: { recruiterIds: { code: 'not_recruiter' } } });
  });

  it('a sale edits only the jobs they own', async () => {
    const led = await job({}, 'sale_lead');
    const res = await call('sale', 'PATCH', `/api/v1/jobs/${led.id}`, { priority: 'urgent' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_owner');
  });

  it('filters by status, priority, customer and deadline, and searches titles without accents', async () => {
    const j = await job({ priority: 'urgent', deadline: '2031-05-05', title: `Kỹ sư Đặc biệt ${Date.now()}` });
    const url = `/api/v1/jobs?_start=0&_end=50&status=open&priority=urgent&customerId=${customerId}&deadline_gte=2031-05-01&deadline_lte=2031-05-31&q=ky su dac biet`;
    const rows = (await call('manager', 'GET', url)).json() as Array<{ id: string }>;
    expect(rows.map((r) => r.id)).toEqual([j.id]);
  });

  it('demo data: jobs at every status and priority, pipelines at every stage', async () => {
    const rows = (await call('admin', 'GET', '/api/v1/jobs?_start=0&_end=200&createdAt_lte=2000-01-01')).json() as unknown[];
    expect(rows).toEqual([]);
    const all = (await call('admin', 'GET', '/api/v1/jobs?_start=0&_end=200')).json() as Array<{
      id: string;
      status: string;
      priority: string;
      openings: number;
      filled: number;
    }>;
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['open', 'on_hold', 'filled', 'closed']));
    expect(new Set(all.map((r) => r.priority))).toEqual(new Set(['low', 'medium', 'high', 'urgent']));
    const stages = new Set<string>();
    for (const j of all) {
      const pipeline = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json() as Array<{ stage: string }>;
      pipeline.forEach((p) => stages.add(p.stage));
      expect(pipeline.filter((p) => p.stage === 'hired').length).toBe(j.filled);
      if (j.status === 'filled') expect(j.filled).toBe(j.openings);
    }
    expect(stages.size).toBe(8);
  });
});

describe('pipeline', () => {
  it('adds, lists, searches (accent-free), moves with a note and removes, keeping every event', async () => {
    const j = await job();
    const a = await candidate('Đặng Văn Khoa');
    const b = await candidate('Lê Thị Mai');
    const added = await add('hr', j.id, a.id);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ jobId: j.id, candidateId: a.id, candidateName: a.fullName, stage: 'sourced' });
    expect((await add('hr', j.id, b.id)).statusCode).toBe(201);

    const list = (await call('manager', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json() as Array<{ candidateId: string }>;
    expect(list.map((r) => r.candidateId).sort()).toEqual([a.id, b.id].sort());
    const found = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates?q=dang van`)).json() as Array<{ candidateId: string }>;
    expect(found.map((r) => r.candidateId)).toEqual([a.id]);

    const moved = await move('hr', j.id, a.id, 'screening', 'Phone screen booked');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().stage).toBe('screening');
    expect((await move('sale', j.id, a.id, 'submitted')).statusCode).toBe(200);
    const byStage = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates?stage=submitted`)).json() as Array<{ candidateId: string }>;
    expect(byStage.map((r) => r.candidateId)).toEqual([a.id]);

    const removed = await call('hr', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${a.id}`);
    expect(removed.statusCode).toBe(204);
    const after = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json() as Array<{ candidateId: string }>;
    expect(after.map((r) => r.candidateId)).toEqual([b.id]);
    expect((await call('hr', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${a.id}`)).statusCode).toBe(404);

    const history = (await call('sale', 'GET', `/api/v1/jobs/${j.id}/candidates/${a.id}/history`)).json() as Array<Record<string, unknown>>;
    expect(history.map((e) => [e.fromStage, e.toStage])).toEqual([
      [null, 'sourced'],
      ['sourced', 'screening'],
      ['screening', 'submitted'],
      ['submitted', null],
    ]);
    expect(history[1]).toMatchObject({ note: 'Phone screen booked', byUserId: t.users.hr.id });
    expect(typeof history[1]!.byUserName).toBe('string');
    // Added again after removal: a fresh row, the earlier history kept.
    expect((await add('hr', j.id, a.id)).statusCode).toBe(201);
    const again = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates/${a.id}/history`)).json() as unknown[];
    expect(again).toHaveLength(5);
  });

  it('a candidate already in the pipeline is a 409; a missing one a reference error; a closed job refuses adds', async () => {
    const j = await job();
    const c = await candidate();
    expect((await add('hr', j.id, c.id)).statusCode).toBe(201);
    const dup = await add('hr_lead', j.id, c.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      statusCode: 409,
      code: 'already_in_pipeline',
      issues: { candidateId: { code: 'already_in_pipeline' } },
    });
    const missing = await add('hr', j.id, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('reference_missing');
    expect((await add('hr', '00000000-0000-4000-8000-000000000000', c.id)).statusCode).toBe(404);
    const closed = await job({ status: 'closed' });
    const res = await add('hr', closed.id, c.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('job_closed');
  });

  it('two recruiters move one candidate: the move made on a stage moved since is refused (412) naming the first, and kept out of the history', async () => {
    const j = await job();
    const c = await candidate();
    const added = await add('hr', j.id, c.id);
    const seen = (added.json() as { version: string }).version;
    const board = (await call('hr_lead', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json() as Array<{
      candidateId: string;
      version: string;
    }>;
    expect(board.find((r) => r.candidateId === c.id)?.version).toBe(seen);
    const moveSeen = async (role: Role, stage: string, tag: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/jobs/${j.id}/candidates/${c.id}/status`,
        headers: { ...(await t.auth(role)), 'if-match': tag },
        payload: { stage },
      });
    const first = await moveSeen('hr', 'screening', seen);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(first.json().version);
    expect(first.json().version).not.toBe(seen);
    const second = await moveSeen('hr_lead', 'rejected', seen);
    expect(second.statusCode, second.body).toBe(412);
    expect(second.json()).toMatchObject({
      code: 'stale_record',
      details: { changedBy: { id: t.users.hr.id }, current: { stage: 'screening' }, version: first.json().version },
    });
    const history = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates/${c.id}/history`)).json() as Array<{ toStage: string }>;
    expect(history.map((e) => e.toStage)).toEqual(['sourced', 'screening']);
    // From the stage as it is now, the move goes through.
    expect((await moveSeen('hr_lead', 'rejected', first.json().version)).statusCode).toBe(200);
  });

  it('stage rules: no move to the same stage; out of hired, rejected or withdrawn only by a lead', async () => {
    const j = await job();
    const c = await candidate();
    await add('hr', j.id, c.id);
    const same = await move('hr', j.id, c.id, 'sourced');
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: 'stage_unchanged', issues: { stage: { code: 'stage_unchanged' } } });
    expect((await move('hr', j.id, c.id, 'rejected', 'Not enough Kubernetes')).statusCode).toBe(200);
    for (const role of ['hr', 'sale'] as const) {
      const res = await move(role, j.id, c.id, 'screening');
      expect(res.statusCode, role).toBe(422);
      expect(res.json().code).toBe('stage_final');
    }
    expect((await move('hr_lead', j.id, c.id, 'screening', 'Customer reconsidered')).statusCode).toBe(200);
    expect((await move('hr', j.id, c.id, 'nowhere')).statusCode).toBe(400);
  });

  it('out of hired only by a lead: a recruiter or the owning sale moving a hire back is refused, and the opening stays taken', async () => {
    const j = await job({ openings: 2 });
    const c = await candidate();
    await add('hr', j.id, c.id);
    expect((await move('hr', j.id, c.id, 'hired')).statusCode).toBe(200);
    for (const role of ['hr', 'sale'] as const)
      for (const stage of ['offered', 'rejected', 'withdrawn']) {
        const res = await move(role, j.id, c.id, stage);
        expect(res.statusCode, `${role} → ${stage}`).toBe(422);
        expect(res.json()).toMatchObject({ code: 'stage_final', issues: { stage: { code: 'stage_final' } } });
      }
    const pipeline = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json() as Array<{ candidateId: string; stage: string }>;
    expect(pipeline.find((p) => p.candidateId === c.id)?.stage).toBe('hired');
    expect((await call('hr', 'GET', `/api/v1/jobs/${j.id}`)).json()).toMatchObject({ filled: 1 });
    const undone = await move('hr_lead', j.id, c.id, 'offered', 'The customer withdrew the offer');
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/jobs/${j.id}`)).json()).toMatchObject({ filled: 0 });
  });

  it('a hire fills an opening; the last one makes the job filled; a lead undoing it reopens the job', async () => {
    const j = await job({ openings: 2 });
    const [a, b, c] = [await candidate(), await candidate(), await candidate()];
    for (const x of [a, b, c]) await add('hr', j.id, x.id);
    expect((await move('hr', j.id, a.id, 'hired')).statusCode).toBe(200);
    let now = (await call('hr', 'GET', `/api/v1/jobs/${j.id}`)).json();
    expect(now).toMatchObject({ filled: 1, status: 'open' });
    expect((await move('hr', j.id, b.id, 'hired', 'Signed')).statusCode).toBe(200);
    now = (await call('hr', 'GET', `/api/v1/jobs/${j.id}`)).json();
    expect(now).toMatchObject({ filled: 2, status: 'filled' });
    const third = await move('hr', j.id, c.id, 'hired');
    expect(third.statusCode).toBe(422);
    expect(third.json().code).toBe('no_opening_left');
    // Only a lead takes a hire back, by a move or a removal.
    expect((await call('hr', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${b.id}`)).json().code).toBe('stage_final');
    expect((await call('sale_lead', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${b.id}`)).statusCode).toBe(204);
    now = (await call('hr', 'GET', `/api/v1/jobs/${j.id}`)).json();
    expect(now).toMatchObject({ filled: 1, status: 'open' });
  });

  it('openings never fall below the hires; open and filled follow the openings both ways', async () => {
    const j = await job({ openings: 2 });
    const [a, b] = [await candidate(), await candidate()];
    for (const x of [a, b]) {
      await add('hr', j.id, x.id);
      expect((await move('hr', j.id, x.id, 'hired')).statusCode).toBe(200);
    }
    const full = (await call('sale', 'GET', `/api/v1/jobs/${j.id}`)).json();
    expect(full).toMatchObject({ openings: 2, filled: 2, status: 'filled' });

    const below = await call('sale', 'PATCH', `/api/v1/jobs/${j.id}`, { openings: 1 });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'openings_below_hires',
      issues: { openings: { code: 'openings_below_hires', params: { hires: 2, openings: 1 } } },
    });

    // One more opening: open again, and listed among the open jobs. The form sends the whole record back (PUT).
    const more = await call('sale', 'PUT', `/api/v1/jobs/${j.id}`, { ...full, openings: 3 });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ openings: 3, filled: 2, status: 'open' });
    const open = (await call('hr', 'GET', `/api/v1/jobs?_start=0&_end=50&status=open&q=${encodeURIComponent(j.title)}`)).json();
    expect((open as Array<{ id: string }>).map((r) => r.id)).toContain(j.id);
    // Back down to the hires: filled, and told as a status change.
    const told = (await notified(j.id, 'job_status_changed')).length;
    const back = await call('sale', 'PATCH', `/api/v1/jobs/${j.id}`, { openings: 2 });
    expect(back.json()).toMatchObject({ openings: 2, status: 'filled' });
    expect((await notified(j.id, 'job_status_changed')).length).toBeGreaterThan(told);
    // Nobody hired: a job cannot be declared filled.
    const empty = await job({ openings: 1, status: 'filled' });
    expect(empty.status).toBe('open');
  });

  it('nobody is hired into a closed or on-hold job; other moves go on', async () => {
    const j = await job({ openings: 2 });
    const c = await candidate();
    await add('hr', j.id, c.id);
    for (const status of ['on_hold', 'closed']) {
      expect((await call('sale', 'PATCH', `/api/v1/jobs/${j.id}`, { status })).json().status).toBe(status);
      const hire = await move('hr_lead', j.id, c.id, 'hired');
      expect(hire.statusCode, status).toBe(422);
      expect(hire.json()).toMatchObject({ code: 'job_closed', issues: { stage: { code: 'job_closed' } } });
    }
    expect((await move('hr', j.id, c.id, 'interview')).statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/jobs/${j.id}`)).json()).toMatchObject({ filled: 0, status: 'closed' });
    // Reopened, the hire goes through.
    expect((await call('sale', 'PATCH', `/api/v1/jobs/${j.id}`, { status: 'open' })).statusCode).toBe(200);
    expect((await move('hr', j.id, c.id, 'hired')).statusCode).toBe(200);
  });

  it('searches the candidates not yet in the pipeline, without accents', async () => {
    const j = await job();
    const [out, inside] = [await candidate('José Ramírez'), await candidate('José Ramírez')];
    expect((await add('hr', j.id, inside.id)).statusCode).toBe(201);
    const search = (role: Role, query: Record<string, string>) =>
      call(role, 'GET', `/api/v1/jobs/${j.id}/candidates/search?${new URLSearchParams(query).toString()}`);

    const res = await search('manager', { q: 'jose ramirez', limit: '50' });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as Array<{ id: string }>).map((r) => r.id);
    expect(ids).toContain(out.id);
    expect(ids).not.toContain(inside.id);
    const suffix = out.fullName.slice('José Ramírez '.length);
    expect((await search('hr', { q: `JOSE RAMIREZ ${suffix}` })).json()).toEqual([
      { id: out.id, label: out.fullName, email: null, phone: null },
    ]);
    expect((await search('hr', { q: `jose ramirez ${inside.fullName.slice('José Ramírez '.length)}` })).json()).toEqual([]);
    // Without q: the first names not in the pipeline, capped.
    expect((await search('hr', { limit: '5' })).json()).toHaveLength(5);

    expect((await search('developer', { q: 'jose' })).statusCode).toBe(403);
    expect((await call('hr', 'GET', '/api/v1/jobs/00000000-0000-4000-8000-000000000000/candidates/search?q=jose')).statusCode).toBe(404);
    for (const bad of [{ limit: '500' }, { offset: '-1' }, { sort: 'name' }] as Array<Record<string, string>>)
      expect((await search('hr', bad)).statusCode, JSON.stringify(bad)).toBe(400);

    // Documented, with its query.
    const doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
    const op = doc.paths[openApiPath('/api/v1/jobs/:id/candidates/search')]?.get;
    expect(op?.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['q', 'limit', 'offset']);
  });

  it("a candidate's jobs: each pipeline they are in, with its customer and their stage, the latest move first", async () => {
    const c = await candidate('Phạm Minh Tuấn');
    const [first, second, third] = [await job(), await job(), await job()];
    for (const j of [first, second, third]) expect((await add('hr', j.id, c.id)).statusCode).toBe(201);
    expect((await move('hr', first.id, c.id, 'screening')).statusCode).toBe(200);
    expect((await call('hr', 'DELETE', `/api/v1/jobs/${third.id}/candidates/${c.id}`)).statusCode).toBe(204);
    const res = await call('manager', 'GET', `/api/v1/candidates/${c.id}/jobs`);
    expect(res.statusCode, res.body).toBe(200);
    const customer = (await call('admin', 'GET', `/api/v1/customers/${customerId}`)).json() as { name: string };
    // The one moved last first; the job left is not listed.
    expect(res.json()).toEqual([
      expect.objectContaining({
        jobId: first.id,
        jobTitle: first.title,
        jobStatus: 'open',
        customerId,
        customerName: customer.name,
        stage: 'screening',
      }),
      expect.objectContaining({ jobId: second.id, jobTitle: second.title, stage: 'sourced' }),
    ]);
    // Someone in no pipeline: none; a missing or archived candidate: 404; a bad id: 400; no jobs section: 403.
    const alone = await candidate();
    expect((await call('hr', 'GET', `/api/v1/candidates/${alone.id}/jobs`)).json()).toEqual([]);
    expect((await call('hr', 'GET', `/api/v1/candidates/${crypto.randomUUID()}/jobs`)).statusCode).toBe(404);
    expect((await call('hr_lead', 'DELETE', `/api/v1/candidates/${alone.id}`)).statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/candidates/${alone.id}/jobs`)).statusCode).toBe(404);
    expect((await call('hr', 'GET', '/api/v1/candidates/not-an-id/jobs')).statusCode).toBe(400);
    expect((await call('developer', 'GET', `/api/v1/candidates/${c.id}/jobs`)).statusCode).toBe(403);
  });

  it('is read by the section and changed by recruiters, leads and the owning sale only', async () => {
    const j = await job();
    const c = await candidate();
    expect((await call('developer', 'GET', `/api/v1/jobs/${j.id}/candidates`)).statusCode).toBe(403);
    expect((await add('manager', j.id, c.id)).statusCode).toBe(403);
    expect((await add('developer', j.id, c.id)).statusCode).toBe(403);
    const other = await job({}, 'sale_lead');
    const res = await add('sale', other.id, c.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_owner');
    expect((await add('sale', j.id, c.id)).statusCode).toBe(201);
    expect((await move('manager', j.id, c.id, 'screening')).statusCode).toBe(403);
    expect((await call('developer', 'GET', `/api/v1/jobs/${j.id}/candidates/${c.id}/history`)).statusCode).toBe(403);
  });
});

describe('notifications', () => {
  it('a new job tells every active recruiter, never its author', async () => {
    const j = await job({}, 'hr_lead');
    const recipients = (await notified(j.id, 'job_created')).map((n) => n.userId);
    const recruiters = await t.services.db.select({ id: users.id, role: users.role, status: users.status }).from(users);
    const expected = recruiters.filter(
      (u) => (u.role === 'hr' || u.role === 'hr_lead') && u.status === 'active' && u.id !== t.users.hr_lead.id,
    );
    expect(recipients.sort()).toEqual(expected.map((u) => u.id).sort());
    expect(recipients).not.toContain(t.users.hr_lead.id);
  });

  it('job and pipeline events tell the sale owner and assigned recruiters, with the job and the actor, never the actor', async () => {
    const j = await job({ recruiterIds: [t.users.hr.id, t.users.hr_lead.id] });
    const c = await candidate();
    const expectTold = async (type: string, expected: string[], actor: string) => {
      const rows = await notified(j.id, type);
      expect(rows.map((r) => r.userId).sort(), type).toEqual([...expected].sort());
      expect(rows.every((r) => r.changedBy === actor)).toBe(true);
    };
    await call('sale', 'PATCH', `/api/v1/jobs/${j.id}`, { priority: 'urgent' });
    await expectTold('job_updated', [t.users.hr.id, t.users.hr_lead.id], t.users.sale.id);
    await call('admin', 'PATCH', `/api/v1/jobs/${j.id}`, { status: 'on_hold' });
    await expectTold('job_status_changed', [t.users.sale.id, t.users.hr.id, t.users.hr_lead.id], t.users.admin.id);
    await call('admin', 'PATCH', `/api/v1/jobs/${j.id}`, { status: 'open' });

    await add('hr', j.id, c.id);
    await expectTold('candidate_added', [t.users.sale.id, t.users.hr_lead.id], t.users.hr.id);
    await move('hr_lead', j.id, c.id, 'screening', 'ok');
    await expectTold('candidate_status_changed', [t.users.sale.id, t.users.hr.id], t.users.hr_lead.id);
    await call('sale', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${c.id}`);
    await expectTold('candidate_removed', [t.users.hr.id, t.users.hr_lead.id], t.users.sale.id);
  });
});

describe('CV sent to the customer', () => {
  const upload = async (role: Role, jobId: string, candidateId: string, file: Parameters<typeof multipart>[0]) => {
    const body = multipart(file);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${jobId}/candidates/${candidateId}/cv`,
      payload: body.payload,
      headers: { ...(await t.auth(role)), ...body.headers },
    });
  };

  it('round-trips a PDF, is replaced by a DOCX, shows on the row, and is deleted', async () => {
    const j = await job();
    const c = await candidate();
    await add('hr', j.id, c.id);
    const content = await pdf('cv');
    const up = await upload('hr', j.id, c.id, { name: 'CV Lê Thị Hồng.pdf', type: 'application/pdf', content });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ name: 'CV Lê Thị Hồng.pdf', mime: 'application/pdf', size: content.length });
    const down = await call('manager', 'GET', `/api/v1/jobs/${j.id}/candidates/${c.id}/cv`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(down.rawPayload, content)).toBe(0);
    expect((await upload('sale', j.id, c.id, { name: 'cv.docx', content: docx() })).statusCode).toBe(200);
    const row = (await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json()[0];
    expect(row.cv.name).toBe('cv.docx');
    expect((await call('manager', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${c.id}/cv`)).statusCode).toBe(403);
    expect((await call('hr', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${c.id}/cv`)).statusCode).toBe(204);
    expect((await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates/${c.id}/cv`)).statusCode).toBe(404);
    expect((await call('hr', 'DELETE', `/api/v1/jobs/${j.id}/candidates/${c.id}/cv`)).statusCode).toBe(404);
  });

  it('refuses a picture with 415 and a file over the limit with 413; a candidate not in the pipeline is a 404', async () => {
    const j = await job();
    const c = await candidate();
    expect((await upload('hr', j.id, c.id, { name: 'cv.pdf', content: await pdf('x') })).statusCode).toBe(404);
    await add('hr', j.id, c.id);
    const pic = await upload('hr', j.id, c.id, { name: 'photo.png', type: 'image/png', content: png(8) });
    expect(pic.statusCode).toBe(415);
    expect(pic.json()).toMatchObject({ code: 'file_type', issues: { file: { code: 'file_type' } } });
    const big = await upload('hr', j.id, c.id, { name: 'big.pdf', content: Buffer.concat([await pdf('big'), Buffer.alloc(LIMIT)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('file_too_large');
    expect((await call('hr', 'GET', `/api/v1/jobs/${j.id}/candidates`)).json()[0].cv).toBeNull();
  });
});
