import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TimesheetSheet } from '../../../domain/modules/timesheets/timesheets.schema';
import { http } from '../../providers/http';
import { addDays } from './week-dates';

// What the logwork screens read: the caller's sheet of a date range and their days off.

type Calendar = {
  holidays: Array<{ id: string; date: string; name: string }>;
  leave: Array<{ userId: string; startDate: string; endDate: string; halfDay: 'am' | 'pm' | null }>;
};

/** One cell of the week grid as the server saves it. */
export type Cell = { projectId: string; date: string; hours: number; note?: string | null };

export const cellKey = (projectId: string, date: string) => `${projectId}|${date}`;
export const sheetKey = (from: string, to: string) => ['timesheets', 'sheet', from, to] as const;

export const fetchSheet = async (from: string, to: string) =>
  (await http.get<TimesheetSheet>('/api/v1/timesheet/sheet', { params: { from, to } })).data;

export function useSheet(from: string, to: string) {
  return useQuery({ queryKey: sheetKey(from, to), queryFn: () => fetchSheet(from, to) });
}

/** Public holidays and the caller's own approved leave, by date. */
export function useDaysOff(from: string, to: string, userId: string | undefined) {
  const query = useQuery({
    queryKey: ['calendar', from, to],
    queryFn: async () => (await http.get<Calendar>('/api/calendar', { params: { from, to } })).data,
  });
  return useMemo(() => {
    const holidays = new Map<string, string>();
    const leave = new Map<string, 'full' | 'am' | 'pm'>();
    for (const h of query.data?.holidays ?? []) holidays.set(h.date, h.name);
    for (const l of query.data?.leave ?? []) {
      if (l.userId !== userId) continue;
      for (let d = l.startDate; d <= l.endDate; d = addDays(d, 1)) leave.set(d, l.halfDay ?? 'full');
    }
    return { holidays, leave };
  }, [query.data, userId]);
}
