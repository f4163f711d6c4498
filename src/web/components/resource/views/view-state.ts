import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import type { ResourceDecl } from '../../../../domain/resource';
import type { SavedViewState } from '../../../../domain/modules/saved-views/saved-views.schema';
import type { ListState } from '../list-params';

// A saved view holds the list's filters (the search as `q`), sort, shown columns and page size; the
// list's address holds the same state, so choosing a view writes it there.

/** The view of a list's state as it is now: the search among the filters, only the declared columns. */
export function viewStateOf(decl: ResourceDecl, state: ListState, columns: GridColumnVisibilityModel | undefined): SavedViewState {
  const filters: Record<string, string[]> = { ...state.filters };
  if (state.q.trim()) filters.q = [state.q.trim()];
  const shown = Object.fromEntries(Object.entries(columns ?? {}).filter(([field]) => Object.hasOwn(decl.fields, field)));
  return {
    filters,
    sort: { ...state.sort },
    ...(Object.keys(shown).length ? { columns: shown } : {}),
    pageSize: state.pageSize,
  };
}

/** The list's state a view stands for, from its first page; what the view leaves out is the list's default. */
export function listStateOf(decl: ResourceDecl, view: SavedViewState, pageSize: number): ListState {
  const { q, ...filters } = view.filters;
  return {
    page: 1,
    pageSize: view.pageSize ?? pageSize,
    sort: view.sort ?? decl.defaultSort,
    q: q?.[0] ?? '',
    filters,
  };
}

const sameValues = (a: Record<string, string[]>, b: Record<string, string[]>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => (b[k] ?? []).join('\u0000') === a[k]!.join('\u0000'));
};

/** Whether the list shows what a view holds (its filters, search, sort and page size; columns aside). */
export function showsView(decl: ResourceDecl, state: ListState, view: SavedViewState): boolean {
  const wanted = listStateOf(decl, view, state.pageSize);
  return (
    !state.archived &&
    state.q.trim() === wanted.q &&
    state.sort.field === wanted.sort.field &&
    state.sort.order === wanted.sort.order &&
    state.pageSize === wanted.pageSize &&
    sameValues(state.filters, wanted.filters)
  );
}
