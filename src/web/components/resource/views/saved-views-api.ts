import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedView, SavedViewCreate, SavedViewUpdate } from '../../../../domain/modules/saved-views/saved-views.schema';
import { http } from '../../../providers/http';

const URL = '/api/v1/saved-views';
const key = (resource: string) => ['saved-views', resource] as const;

/** A list's saved views: the reader's own, then those shared with their role. */
export function useSavedViews(resource: string, enabled = true) {
  return useQuery({
    queryKey: key(resource),
    queryFn: async () => (await http.get<{ data: SavedView[] }>(URL, { params: { resource } })).data.data,
    enabled,
    staleTime: 30_000,
  });
}

/** Create, change and delete one's views; each refreshes the list's views. */
export function useSavedViewWrites(resource: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key(resource) });
  const create = useMutation({
    mutationFn: async (body: Omit<SavedViewCreate, 'resource'>) => (await http.post<SavedView>(URL, { ...body, resource })).data,
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, ...body }: SavedViewUpdate & { id: string }) => (await http.patch<SavedView>(`${URL}/${id}`, body)).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await http.delete(`${URL}/${id}`);
    },
    onSuccess: refresh,
  });
  return { create, update, remove };
}
