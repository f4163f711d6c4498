import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { ResourceDecl } from '../../../domain/resource';
import type { MonthClose } from '../../../domain/modules/month-close/month-close.schema';
import { monthOfValue } from '../../../domain/modules/month-close/month-close.rules';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

// A closed month's records are read-only (decisions 017, 021): their pages offer none of the
// changes the server would refuse, and say why in one line.

/** The closed months, read once per session and refreshed with the month close's own query. */
export function useClosedMonths(): ReadonlySet<string> {
  const query = useQuery({
    queryKey: ['month-closes'],
    queryFn: async () => (await http.get<{ data: MonthClose[] }>('/api/v1/month-closes')).data.data,
    staleTime: 60_000,
  });
  return useMemo(() => new Set((query.data ?? []).map((c) => c.month)), [query.data]);
}

/** The closed month a record belongs to (`YYYY-MM`), or undefined: its resource closes with the month and its month is closed. */
export function closedMonthOf(
  decl: Pick<ResourceDecl, 'closesWithMonth'>,
  row: Record<string, unknown> | undefined,
  closed: ReadonlySet<string>,
) {
  if (!decl.closesWithMonth || !row) return undefined;
  const month = monthOfValue(row[decl.closesWithMonth.field]);
  return month && closed.has(month) ? month : undefined;
}

/** The closed month of this record, if any. */
export function useClosedMonth(decl: Pick<ResourceDecl, 'closesWithMonth'>, row: Record<string, unknown> | undefined) {
  return closedMonthOf(decl, row, useClosedMonths());
}

/** "October 2026 is closed: its records can no longer change". */
export function ClosedMonthNote({ month }: { month: string }) {
  const { t } = useTranslation(['errors']);
  const fmt = useFormatters();
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="month-closed-note">
      {t('errors:codes.month_closed', { month: fmt.month(month, 'long') })}
    </Alert>
  );
}
