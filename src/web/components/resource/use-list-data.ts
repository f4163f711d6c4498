import { useMemo, useRef } from 'react';
import { useList } from '@refinedev/core';
import { titleFields } from '../../../domain/resource';
import type { Row } from './list-columns';
import { toCrudFilters, toSorters, type ListState } from './list-params';
import { refLabelSource, useRefLabelsByResource } from './lookup';
import type { ResourceMeta } from './use-resource';

/**
 * The list's rows for its state: the server's page, the total to show, and the labels of the
 * page's references (one lookup per referenced resource). Not `enabled`: nothing is read yet (the
 * list shows its loading state).
 */
export function useListData(meta: ResourceMeta, resource: string, state: ListState, fixed: Record<string, string>, enabled = true) {
  const { decl } = meta;
  const { result, query } = useList<Row>({
    resource,
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    sorters: toSorters(state),
    filters: toCrudFilters(state, fixed),
    liveMode: 'auto',
    queryOptions: { enabled },
    // The list itself says what failed, translated, with a retry: no toast besides.
    errorNotification: false,
  });
  const rows = useMemo(() => (query.isError ? [] : result.data), [query.isError, result.data]);
  // The grid mounts with its first total: mounted without one, it clamps the URL's page
  // (page=2 after a reload) to the first; for the same reason a page's load shows the last
  // settled total, not the empty answer's 0.
  const lastTotal = useRef<number | undefined>(undefined);
  // The server's total may be an estimate (docs/decisions/003) below what this page proves.
  const proven = (state.page - 1) * state.pageSize + result.data.length;
  const total = result.total === undefined ? undefined : Math.max(result.total, proven);
  if (total !== undefined && !query.isFetching) lastTotal.current = total;

  // Labels of the page's references (the columns', and those a card names or shows): one lookup per referenced resource.
  const shown = new Set([...titleFields(decl), ...(decl.card?.figures ?? [])]);
  const refFields = meta.fields.filter(([name, f]) => (f.list || shown.has(name)) && f.ref && (f.type === 'ref' || f.type === 'refs'));
  const byTarget = new Map<string, string[]>();
  for (const [name, f] of refFields) {
    const ids = rows.flatMap((r) => (Array.isArray(r[name]) ? (r[name] as string[]) : [r[name] as string]));
    const source = refLabelSource(decl, f)!;
    byTarget.set(source, [...(byTarget.get(source) ?? []), ...ids]);
  }
  const labelsOf = useRefLabelsByResource(byTarget);

  return { query, rows, total, settledTotal: lastTotal.current, labelsOf };
}

export type ListData = ReturnType<typeof useListData>;
