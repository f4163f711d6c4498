import { useEffect, useRef } from 'react';

/** A form with unsaved changes, asked before the browser's Back or Forward leaves it. */
type BackGuard = { armed: () => boolean; message: () => string; here: () => { url: string; state: unknown } };
const backGuards = new Set<BackGuard>();

/**
 * Listens for the browser's Back and Forward before the router does. The listeners of a popstate
 * run in the order they were added (a capture listener on window is no earlier), and the router
 * re-renders at once inside its own — unmounting the form, and its listener, before that could
 * run. So one listener is added at start, ahead of the router's (main.tsx), and asks the forms
 * that are open; kept on the form, the router never hears of the move and the address is put back.
 */
export function listenForBack() {
  window.addEventListener('popstate', (e) => {
    for (const guard of backGuards) {
      if (!guard.armed() || window.confirm(guard.message())) continue;
      e.stopImmediatePropagation();
      const { url, state } = guard.here();
      window.history.pushState(state, '', url);
      return;
    }
  });
}

/**
 * Warns before leaving a form with unsaved changes: reload or close (beforeunload), the app's own
 * links (a capture-phase click, asked before the router sees it) and the browser's Back and Forward
 * (listenForBack). The app runs a declarative router, which has no navigation blocker.
 */
export function useUnsavedChangesGuard(dirty: boolean, message: string) {
  const armed = useRef(dirty);
  armed.current = dirty;
  // The form's address as last rendered, put back when Back is cancelled (the browser has already left it).
  const here = useRef({ url: '', state: null as unknown });
  here.current = { url: window.location.href, state: window.history.state as unknown };
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!armed.current) return;
      e.preventDefault();
      e.returnValue = message;
    };
    const onClick = (e: MouseEvent) => {
      if (!armed.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (!a || a.getAttribute('target') === '_blank' || a.hasAttribute('download')) return;
      if (!window.confirm(message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const back: BackGuard = { armed: () => armed.current, message: () => message, here: () => here.current };
    backGuards.add(back);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      backGuards.delete(back);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [message]);
  /** After a save: leave without asking. */
  return () => {
    armed.current = false;
  };
}
