import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseListState, writeListState, type ListState } from './list-params';
import type { ResourceMeta } from './use-resource';

/** The list's state: in the URL for a page, in the component for an embedded list. */
export function useListState(meta: ResourceMeta, embedded: boolean, defaultSize: number) {
  const [sp, setSp] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const source = embedded ? local : sp;
  const state = useMemo(() => parseListState(meta.decl, source, defaultSize), [meta.decl, source, defaultSize]);
  // Each change applies to the state as it is now, not as the last render saw it: the address
  // changes at once but the list re-renders from it in a transition, and a second change made
  // before that (the next page right after a filter) would otherwise drop the first.
  const latestLocal = useRef(local);
  latestLocal.current = local;
  const setState = useCallback(
    (update: (now: ListState) => ListState, opts: { replace?: boolean } = {}) => {
      const now = embedded ? latestLocal.current : new URLSearchParams(window.location.search);
      const written = writeListState(meta.decl, update(parseListState(meta.decl, now, defaultSize)), defaultSize);
      if (embedded) {
        latestLocal.current = written;
        setLocal(written);
      } else setSp(written, { replace: opts.replace });
    },
    [meta.decl, embedded, setSp, defaultSize],
  );
  return [state, setState] as const;
}

export type SetListState = ReturnType<typeof useListState>[1];
