import { useTranslation } from 'react-i18next';
import { compare } from '../../../domain/money';
import { DEFAULT_WARNING_THRESHOLD } from '../../../domain/modules/kpi/kpi.rules';
import { parseQuarter } from '../../../domain/modules/kpi/kpi.schema';

/** A quarter as its reader names it: 'Q3 2026', 'T3 2026', 'Quý 3 2026'… */
export function useQuarterName() {
  const { t } = useTranslation(['kpi']);
  return (period: string) => {
    const q = parseQuarter(period);
    return q ? t('kpi:quarter', { quarter: q.quarter, year: q.year }) : period;
  };
}

/** Reached (100 % and more), short of it, or below the warning threshold. */
export function achievementColor(value: string): 'success' | 'warning' | 'error' {
  if (compare(value, '100') >= 0) return 'success';
  return compare(value, DEFAULT_WARNING_THRESHOLD) >= 0 ? 'warning' : 'error';
}
