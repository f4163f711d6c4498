import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Timesheet, TimesheetSheet } from '../../../domain/modules/timesheets/timesheets.schema';
import { errorText, issueText } from '../../i18n/error-text';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';
import { cellKey, sheetKey, type Cell } from './logwork-data';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * Saving the week's cells: the save status, each refused cell's message (by `cellKey`), and the
 * sheet of `from`–`to` kept in step with what the server answered.
 */
export function useCellSaving(from: string, to: string, sheet: TimesheetSheet | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });

  const mutation = useMutation({
    mutationFn: async (cells: Cell[]) => (await http.put<{ data: Timesheet[] }>('/api/v1/timesheet/cells', { cells })).data.data,
  });

  // Cells typed in a row save side by side: the status says saved once the last of them is.
  const inFlight = useRef(0);
  const settle = (next: SaveState) => {
    inFlight.current -= 1;
    setSave((now) => (next.kind === 'failed' ? next : inFlight.current > 0 ? { kind: 'saving' } : now.kind === 'failed' ? now : next));
  };

  /** Saves cells; on success the sheet takes the answer for the days touched. */
  async function saveCells(cells: Cell[]): Promise<boolean> {
    if (inFlight.current === 0) setSave({ kind: 'saving' });
    inFlight.current += 1;
    try {
      const answer = await mutation.mutateAsync(cells);
      const dates = new Set(cells.map((c) => c.date));
      queryClient.setQueryData<TimesheetSheet>(sheetKey(from, to), (old) =>
        old ? { ...old, entries: [...old.entries.filter((e) => !dates.has(e.date)), ...answer] } : old,
      );
      // Other weeks and months read again when shown; this one too when a project row is new to it (copied hours).
      void queryClient.invalidateQueries({ queryKey: ['timesheets', 'sheet'], refetchType: 'none' });
      if (cells.some((c) => !sheet?.projects.some((p) => p.id === c.projectId)))
        void queryClient.invalidateQueries({ queryKey: sheetKey(from, to) });
      settle({ kind: 'saved' });
      return true;
    } catch (error) {
      const e = toHttpError(error);
      const fieldErrors: Record<string, string> = {};
      for (const [path, issue] of Object.entries(e.issues ?? {})) {
        const [, index] = path.split('.');
        const cell = cells[Number(index)];
        if (cell) fieldErrors[cellKey(cell.projectId, cell.date)] = issueText(t, issue);
      }
      setErrors((old) => ({ ...old, ...fieldErrors }));
      const message = Object.values(fieldErrors)[0] ?? errorText(t, error);
      settle({ kind: 'failed', message });
      if (!Object.keys(fieldErrors).length) toast.error(message);
      return false;
    }
  }

  /** A cell refused before it is sent (not a number). */
  function refuse(key: string, message: string) {
    setErrors((old) => ({ ...old, [key]: message }));
    setSave({ kind: 'failed', message });
  }

  function clearError(key: string) {
    setErrors(({ [key]: _, ...rest }) => rest);
  }

  return { save, errors, saveCells, refuse, clearError, pending: mutation.isPending };
}
