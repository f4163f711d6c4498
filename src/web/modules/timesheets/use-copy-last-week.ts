import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../toast';
import { fetchSheet, sheetKey, type Cell } from './logwork-data';
import { addDays } from './week-dates';

/**
 * "Copy last week" of the week `from`–`to`: last week's hours on the same weekdays, where hours may
 * still be logged; hours already logged are overwritten only once `confirm` is answered.
 */
export function useCopyLastWeek({
  from,
  to,
  readOnly,
  storedHours,
  saveCells,
}: {
  from: string;
  to: string;
  readOnly: (date: string) => boolean;
  storedHours: (projectId: string, date: string) => number;
  saveCells: (cells: Cell[]) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<{ cells: Cell[]; overwrites: number } | null>(null);

  async function copyLastWeek() {
    const [lastFrom, lastTo] = [addDays(from, -7), addDays(to, -7)];
    const previous = await queryClient.fetchQuery({ queryKey: sheetKey(lastFrom, lastTo), queryFn: () => fetchSheet(lastFrom, lastTo) });
    const cells: Cell[] = previous.entries
      .map((e) => ({ projectId: e.projectId, date: addDays(e.date, 7), hours: e.hours }))
      .filter((c) => !readOnly(c.date) && storedHours(c.projectId, c.date) !== c.hours);
    if (!cells.length) {
      toast(t('timesheets:page.copyNothing'));
      return;
    }
    const overwrites = cells.filter((c) => storedHours(c.projectId, c.date) > 0).length;
    if (overwrites) setConfirm({ cells, overwrites });
    else await runCopy(cells);
  }

  async function runCopy(cells: Cell[]) {
    setConfirm(null);
    if (await saveCells(cells)) toast.success(t('timesheets:page.copied', { count: cells.length }));
  }

  return { copyLastWeek, confirm, runCopy, cancel: () => setConfirm(null) };
}
