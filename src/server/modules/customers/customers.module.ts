import { customersResource } from '../../../domain/modules/customers/customers.resource.js';
import type { ServerModule } from '../module.js';
import { eq } from 'drizzle-orm';
import { invoices } from '../invoices/invoices.table.js';
import { customers } from './customers.table.js';

// [name, code, country, currency, billing contact, payment terms]
const DEMO: Array<[string, string, string, string, string, number]> = [
  ['Nordlicht Software GmbH', 'NORD', 'Germany', 'EUR', 'Jana Fischer', 30],
  ['Helios Retail SA', 'HELIOS', 'France', 'EUR', 'Mathilde Girard', 45],
  ['Sakura Fintech KK', 'SAKURA', 'Japan', 'JPY', 'Haruto Sato', 30],
  ['Blue Harbor Logistics', 'BHL', 'Singapore', 'SGD', 'Tan Wei Ming', 30],
  ['Công ty Cổ phần Sao Việt', 'SAOVIET', 'Vietnam', 'VND', 'Nguyễn Thị Hồng', 15],
  ['Desert Rose Trading LLC', 'DRT', 'United Arab Emirates', 'AED', 'Khalid Al Farsi', 60],
  ['Maple Health Inc.', 'MAPLE', 'Canada', 'USD', 'Emily Tremblay', 30],
  ['Kangaroo Payments Pty', 'KPAY', 'Australia', 'AUD', 'Liam Walker', 30],
  ['Thames Analytics Ltd', 'THAMES', 'United Kingdom', 'GBP', 'Oliver Hughes', 30],
  ['Panda Cloud Technology', 'PANDA', 'China', 'CNY', 'Wang Fang', 45],
  ['Lumière Médias', 'LUMIERE', 'France', 'EUR', 'Élise Moreau', 30],
  ['Atlas Insurance Group', 'ATLAS', 'United States', 'USD', 'Michael Johnson', 30],
  ['Saigon Smart City JSC', 'SSC', 'Vietnam', 'VND', 'Trần Quốc Toản', 30],
  ['Hanoi Edutech', 'HNEDU', 'Vietnam', 'USD', 'Phạm Minh Châu', 30],
  ['Fjord Energy AS', 'FJORD', 'Norway', 'EUR', 'Ingrid Hansen', 30],
  ['Cedar Bank', 'CEDAR', 'Lebanon', 'USD', 'Rami Haddad', 60],
  ['Golden Gate Robotics', 'GGR', 'United States', 'USD', 'Sarah Chen', 30],
  ['Alpine Travel AG', 'ALPINE', 'Switzerland', 'EUR', 'Lukas Meier', 30],
  ['Mekong Agritech', 'MEKONG', 'Vietnam', 'VND', 'Lê Văn Hùng', 15],
  ['Orion Games Studio', 'ORION', 'Poland', 'EUR', 'Kasia Nowak', 30],
  ['Falcon Aviation Services', 'FALCON', 'United Arab Emirates', 'AED', 'Mariam Al Suwaidi', 45],
  ['Red Lantern E-commerce', 'REDLAN', 'China', 'CNY', 'Li Wei', 30],
  ['Kiwi Telecom', 'KIWI', 'New Zealand', 'AUD', 'Aroha Ngata', 30],
  ['Baltic Shipping Lines', 'BALTIC', 'Estonia', 'EUR', 'Kadri Tamm', 30],
  ['Samurai Mobility', 'SAMURAI', 'Japan', 'JPY', 'Yui Tanaka', 45],
  ['Casablanca Foods', 'CASA', 'Morocco', 'EUR', 'Youssef Benali', 60],
  ['Lion City Proptech', 'LCP', 'Singapore', 'SGD', 'Rachel Lim', 30],
  ['Big Sky Media', 'BIGSKY', 'United States', 'USD', 'Jessica Miller', 30],
  ['Danube Pharma', 'DANUBE', 'Austria', 'EUR', 'Stefan Gruber', 30],
  ['Hội An Hospitality', 'HOIAN', 'Vietnam', 'VND', 'Võ Thị Lan', 15],
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

export const customersModule: ServerModule = {
  name: 'customers',
  resource: {
    decl: customersResource,
    table: customers,
    searchColumn: customers.search,
    // An invoice belongs to the sale who owns its customer (decision 013): a new owner takes them along.
    async afterWrite(action, row, before, ctx) {
      if (action === 'updated' && before && before.ownerSaleId !== row.ownerSaleId)
        await ctx.tx.update(invoices).set({ saleId: row.ownerSaleId }).where(eq(invoices.customerId, row.id));
    },
  },
  async seed(db, ctx) {
    const sales = ctx.users.filter((u) => u.role === 'sale' || u.role === 'sale_lead');
    await db.insert(customers).values(
      DEMO.map(([name, code, country, currency, contact, terms], i) => ({
        name,
        code,
        country,
        currency,
        billingContact: contact,
        billingEmail: `billing@${code.toLowerCase()}.example`,
        address: `${10 + i} ${slug(contact)
          .split('.')
          .pop()!
          .replace(/^./, (c) => c.toUpperCase())} Street, ${country}`,
        taxId: `TX-${String(100000 + i * 7331).slice(0, 6)}`,
        paymentTermsDays: terms,
        // A few accounts have gone quiet.
        status: i % 9 === 8 ? 'inactive' : 'active',
        ownerSaleId: sales[i % sales.length]?.id ?? null,
        createdBy: sales[i % sales.length]?.id ?? null,
      })),
    );
  },
};
