import { holidaysResource } from '../../../domain/modules/holidays/holidays.resource.js';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../module.js';
import { holidays } from './holidays.table.js';

/**
 * Vietnam's public holidays (Labour Code 2019, art. 112) as the government fixes them each year:
 * the lunar ones (Tết, Hùng Kings) move, a holiday on a weekend gives the next working day off.
 * Weekend dates are left out: they are no working days anyway. Admin and hr_lead correct the
 * list when a decree moves a day.
 */
export const VIETNAM_HOLIDAYS: Record<number, Array<[string, string]>> = {
  2026: [
    ['2026-01-01', 'Tết Dương lịch (New Year)'],
    ['2026-02-16', 'Tết Nguyên Đán (29 Tết)'],
    ['2026-02-17', 'Tết Nguyên Đán (Mùng 1)'],
    ['2026-02-18', 'Tết Nguyên Đán (Mùng 2)'],
    ['2026-02-19', 'Tết Nguyên Đán (Mùng 3)'],
    ['2026-02-20', 'Tết Nguyên Đán (Mùng 4)'],
    ['2026-04-27', 'Giỗ Tổ Hùng Vương (in lieu of Sunday 26 April)'],
    ['2026-04-30', 'Ngày Giải phóng miền Nam (Reunification Day)'],
    ['2026-05-01', 'Quốc tế Lao động (Labour Day)'],
    ['2026-09-01', 'Quốc khánh (National Day, adjacent day)'],
    ['2026-09-02', 'Quốc khánh (National Day)'],
  ],
  2027: [
    ['2027-01-01', 'Tết Dương lịch (New Year)'],
    ['2027-02-04', 'Tết Nguyên Đán (29 Tết)'],
    ['2027-02-05', 'Tết Nguyên Đán (30 Tết)'],
    ['2027-02-08', 'Tết Nguyên Đán (Mùng 3)'],
    ['2027-02-09', 'Tết Nguyên Đán (Mùng 4)'],
    ['2027-02-10', 'Tết Nguyên Đán (Mùng 5)'],
    ['2027-04-16', 'Giỗ Tổ Hùng Vương (Hung Kings Commemoration)'],
    ['2027-04-30', 'Ngày Giải phóng miền Nam (Reunification Day)'],
    ['2027-05-03', 'Quốc tế Lao động (in lieu of Saturday 1 May)'],
    ['2027-09-02', 'Quốc khánh (National Day)'],
    ['2027-09-03', 'Quốc khánh (National Day, adjacent day)'],
  ],
};

/** The solar holidays of a year with no list above (the lunar ones need a decree's dates). */
const solarHolidays = (year: number): Array<[string, string]> => [
  [`${year}-01-01`, 'Tết Dương lịch (New Year)'],
  [`${year}-04-30`, 'Ngày Giải phóng miền Nam (Reunification Day)'],
  [`${year}-05-01`, 'Quốc tế Lao động (Labour Day)'],
  [`${year}-09-02`, 'Quốc khánh (National Day)'],
];

export function holidaysOfYear(year: number): Array<[string, string]> {
  return VIETNAM_HOLIDAYS[year] ?? solarHolidays(year);
}

async function seedHolidays(db: Db) {
  const year = new Date().getUTCFullYear();
  const rows = [year, year + 1].flatMap((y) => holidaysOfYear(y).map(([date, name]) => ({ date, name })));
  await db.insert(holidays).values(rows).onConflictDoNothing();
}

export const holidaysModule: ServerModule = {
  name: 'holidays',
  resource: { decl: holidaysResource, table: holidays, searchColumn: holidays.search },
  seed: seedHolidays,
};
