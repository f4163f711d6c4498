import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { formatMoney, toBaseCurrency } from '../../../domain/money.js';
import type { ExternalCostCategory } from '../../../domain/modules/external-costs/external-costs.schema.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { USD_PER_UNIT } from '../invoices/invoices.seed.js';
import { invoices } from '../invoices/invoices.table.js';
import { projects } from '../projects/projects.table.js';
import { externalCosts } from './external-costs.table.js';

interface Recurring {
  description: string;
  category: ExternalCostCategory;
  vendor: string;
  prefix: string;
  currency: string;
  amount: (month: number) => string;
  /** Months (0 = eleven months ago … 11 = this month) it falls in; every month when absent. */
  months?: readonly number[];
  day: number;
}

/** The firm's overhead: rent, tools, hardware, recruiting and marketing, as a Hanoi staffing firm pays them. */
const OVERHEAD: readonly Recurring[] = [
  {
    description: 'Office rent, Keangnam Tower floor 12',
    category: 'office',
    vendor: 'Keangnam Landmark Management',
    prefix: 'KLM',
    currency: 'VND',
    amount: () => '185000000',
    day: 5,
  },
  {
    description: 'Electricity and building services',
    category: 'office',
    vendor: 'EVN Hà Nội',
    prefix: 'EVN',
    currency: 'VND',
    amount: (m) => String(21_500_000 + (m % 4) * 1_250_000),
    day: 12,
  },
  {
    description: 'Jira and Confluence licences',
    category: 'software',
    vendor: 'Atlassian',
    prefix: 'AT',
    currency: 'USD',
    amount: (m) => (1240 + m * 15).toFixed(2),
    day: 2,
  },
  {
    description: 'GitHub Enterprise seats',
    category: 'software',
    vendor: 'GitHub',
    prefix: 'GH',
    currency: 'USD',
    amount: () => '861.00',
    day: 3,
  },
  {
    description: 'Google Workspace Business',
    category: 'software',
    vendor: 'Google Asia Pacific',
    prefix: 'GWS',
    currency: 'USD',
    amount: (m) => (1078.8 + (m > 6 ? 43.2 : 0)).toFixed(2),
    day: 1,
  },
  {
    description: 'Cloud hosting for internal tools',
    category: 'software',
    vendor: 'Amazon Web Services',
    prefix: 'AWS',
    currency: 'USD',
    amount: (m) => (612.37 + (m % 3) * 48.91).toFixed(2),
    day: 4,
  },
  {
    description: 'Laptops for new hires (Dell Latitude 7450)',
    category: 'equipment',
    vendor: 'Phong Vũ Computer',
    prefix: 'PV',
    currency: 'VND',
    amount: (m) => String(96_800_000 + (m % 2) * 48_400_000),
    months: [1, 4, 7, 10],
    day: 18,
  },
  {
    description: 'Monitors and docking stations',
    category: 'equipment',
    vendor: 'Phong Vũ Computer',
    prefix: 'PV',
    currency: 'VND',
    amount: () => '37400000',
    months: [2, 8],
    day: 22,
  },
  {
    description: 'LinkedIn Recruiter seats',
    category: 'recruitment',
    vendor: 'LinkedIn Singapore',
    prefix: 'LI',
    currency: 'SGD',
    amount: () => '2150.00',
    day: 8,
  },
  {
    description: 'TopCV job postings',
    category: 'recruitment',
    vendor: 'TopCV Việt Nam',
    prefix: 'TCV',
    currency: 'VND',
    amount: (m) => String(14_500_000 + (m % 3) * 2_000_000),
    day: 10,
  },
  {
    description: 'Tech meetup sponsorship',
    category: 'marketing',
    vendor: 'Vietnam Web Summit',
    prefix: 'VWS',
    currency: 'USD',
    amount: () => '3500.00',
    months: [3, 9],
    day: 15,
  },
  {
    description: 'Website and LinkedIn campaign',
    category: 'marketing',
    vendor: 'Brandcom Agency',
    prefix: 'BC',
    currency: 'VND',
    amount: () => '42000000',
    months: [0, 5, 10],
    day: 20,
  },
  {
    description: 'Accounting and tax filing',
    category: 'other',
    vendor: 'KPMG Việt Nam',
    prefix: 'KP',
    currency: 'USD',
    amount: () => '1800.00',
    months: [2, 5, 8, 11],
    day: 25,
  },
];

/**
 * A year of external costs for the demo firm: its overhead every month, a few direct costs of its
 * customers (travel, licences bought for a project), and one customer whose direct costs — an
 * on-site team's travel and lodging, a subcontractor, hardware shipped to it — exceed what it is
 * invoiced, so that a P&L by customer shows it losing money.
 */
