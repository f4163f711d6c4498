import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ComponentType, type CSSProperties } from 'react';
import type { ExternalToast, ToasterProps, toast as sonnerToast } from 'sonner';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings';
import { useToastClearance } from './avoid';
import { isToasterRequested, loadToast, requestToaster, subscribeToaster } from './load';

export { loadToast, requestToaster };
export { useToastAvoidance } from './avoid';

/** Section 9's app-level toast setup (sonner's own defaults cover the swipe threshold). */
export const TOASTER_OPTIONS = {
  position: 'top-right',
  expand: true,
  closeButton: true,
  gap: 12,
  offset: 16,
  visibleToasts: 4,
  duration: 4000,
  width: 300,
} as const;

/** The header's height (layout-config: 72 px desktop, 64 px mobile) that toasts stay below. */
export const TOASTER_HEADER_CLEARANCE = { desktop: 72, mobile: 64 } as const;

type Message = Parameters<typeof sonnerToast>[0];

/** A sonner call made once sonner has loaded (the first one loads it). */
const later =
  <A extends unknown[]>(call: (sonner: typeof sonnerToast, ...args: A) => void) =>
  (...args: A): void => {
    loadToast().then(
      (sonner) => call(sonner, ...args),
      (error: unknown) => console.error(error),
    );
  };

/** sonner's toast calls, without loading sonner with the page. */
export const toast = Object.assign(
  later((sonner, message: Message, options?: ExternalToast) => sonner(message, options)),
  {
    success: later((sonner, message: Message, options?: ExternalToast) => sonner.success(message, options)),
    error: later((sonner, message: Message, options?: ExternalToast) => sonner.error(message, options)),
    warning: later((sonner, message: Message, options?: ExternalToast) => sonner.warning(message, options)),
    dismiss: later((sonner, id?: string | number) => sonner.dismiss(id)),
  },
);

// A toaster that cannot load leaves the app without toasts rather than failing it.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  import('sonner').then(
    (m) => ({ default: m.Toaster }),
    (error: unknown) => {
      console.error(error);
      return { default: () => null };
    },
  ),
);

/** The one toaster of the app: place it once, inside AppThemeProvider. It mounts with the first toast. */
export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterRequested, isToasterRequested);
  const theme = useTheme();
  const { direction } = useSettings();
  const { t } = useTranslation('common');
  const toasts = useRef<HTMLDivElement>(null);
  const rtl = direction === 'rtl';
  // Below the page's registered actions areas too (avoid.ts): a toast on "Mark resolved" or on an
  // invoice's Cancel would keep itself open under the pointer and take the click.
  const clearance = useToastClearance(TOASTER_OPTIONS.width, TOASTER_OPTIONS.offset, rtl);
  // Toasts are status messages: the live region reads them out and sonner's hotkey reaches them.
  // In the Tab order they hold the keyboard, because sonner sends the focus back to where it came
  // from whenever it leaves them, so Tab could not get past a toast until it expired.
  useEffect(() => {
    const root = toasts.current;
    if (!root) return;
    const untab = () => {
      for (const el of root.querySelectorAll<HTMLElement>('[data-sonner-toast], [data-sonner-toast] button'))
        if (el.tabIndex !== -1) el.tabIndex = -1;
    };
    const observer = new MutationObserver(untab);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, [wanted]);
  if (!wanted) return null;
  const { width, duration, offset, position, ...props } = TOASTER_OPTIONS;
  // The spec's top-right corner, mirrored in right-to-left, and below the header so that a
  // toast never covers its controls (language, bell, settings, account).
  const below = (headerHeight: number) => ({ top: Math.max(headerHeight + offset, clearance), right: offset, left: offset });
  const icon = (type: string, color: string) => ({
    [`[data-sonner-toast][data-type="${type}"] [data-icon]`]: { color },
  });
  return (
    <>
      <GlobalStyles
        styles={{
          ...icon('success', theme.palette.success.main),
          ...icon('info', theme.palette.info.main),
          ...icon('warning', theme.palette.warning.main),
          ...icon('error', theme.palette.error.main),
          ...icon('loading', theme.palette.primary.main),
          '[data-sonner-toast] [data-description]': {
            color: theme.palette.text.secondary,
          },
        }}
      />
      <div
        ref={toasts}
        style={{ display: 'contents' }}
        // A toast's buttons work without taking the focus: sonner sends it back to where it was
        // before whenever it leaves a toast, and so took it away from the field clicked next.
        onMouseDown={(e) => {
          if ((e.target as Element).closest('[data-sonner-toast] button')) e.preventDefault();
        }}
      >
        <Suspense fallback={null}>
          <Toaster
            {...props}
            position={rtl ? 'top-left' : position}
            offset={below(TOASTER_HEADER_CLEARANCE.desktop)}
            mobileOffset={below(TOASTER_HEADER_CLEARANCE.mobile)}
            containerAriaLabel={t('toaster.label')}
            dir={direction}
            theme={theme.palette.mode}
            style={{ '--width': `${width}px` } as CSSProperties}
            toastOptions={{
              duration,
              closeButtonAriaLabel: t('toaster.close'),
              style: {
                width,
                fontFamily: theme.typography.fontFamily,
                fontSize: theme.typography.body2.fontSize,
                borderRadius: 12,
                background: theme.palette.background.paper,
                color: theme.palette.text.primary,
                border: `1px solid ${theme.palette.divider}`,
                boxShadow: theme.shadows[8],
              },
            }}
          />
        </Suspense>
      </div>
    </>
  );
}
