import { SEARCH_PATH, type SearchAnswer } from '../../../domain/search';
import { http } from '../../providers/http';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Hits per resource in the dialog: a few each keeps every group in view. */
export const SEARCH_DIALOG_LIMIT = 5;

export async function fetchSearch(q: string, signal?: AbortSignal): Promise<SearchAnswer> {
  const { data } = await http.get<SearchAnswer>(`/api/v1${SEARCH_PATH}`, { params: { q, limit: SEARCH_DIALOG_LIMIT }, signal });
  return { q: data?.q ?? q, groups: Array.isArray(data?.groups) ? data.groups : [] };
}

/** The shortcut as the platform writes it: ⌘K on Apple keyboards, Ctrl+K elsewhere. */
export function shortcutLabel(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/i.test(platform) ? '⌘K' : 'Ctrl+K';
}

/** Whether a key press is the search's shortcut (Ctrl+K, or ⌘K). */
export const isSearchShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
