import { useEffect, useRef } from 'react';

/**
 * Warns before leaving a form with unsaved changes: reload or close (beforeunload) and the
 * app's own links (a capture-phase click, asked before the router sees it). The app runs a
 * declarative router, which has no navigation blocker.
 */
export function useUnsavedChangesGuard(dirty: boolean, message: string) {
  const armed = useRef(dirty);
  armed.current = dirty;
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
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [message]);
  /** After a save: leave without asking. */
  return () => {
    armed.current = false;
  };
}
