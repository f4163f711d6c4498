import { useTranslation } from 'react-i18next';
import { OVERHEAD_KEY, type PnlGroup } from '../../../domain/modules/pnl/pnl.rules';
import type { PnlRow } from '../../../domain/modules/pnl/pnl.schema';
import { useFormatters } from '../../i18n/format';

/** How the P&L names a month ('Mar 2031') and a row of the grouping shown (overhead, a month, a name). */
export function usePnlLabels(shownGroup: PnlGroup) {
  const { t } = useTranslation(['pnl']);
  const fmt = useFormatters();
  const monthName = (m: string) =>
    /^\d{4}-\d{2}$/.test(m)
      ? new Intl.DateTimeFormat(fmt.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-15T12:00:00Z`))
      : m;
  const labelOf = (r: Pick<PnlRow, 'key' | 'label'>) =>
    r.key === OVERHEAD_KEY ? t('pnl:overhead') : shownGroup === 'month' ? monthName(r.key) : r.label || '—';
  return { monthName, labelOf };
}
