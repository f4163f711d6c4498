import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { SALARY_AMOUNTS, type SalaryStatus } from '../../../domain/modules/salaries/salaries.schema.js';
import type { SalaryAmounts } from '../../../domain/modules/salaries/salaries.rules.js';
import type { ResourceModule } from '../../http/resource/index.js';
import { unprocessable } from '../../http/errors.js';
import type { ServerModule } from '../module.js';
import { registerSalaryImport } from './salaries.import-routes.js';
import { registerSalaryPayRoutes } from './salary-pay.js';
import { seedSalaries } from './salaries.seed.js';
import {
  assertFreeMonth,
  changedFields,
  computeSalary,
  isEditable,
  lockedError,
  salaryEntity,
  type SalaryRow,
} from './salaries.service.js';
import { salaries } from './salaries.table.js';

const salariesResourceModule: ResourceModule<SalaryRow> = {
  decl: salariesResource,
  table: salaries,
  searchColumn: salaries.search,
  toEntity: salaryEntity,
  async beforeCreate(input, ctx) {
    await assertFreeMonth(ctx.tx, input.userId as string, input.month as string);
    const amounts = Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, input[f] as string])) as SalaryAmounts;
    return { ...input, ...computeSalary(amounts, input.currency as string), status: 'draft', approvedAt: null, paidAt: null };
  },
  async beforeUpdate(input, existing, ctx) {
    const current = salaryEntity(existing);
    const changed = changedFields(input, current);
    if (!changed.length) return {};
    if (!isEditable(existing.status as SalaryStatus)) throw lockedError(existing.status, changed);
    const pick = (k: string) => (changed.includes(k) ? input[k] : (current as unknown as Record<string, unknown>)[k]) as string;
    if (changed.includes('userId') || changed.includes('month')) await assertFreeMonth(ctx.tx, pick('userId'), pick('month'), existing.id);
    const amounts = Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, pick(f)])) as SalaryAmounts;
    const own = Object.fromEntries(changed.map((k) => [k, input[k]]));
    return { ...own, ...computeSalary(amounts, pick('currency')) };
  },
  beforeDelete(existing) {
    // Money paid is history: a paid salary is never deleted.
    if (existing.status === 'paid')
      throw unprocessable('A paid salary is never deleted', 'salary_paid', { status: { code: 'salary_paid', params: { status: 'paid' } } });
  },
};

export const salariesModule: ServerModule = {
  name: 'salaries',
  resource: salariesResourceModule,
  routes: (app, s) => {
    registerSalaryImport(app, s);
    registerSalaryPayRoutes(app, s);
  },
  seed: seedSalaries,
};
