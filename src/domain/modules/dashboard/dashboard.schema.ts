import { z } from 'zod';
import { JOB_PRIORITY_VALUES, PIPELINE_STAGE_VALUES } from '../jobs/jobs.schema.js';
import { LEAVE_REQUEST_HALF_DAY_VALUES, LEAVE_REQUEST_TYPE_VALUES, leaveBalanceSchema } from '../leave-requests/leave-requests.schema.js';

// The home page's figures in one answer: each block is present only for the roles that may see
// its data (dashboard.rules.ts), so that a developer's answer carries no job or headcount number.

const leave = z.object({
  id: z.uuid(),
  type: z.enum(LEAVE_REQUEST_TYPE_VALUES),
  startDate: z.string(),
  endDate: z.string(),
  halfDay: z.enum(LEAVE_REQUEST_HALF_DAY_VALUES).nullable(),
  days: z.number(),
});

export const recruitmentBlockSchema = z.object({
  /** Open jobs per priority, every priority listed (zero included). */
  openJobsByPriority: z.array(z.object({ priority: z.enum(JOB_PRIORITY_VALUES), count: z.number() })),
  /** Candidates in the pipelines of open jobs, per stage, every stage listed. */
  pipelineByStage: z.array(z.object({ stage: z.enum(PIPELINE_STAGE_VALUES), count: z.number() })),
  /** Candidates the caller created this week (newest first, a few) and how many in all. */
  candidatesAdded: z.object({
    count: z.number(),
    recent: z.array(z.object({ id: z.uuid(), fullName: z.string(), createdAt: z.string() })),
  }),
  /** Pipeline moves the caller made this week (an addition is a move into its first stage). */
  moves: z.object({
    count: z.number(),
    recent: z.array(
      z.object({
        id: z.uuid(),
        jobId: z.uuid(),
        jobTitle: z.string(),
        candidateId: z.uuid(),
        candidateName: z.string(),
        fromStage: z.enum(PIPELINE_STAGE_VALUES).nullable(),
        toStage: z.enum(PIPELINE_STAGE_VALUES),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const leaveBlockSchema = z.object({
  balance: leaveBalanceSchema,
  /** The caller's next (or current) approved leave, if any. */
  next: leave.nullable(),
});

export const teamBlockSchema = z.object({
  /** Approved leave of the people whose leave the caller sees, today and in the coming weeks (not their own). */
  upcoming: z.array(leave.extend({ userId: z.uuid(), fullName: z.string() })),
  /** Requests waiting for the caller's approval now (what /leave/approvals lists). */
  pendingApprovals: z.number(),
});

export const workforceBlockSchema = z.object({
  /** Active seats today. */
  activeHeadcount: z.number(),
  /** Active developers with no seat today (the bench). */
  bench: z.number(),
  /** Active seats today per customer, most first. */
  byCustomer: z.array(z.object({ customerId: z.uuid(), name: z.string(), count: z.number() })),
});

export const hoursBlockSchema = z.object({
  /** Hours the caller logged this week (Monday to Sunday). */
  logged: z.number(),
  /** What a full week asks: 8 h a working day, less public holidays and the caller's approved leave. */
  expected: z.number(),
});

export const utilisationBlockSchema = z.object({
  /** The month so far: its first day to today. */
  from: z.string(),
  to: z.string(),
  /** Hours active developers logged on a seat (billable). */
  billableHours: z.number(),
  /** Their working hours in the period, less public holidays and approved leave. */
  availableHours: z.number(),
  /** billable ÷ available, 0–1 (more when people log overtime); null when nobody was available. */
  rate: z.number().nullable(),
});

const sum = z.object({ total: z.string(), count: z.number().int() });
export const revenueBlockSchema = z.object({
  /** The firm's base currency: every amount is in it (each invoice's total at its rate). */
  baseCurrency: z.string(),
  /** Revenue (invoices not cancelled) billed for this month and the last (`period`, `YYYY-MM`). */
  thisMonth: sum.extend({ period: z.string() }),
  lastMonth: sum.extend({ period: z.string() }),
  /** Sent and unpaid. */
  outstanding: sum,
  /** Sent, unpaid, due before today. */
  overdue: sum,
});

/** One month of the P&L, in the base currency; null where the caller may not see it (a salary cost of too few people). */
const monthPnl = z.object({
  period: z.string(),
  revenue: z.string(),
  salaryCost: z.string().nullable(),
  externalCost: z.string(),
  profit: z.string().nullable(),
  /** Per cent with one decimal; null without revenue or when hidden. */
  margin: z.string().nullable(),
});
export const profitBlockSchema = z.object({
  baseCurrency: z.string(),
  thisMonth: monthPnl,
  lastMonth: monthPnl,
  /** This month's external costs by category, largest first. */
  costsByCategory: z.array(z.object({ category: z.string(), total: z.string() })),
  /** This month's salary cost no project takes (the bench and overhead); null when hidden. */
  benchCost: z.string().nullable(),
  /** Whether the caller may open salary rows (the Salary section). */
  salaryDetail: z.boolean(),
});

export type ProfitBlock = z.infer<typeof profitBlockSchema>;

export const dashboardSchema = z.object({
  today: z.string(),
  week: z.object({ from: z.string(), to: z.string() }),
  recruitment: recruitmentBlockSchema.optional(),
  leave: leaveBlockSchema.optional(),
  team: teamBlockSchema.optional(),
  workforce: workforceBlockSchema.optional(),
  hours: hoursBlockSchema.optional(),
  utilisation: utilisationBlockSchema.optional(),
  /** The leads' and admin's: the firm's; a sale's: their customers'. */
  revenue: revenueBlockSchema.optional(),
  /** The P&L's roles': this month against the last, costs by category, the bench's cost. */
  profit: profitBlockSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardBlock = Exclude<keyof Dashboard, 'today' | 'week'>;
