import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The demo firm reads as a real one: projects named apart, jobs asking for the stacks their
// titles say, pipelines with people offered, rejected and withdrawn and the CVs sent, phones
// in the candidate's country, and a year of everyone's leave.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const get = async <T>(role: Role, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.auth(role) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('the demo firm', () => {
  it('has distinct projects at several statuses', async () => {
    const rows = await get<Array<{ name: string; status: string }>>('admin', '/api/v1/projects?_start=0&_end=200');
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['active', 'paused', 'closed']));
  });

  it('has jobs whose stacks fit their titles, and pipelines with every way out and the CVs sent', async () => {
    const stacks = new Map(
      (await get<Array<{ id: string; name: string }>>('admin', '/api/v1/tech-stacks?_start=0&_end=200')).map((s) => [s.id, s.name]),
    );
    const jobs = await get<Array<{ id: string; title: string; techStackIds: string[] }>>('admin', '/api/v1/jobs?_start=0&_end=100');
    const fits: Record<string, string> = { Java: 'Java', React: 'React', iOS: 'iOS', Android: 'Android', Flutter: 'Flutter', Golang: 'Go' };
    for (const j of jobs)
      for (const [word, stack] of Object.entries(fits))
        if (j.title.includes(word))
          expect(
            j.techStackIds.map((id) => stacks.get(id)),
            j.title,
          ).toContain(stack);
    const stages = new Set<string>();
    let cvs = 0;
    for (const j of jobs) {
      const rows = await get<Array<{ stage: string; cv: { name: string } | null }>>('admin', `/api/v1/jobs/${j.id}/candidates`);
      for (const r of rows) {
        stages.add(r.stage);
        if (r.cv) {
          expect(['submitted', 'interview', 'offered', 'hired']).toContain(r.stage);
          cvs++;
        }
      }
    }
    for (const s of ['offered', 'rejected', 'withdrawn', 'hired']) expect(stages).toContain(s);
    expect(cvs).toBeGreaterThanOrEqual(5);
  });

  it("gives candidates abroad their country's calling code", async () => {
    const codes: Record<string, string> = { Tokyo: '+81', Paris: '+33', Berlin: '+49', Dubai: '+971', Sydney: '+61', Seoul: '+82' };
    let checked = 0;
    for (const [city, code] of Object.entries(codes)) {
      const rows = await get<Array<{ location: string; phone: string }>>('hr', `/api/v1/candidates?_start=0&_end=50&q=${city}`);
      for (const r of rows.filter((x) => x.location === city)) {
        expect(r.phone.startsWith(`${code} `), `${city}: ${r.phone}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('has a History: who made each job and who changed its status, as the services write it', async () => {
    const jobs = await get<Array<{ id: string; status: string }>>('admin', '/api/v1/jobs?_start=0&_end=100');
    type History = {
      data: Array<{ action: string; actor: { fullName: string } | null; changes: Array<{ field: string; from: unknown; to: unknown }> }>;
    };
    const open = jobs.find((j) => j.status === 'open')!;
    const filled = jobs.find((j) => j.status === 'filled')!;
    const first = await get<History>('admin', `/api/v1/audit?entity=jobs&entityId=${open.id}`);
    expect(first.data.map((e) => e.action)).toEqual(['created']);
    expect(first.data[0]!.actor?.fullName).toBeTruthy();
    const changed = await get<History>('admin', `/api/v1/audit?entity=jobs&entityId=${filled.id}`);
    expect(changed.data.map((e) => e.action)).toEqual(['updated', 'created']);
    expect(changed.data[0]!.changes).toContainEqual({ field: 'status', from: 'open', to: 'filled' });
  });

  it('has a year of leave for everyone, about ten days a person, with a few annual days left', async () => {
    const year = new Date().getFullYear();
    const people = await get<Array<{ id: string }>>('admin', '/api/v1/user?_start=0&_end=200');
    const days = new Map<string, number>();
    for (const p of people) {
      const leave = await get<Array<{ days: string; status: string }>>(
        'admin',
        `/api/leave-requests?_start=0&_end=50&userId=${p.id}&startDate_gte=${year}-01-01&startDate_lte=${year}-12-31`,
      );
      days.set(
        p.id,
        leave.filter((r) => r.status !== 'rejected').reduce((a, r) => a + Number(r.days), 0),
      );
    }
    for (const p of people) expect(days.get(p.id) ?? 0, p.id).toBeGreaterThanOrEqual(6);
    const mean = [...days.values()].reduce((a, b) => a + b, 0) / people.length;
    expect(mean).toBeGreaterThanOrEqual(8);
    expect(mean).toBeLessThanOrEqual(12);
    const { balance } = await get<{ balance: { remaining: number } }>('developer', `/api/leave-requests/my-requests?year=${year}`);
    expect(balance.remaining).toBeGreaterThanOrEqual(3);
  });
  it('has a year of KPI: targets reached at different paces, approved evaluations, last quarter in draft with a question, and a slipping sale', async () => {
    const year = new Date().getUTCFullYear();
    const evaluations = await get<Array<{ state: string; period: string; total: string }>>(
      'admin',
      '/api/v1/kpi-bonus/evaluation?_start=0&_end=200',
    );
    expect(new Set(evaluations.map((e) => e.state))).toEqual(new Set(['approved', 'draft']));
    const totals = evaluations.map((e) => Number(e.total));
    expect(Math.min(...totals)).toBeLessThan(70);
    expect(Math.max(...totals)).toBeGreaterThan(100);
    const open = await get<{ data: Array<{ line: string }> }>('sale_lead', '/api/v1/kpi-bonus/evaluation/questions?open=true');
    expect(open.data.length).toBeGreaterThan(0);
    const dashboard = await get<{ rows: Array<{ quarters: Array<{ achievement: string | null; source: string }> }> }>(
      'hr_lead',
      `/api/v1/kpi/dashboard?year=${year}`,
    );
    expect(dashboard.rows.length).toBeGreaterThanOrEqual(3);
    const figures = dashboard.rows.flatMap((r) => r.quarters.filter((q) => q.source !== 'none'));
    expect(figures.every((q) => q.achievement !== null)).toBe(true);
    expect(new Set(figures.map((q) => q.source))).toContain('live');
    const mine = await get<{ metrics: Array<{ kind: string; line: { formula: string } }> }>('sale', '/api/v1/kpi/my-kpi');
    expect(mine.metrics.map((m) => m.kind)).toEqual(['revenue', 'headcount', 'custom']);
  });
});
