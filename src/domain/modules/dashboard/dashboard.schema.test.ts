import { describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from './dashboard.schema.js';
import { id } from '../../../../tests/fixtures/schema-issues.js';

// The home page's answer goes out through this schema (the server's serializer): what it does not
// declare never leaves the server, and an answer that does not fit it is a server fault, not data.

const leave = { id: id(1), type: 'annual', startDate: '2026-12-21', endDate: '2026-12-23', halfDay: null, days: 3 } as const;

const full: Dashboard = {
  today: '2026-11-26',
  week: { from: '2026-11-23', to: '2026-11-29' },
  recruitment: {
    openJobsByPriority: [
      { priority: 'low', count: 0 },
      { priority: 'medium', count: 4 },
      { priority: 'high', count: 2 },
      { priority: 'urgent', count: 1 },
    ],
    pipelineByStage: [
      { stage: 'sourced', count: 12 },
      { stage: 'interview', count: 3 },
    ],
    candidatesAdded: { count: 5, recent: [{ id: id(2), fullName: 'Nguyễn Thị Hồng', createdAt: '2026-11-25T10:00:00.000Z' }] },
    moves: {
      count: 2,
      recent: [
        {
          id: id(3),
          jobId: id(4),
          jobTitle: 'Data engineer',
          candidateId: id(2),
          candidateName: 'Nguyễn Thị Hồng',
          fromStage: null,
          toStage: 'sourced',
          createdAt: '2026-11-25T10:05:00.000Z',
        },
        {
          id: id(5),
          jobId: id(4),
          jobTitle: 'Data engineer',
          candidateId: id(2),
          candidateName: 'Nguyễn Thị Hồng',
          fromStage: 'sourced',
          toStage: 'screening',
          createdAt: '2026-11-26T08:00:00.000Z',
        },
      ],
    },
  },
  leave: {
    balance: { year: 2026, entitlement: 12, carried: 2, used: 4.5, pending: 3, remaining: 6.5 },
    next: leave,
  },
  team: {
    upcoming: [
      {
        ...leave,
        id: id(6),
        halfDay: 'pm',
        startDate: '2026-11-27',
        endDate: '2026-11-27',
        days: 0.5,
        userId: id(7),
        fullName: 'Trần Văn An',
      },
    ],
    pendingApprovals: 3,
  },
  workforce: { activeHeadcount: 42, bench: 5, byCustomer: [{ customerId: id(8), name: 'Acme', count: 30 }] },
  hours: { logged: 31.5, expected: 40 },
  utilisation: { from: '2026-11-01', to: '2026-11-26', billableHours: 2400.25, availableHours: 3000, rate: 0.8001 },
};

describe('the dashboard answer', () => {
  it('keeps every figure of every block', () => {
    expect(dashboardSchema.parse(full)).toEqual(full);
  });

  it("a developer's answer carries only its own blocks; no leave to come and nobody available are empty, not missing", () => {
    const developer = {
      today: full.today,
      week: full.week,
      leave: { balance: full.leave!.balance, next: null },
      hours: { logged: 0, expected: 0 },
    };
    expect(dashboardSchema.parse(developer)).toEqual(developer);
    const nobody = { ...full, utilisation: { ...full.utilisation!, availableHours: 0, rate: null } };
    expect(dashboardSchema.parse(nobody)).toEqual(nobody);
  });

  it('sends nothing it does not declare', () => {
    const leaky = {
      ...full,
      salaryTotal: 1,
      workforce: { ...full.workforce!, byCustomer: [{ ...full.workforce!.byCustomer[0]!, billRate: 5000 }] },
      team: { ...full.team!, upcoming: [{ ...full.team!.upcoming[0]!, email: 'an@example.com' }] },
    };
    expect(dashboardSchema.parse(leaky)).toEqual(full);
  });

  it.each<[string, (d: Dashboard) => unknown]>([
    ['a week without its end', (d) => ({ ...d, week: { from: d.week.from } })],
    [
      'a priority the jobs do not have',
      (d) => ({ ...d, recruitment: { ...d.recruitment!, openJobsByPriority: [{ priority: 'asap', count: 1 }] } }),
    ],
    ['a stage count without its count', (d) => ({ ...d, recruitment: { ...d.recruitment!, pipelineByStage: [{ stage: 'hired' }] } })],
    ['added candidates without their count', (d) => ({ ...d, recruitment: { ...d.recruitment!, candidatesAdded: { recent: [] } } })],
    [
      'a recent candidate without a name',
      (d) => ({ ...d, recruitment: { ...d.recruitment!, candidatesAdded: { count: 1, recent: [{ id: id(2), createdAt: d.today }] } } }),
    ],
    ['moves without their count', (d) => ({ ...d, recruitment: { ...d.recruitment!, moves: { recent: [] } } })],
    [
      'a move to no stage',
      (d) => ({
        ...d,
        recruitment: { ...d.recruitment!, moves: { count: 1, recent: [{ ...d.recruitment!.moves.recent[0]!, toStage: null }] } },
      }),
    ],
    ['a balance without what remains', (d) => ({ ...d, leave: { ...d.leave!, balance: { ...d.leave!.balance, remaining: undefined } } })],
    ['a next leave of an unknown type', (d) => ({ ...d, leave: { ...d.leave!, next: { ...leave, type: 'holiday' } } })],
    ['a next leave without its days', (d) => ({ ...d, leave: { ...d.leave!, next: { ...leave, days: undefined } } })],
    ['a colleague’s leave without whose it is', (d) => ({ ...d, team: { ...d.team!, upcoming: [{ ...leave }] } })],
    ['a team block without its pending count', (d) => ({ ...d, team: { upcoming: [] } })],
    ['a workforce without its bench', (d) => ({ ...d, workforce: { activeHeadcount: 1, byCustomer: [] } })],
    [
      'a customer’s seats without the customer',
      (d) => ({ ...d, workforce: { ...d.workforce!, byCustomer: [{ name: 'Acme', count: 1 }] } }),
    ],
    ['hours without the expected ones', (d) => ({ ...d, hours: { logged: 8 } })],
    ['a utilisation without its rate', (d) => ({ ...d, utilisation: { ...d.utilisation!, rate: undefined } })],
    ['a utilisation rate as text', (d) => ({ ...d, utilisation: { ...d.utilisation!, rate: '80%' } })],
  ])('refuses %s', (_, broken) => {
    expect(dashboardSchema.safeParse(broken(full)).success).toBe(false);
  });
});
