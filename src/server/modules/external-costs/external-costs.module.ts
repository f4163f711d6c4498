import { and, asc, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { externalCostsResource } from '../../../domain/modules/external-costs/external-costs.resource.js';
import {
  vendorInvoiceMatchesSchema,
  vendorInvoiceQuerySchema,
  type ExternalCost,
} from '../../../domain/modules/external-costs/external-costs.schema.js';
import { normalizeDecimal } from '../../../domain/modules/invoices/invoices.rules.js';
import { compare, formatMoney, minorUnits, round, toBaseCurrency } from '../../../domain/money.js';
import type { Api } from '../../http/api.js';
import type { ResourceModule, Row, WriteContext } from '../../http/resource/index.js';
import { unprocessable } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { assertProjectOfCustomer, rateFor } from '../invoices/invoices.write-checks.js';
import type { ServerModule } from '../module.js';
import { seedExternalCosts } from './external-costs.seed.js';
import { externalCosts } from './external-costs.table.js';

type CostRow = typeof externalCosts.$inferSelect;

const entity = (r: CostRow): ExternalCost => ({
  id: r.id,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  createdBy: r.createdBy,
  description: r.description,
  date: r.date,
  category: r.category as ExternalCost['category'],
  vendor: r.vendor,
  vendorInvoiceNumber: r.vendorInvoiceNumber,
  amount: formatMoney(r.amount, r.currency),
  currency: r.currency as ExternalCost['currency'],
  exchangeRate: normalizeDecimal(r.exchangeRate),
  amountBase: r.amountBase,
  customerId: r.customerId,
  projectId: r.projectId,
  note: r.note,
  invoices: r.invoices ?? [],
  vendorInvoiced: (r.invoices ?? []).length > 0,
});

/**
 * What the server decides for a cost about to be written: the currency (the base when none), the
 * rate (1 for the base, given otherwise), the amount at the currency's own digits, the project one of
 * the customer's, and the amount in the base currency.
 */
async function resolveCost(input: Row, ctx: WriteContext, previous?: CostRow): Promise<Row> {
  const base = ctx.services.config.BASE_CURRENCY;
  const has = (k: string) => k in input && input[k] !== undefined;
  const currency = (has('currency') ? input.currency : (previous?.currency ?? base)) as string;
  const amount = (has('amount') ? input.amount : previous?.amount) as string;
  // A rate stays with its currency: a new currency needs its own rate (or is the base).
  const givenRate = has('exchangeRate') ? (input.exchangeRate as string) : previous && !has('currency') ? previous.exchangeRate : undefined;
  const exchangeRate = rateFor(currency, givenRate, base);
  // 12.5 VND is refused, 12.50 USD is fine: the amount must be exact at the currency's digits.
  if (compare(round(amount, minorUnits(currency)), amount) !== 0)
    throw unprocessable(`${currency} amounts have ${minorUnits(currency)} decimals`, 'decimal_places', {
      amount: { code: 'decimal_places', params: { currency, digits: minorUnits(currency) } },
    });
  const customerId = (has('customerId') ? input.customerId : previous?.customerId) as string | null;
  const projectId = (has('projectId') ? input.projectId : previous?.projectId) as string | null;
  if (projectId && !customerId)
    throw unprocessable('A project names its customer: choose the customer too', 'project_needs_customer', {
      customerId: { code: 'project_needs_customer' },
    });
  if (customerId && (has('customerId') || has('projectId'))) await assertProjectOfCustomer(ctx.tx, projectId, customerId);
  return {
    ...input,
    currency,
    exchangeRate,
    amount: formatMoney(amount, currency),
    amountBase: toBaseCurrency(amount, exchangeRate, base),
  };
}

const externalCostsResourceModule: ResourceModule<CostRow> = {
  decl: externalCostsResource,
  table: externalCosts,
  searchColumn: externalCosts.search,
  derivedColumns: { vendorInvoiced: () => sql`(jsonb_array_length(${externalCosts.invoices}) > 0)` },
  toEntity: entity as (r: CostRow) => Row,
  beforeCreate: (input, ctx) => resolveCost(input, ctx),
  beforeUpdate: (input, existing, ctx) => resolveCost(input, ctx, existing),
};

/** A vendor's invoice number seen on another cost of the same vendor: the form warns, the write goes through. */
function registerCostRoutes(app: Api, s: Services) {
  app.get(
    `/${externalCostsResource.path}/vendor-invoices`,
    {
      config: { access: { resource: externalCostsResource.name, action: 'list' } },
      schema: {
        tags: [externalCostsResource.name],
        summary: "Other costs of the same vendor with the same vendor's invoice number (case-insensitive): a warning, not a refusal",
        querystring: vendorInvoiceQuerySchema,
        response: { 200: vendorInvoiceMatchesSchema },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof vendorInvoiceQuerySchema>;
      const rows = await s.db
        .select()
        .from(externalCosts)
        .where(
          and(
            isNull(externalCosts.archivedAt),
            sql`vendor_invoice_number is not null`,
            sql`lower(${externalCosts.vendor}) = lower(${q.vendor})`,
            sql`lower(${externalCosts.vendorInvoiceNumber}) = lower(${q.vendorInvoiceNumber})`,
            q.exceptId ? ne(externalCosts.id, q.exceptId) : undefined,
          ),
        )
        .orderBy(asc(externalCosts.date))
        .limit(20);
      return {
        data: rows.map((r) => ({
          id: r.id,
          description: r.description,
          date: r.date,
          amount: formatMoney(r.amount, r.currency),
          currency: r.currency,
        })),
      };
    },
  );
}

export const externalCostsModule: ServerModule = {
  name: 'external-costs',
  resource: externalCostsResourceModule,
  routes: registerCostRoutes,
  seed: seedExternalCosts,
};
