import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

// A page's action buttons (a detail page's Send, Edit, Cancel; a list's New) sit top-right, where
// the spec puts the toasts. A fixed offset under "app bar + page header" breaks wherever the header
// wraps (long titles, narrow screens, many actions) and pages whose actions sit elsewhere; moving
// the actions breaks the spec's layout. So the pages register their actions area and the toaster
// starts below any registered area in its column, measured as laid out now, at every width.

const areas = new Set<HTMLElement>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A ref for a page's actions area: toasts never sit on it while it is on screen. */
export function useToastAvoidance(): (el: HTMLElement | null) => void {
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!el) return;
    areas.add(el);
    changed();
    return () => {
      areas.delete(el);
      changed();
    };
  }, [el]);
  return useCallback((node: HTMLElement | null) => setEl(node), []);
}

export type Box = { top: number; bottom: number; left: number; right: number };

/** Gap between an actions area and the first toast. */
export const AVOID_GAP = 8;

/**
 * Where the toasts start: `base` (under the app bar), or below the lowest area that shares the
 * toasts' column and starts in the upper half of the viewport (an area further down is cleared by
 * the toasts' stack ending above it, or never met at all).
 */
export function toastTop(base: number, column: { left: number; right: number }, boxes: Box[], viewportHeight: number): number {
  let top = base;
  for (const b of boxes) {
    const shares = b.left < column.right && b.right > column.left;
    const onScreen = b.bottom > base && b.top < viewportHeight / 2;
    if (shares && onScreen) top = Math.max(top, Math.ceil(b.bottom) + AVOID_GAP);
  }
  return top;
}

/** The toasts' column: sonner's 300-px stack in the corner, the full width on a phone (≤ 600 px). */
export function toastColumn(viewportWidth: number, width: number, offset: number, rtl: boolean): { left: number; right: number } {
  if (viewportWidth <= 600) return { left: 0, right: viewportWidth };
  return rtl ? { left: offset, right: offset + width } : { left: viewportWidth - offset - width, right: viewportWidth - offset };
}

/**
 * The lowest top the toasts may take (0: no registered area in their way), kept up to date as the
 * registered areas move: their own size, the page's layout, a resize, a scroll.
 */
export function useToastClearance(width: number, offset: number, rtl: boolean): number {
  const registered = useSyncExternalStore(subscribe, () => version);
  const [top, setTop] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const boxes = [...areas].filter((el) => el.isConnected).map((el) => el.getBoundingClientRect());
        setTop(toastTop(0, toastColumn(window.innerWidth, width, offset, rtl), boxes, window.innerHeight));
      });
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    areas.forEach((el) => observer?.observe(el));
    // What moves an area without resizing it: the page around it (a title or a banner loading above).
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, { capture: true });
    };
    // `registered` changes when areas come and go: observe the new set.
  }, [width, offset, rtl, registered]);
  return top;
}
