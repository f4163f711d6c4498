import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AllDevsResponse } from '../../../domain/modules/timesheets/all-devs';
import { http } from '../../providers/http';
import { apiParams, type AllDevsFilters } from './use-all-devs-filters';

const API = '/api/v1/timesheet/all-devs';

/** The page of people for these filters; the last page stays on screen while the next loads. */
export function useAllDevs(filters: AllDevsFilters) {
  const params = apiParams(filters, true);
  return useQuery({
    queryKey: ['timesheets', 'all-devs', params],
    queryFn: async () => (await http.get<AllDevsResponse>(API, { params })).data,
    placeholderData: keepPreviousData,
  });
}
