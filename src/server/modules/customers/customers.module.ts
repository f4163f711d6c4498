import { countryName, type CountryCode } from '../../../domain/countries.js';
import { customersResource } from '../../../domain/modules/customers/customers.resource.js';
import type { ServerModule } from '../module.js';
import { eq } from 'drizzle-orm';
import { invoices } from '../invoices/invoices.table.js';
import { customers } from './customers.table.js';

// [name, code, country (ISO 3166-1 alpha-2), currency, billing contact, payment terms]
const DEMO: Array<[string, string, CountryCode, string, string, number]> = [
  ['Nordlicht Software GmbH', 'NORD', 'DE', 'EUR', 'Jana Fischer', 30],
  ['Helios Retail SA', 'HELIOS', 'FR', 'EUR', 'Mathilde Girard', 45],
  ['Sakura Fintech KK', 'SAKURA', 'JP', 'JPY', 'Haruto Sato', 30],
  ['Blue Harbor Logistics', 'BHL', 'SG', 'SGD', 'Tan Wei Ming', 30],
  ['Công ty Cổ phần Sao Việt', 'SAOVIET', 'VN', 'VND', 'Nguyễn Thị Hồng', 15],
  ['Desert Rose Trading LLC', 'DRT', 'AE', 'AED', 'Khalid Al Farsi', 60],
  ['Maple Health Inc.', 'MAPLE', 'CA', 'USD', 'Emily Tremblay', 30],
  ['Kangaroo Payments Pty', 'KPAY', 'AU', 'AUD', 'Liam Walker', 30],
  ['Thames Analytics Ltd', 'THAMES', 'GB', 'GBP', 'Oliver Hughes', 30],
  ['Panda Cloud Technology', 'PANDA', 'CN', 'CNY', 'Wang Fang', 45],
  ['Lumière Médias', 'LUMIERE', 'FR', 'EUR', 'Élise Moreau', 30],
  ['Atlas Insurance Group', 'ATLAS', 'US', 'USD', 'Michael Johnson', 30],
  ['Saigon Smart City JSC', 'SSC', 'VN', 'VND', 'Trần Quốc Toản', 30],
  ['Hanoi Edutech', 'HNEDU', 'VN', 'USD', 'Phạm Minh Châu', 30],
  ['Fjord Energy AS', 'FJORD', 'NO', 'EUR', 'Ingrid Hansen', 30],
  ['Cedar Bank', 'CEDAR', 'LB', 'USD', 'Rami Haddad', 60],
  ['Golden Gate Robotics', 'GGR', 'US', 'USD', 'Sarah Chen', 30],
  ['Alpine Travel AG', 'ALPINE', 'CH', 'EUR', 'Lukas Meier', 30],
  ['Mekong Agritech', 'MEKONG', 'VN', 'VND', 'Lê Văn Hùng', 15],
  ['Orion Games Studio', 'ORION', 'PL', 'EUR', 'Kasia Nowak', 30],
  ['Falcon Aviation Services', 'FALCON', 'AE', 'AED', 'Mariam Al Suwaidi', 45],
  ['Red Lantern E-commerce', 'REDLAN', 'CN', 'CNY', 'Li Wei', 30],
  ['Kiwi Telecom', 'KIWI', 'NZ', 'AUD', 'Aroha Ngata', 30],
  ['Baltic Shipping Lines', 'BALTIC', 'EE', 'EUR', 'Kadri Tamm', 30],
  ['Samurai Mobility', 'SAMURAI', 'JP', 'JPY', 'Yui Tanaka', 45],
  ['Casablanca Foods', 'CASA', 'MA', 'EUR', 'Youssef Benali', 60],
  ['Lion City Proptech', 'LCP', 'SG', 'SGD', 'Rachel Lim', 30],
  ['Big Sky Media', 'BIGSKY', 'US', 'USD', 'Jessica Miller', 30],
  ['Danube Pharma', 'DANUBE', 'AT', 'EUR', 'Stefan Gruber', 30],
  ['Hội An Hospitality', 'HOIAN', 'VN', 'VND', 'Võ Thị Lan', 15],
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
          .replace(/^./, (c) => c.toUpperCase())} Street, ${countryName(country, 'en')}`,
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