export async function seedExternalCosts(db: Db, ctx: SeedContext): Promise<void> {
  const base = process.env.BASE_CURRENCY && USD_PER_UNIT[process.env.BASE_CURRENCY] ? process.env.BASE_CURRENCY : 'USD';
  const rateOf = (currency: string) => {
    if (currency === base) return '1';
    if (base === 'USD') return USD_PER_UNIT[currency] ?? '1';
    return (Number(USD_PER_UNIT[currency] ?? '1') / Number(USD_PER_UNIT[base])).toFixed(10);
  };
  const admin = ctx.users.find((u) => u.role === 'admin');
  const today = new Date();
  const monthStart = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + offset, 1));
  const dateIn = (offset: number, day: number) => {
    const d = monthStart(offset);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    const iso = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), Math.min(day, last))).toISOString().slice(0, 10);
    // Nothing dated after today.
    return iso > today.toISOString().slice(0, 10) ? today.toISOString().slice(0, 10) : iso;
  };
  const ym = (offset: number) => monthStart(offset).toISOString().slice(0, 7).replace('-', '');
  const rows: Array<typeof externalCosts.$inferInsert> = [];
  const add = (r: Omit<typeof externalCosts.$inferInsert, 'exchangeRate' | 'amountBase'>) => {
    const exchangeRate = rateOf(r.currency);
    rows.push({
      ...r,
      amount: formatMoney(r.amount, r.currency),
      exchangeRate,
      amountBase: toBaseCurrency(r.amount, exchangeRate, base),
      createdBy: admin?.id ?? null,
    });
  };

  for (let m = 0; m < 12; m++)
    for (const [i, c] of OVERHEAD.entries()) {
      if (c.months && !c.months.includes(m)) continue;
      add({
        description: c.description,
        date: dateIn(m, c.day),
        category: c.category,
        vendor: c.vendor,
        vendorInvoiceNumber: `${c.prefix}-${ym(m)}-${String(100 + i * 7 + m).padStart(4, '0')}`,
        amount: c.amount(m),
        currency: c.currency,
      });
    }

  // The customers by what they were invoiced this year (base currency, cancelled left out).
  const revenue = await db
    .select({ id: customers.id, name: customers.name, total: sql<string>`coalesce(sum(${invoices.totalBase}), 0)::text` })
    .from(customers)
    .leftJoin(invoices, and(eq(invoices.customerId, customers.id), ne(invoices.status, 'cancelled'), isNull(invoices.archivedAt)))
    .where(isNull(customers.archivedAt))
    .groupBy(customers.id, customers.name)
    .orderBy(asc(sql`coalesce(sum(${invoices.totalBase}), 0)`), asc(customers.name));
  const projectOf = async (customerId: string) =>
    (
      await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.customerId, customerId), isNull(projects.archivedAt)))
        .orderBy(asc(projects.code))
        .limit(1)
    )[0]?.id ?? null;

  // Small direct costs of a few customers: travel to their office, a licence bought for their project.
  for (const [i, c] of revenue.slice(-4).entries()) {
    const projectId = await projectOf(c.id);
    for (const m of [1 + i, 6 + i]) {
      add({
        description: `Flights and hotel, sprint review at ${c.name}`,
        date: dateIn(m, 14),
        category: 'other',
        vendor: 'Vietnam Airlines',
        vendorInvoiceNumber: `VN-${ym(m)}-${String(7300 + i * 10 + m)}`,
        amount: (1380 + i * 95.5).toFixed(2),
        currency: 'USD',
        customerId: c.id,
        projectId,
      });
    }
    add({
      description: `JetBrains licences for the ${c.name} team`,
      date: dateIn(3 + i, 6),
      category: 'software',
      vendor: 'JetBrains',
      vendorInvoiceNumber: `JB-${ym(3 + i)}-${String(5100 + i)}`,
      amount: '1245.00',
      currency: 'EUR',
      customerId: c.id,
      projectId,
    });
  }

  // The customer that loses money: the least invoiced one that is invoiced at all, with an on-site
  // team whose travel, lodging, subcontracted QA and hardware cost more each month than its invoices.
  const losing = revenue.find((r) => Number(r.total) > 0) ?? revenue[0];
  if (losing) {
    const projectId = await projectOf(losing.id);
    const monthly = Math.max(Number(losing.total) / 12, 4000);
    for (let m = 0; m < 12; m++) {
      const direct: Array<[string, ExternalCostCategory, string, string, number]> = [
        [`On-site team lodging at ${losing.name}`, 'other', 'Lotte Hotel Serviced Residence', 'LT', 0.55],
        [`Subcontracted QA for ${losing.name}`, 'other', 'TestPro Solutions', 'TP', 0.8],
        [`Travel for the on-site team at ${losing.name}`, 'other', 'Vietnam Airlines', 'VN', 0.3],
      ];
      for (const [j, [description, category, vendor, prefix, share]] of direct.entries())
        add({
          description,
          date: dateIn(m, 9 + j * 6),
          category,
          vendor,
          vendorInvoiceNumber: `${prefix}-${ym(m)}-${String(900 + j)}`,
          amount: (monthly * share).toFixed(2),
          currency: 'USD',
          customerId: losing.id,
          projectId,
        });
      if (m % 4 === 0)
        add({
          description: `Test devices shipped to ${losing.name}`,
          date: dateIn(m, 26),
          category: 'equipment',
          vendor: 'Thế Giới Di Động',
          vendorInvoiceNumber: `TGDD-${ym(m)}-77`,
          amount: '68500000',
          currency: 'VND',
          customerId: losing.id,
          projectId,
        });
    }
    ctx.log.info({ customer: losing.name }, 'demo external costs: this customer loses money');
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(externalCosts).values(rows.slice(i, i + 500));
}
