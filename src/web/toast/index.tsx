import { lazy, Suspense, useSyncExternalStore, type ComponentType, type CSSProperties } from 'react';
import type { ExternalToast, ToasterProps, toast as sonnerToast } from 'sonner';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import { useSettings } from '../settings';
import { isToasterRequested, loadToast, requestToaster, subscribeToaster } from './load';

export { loadToast, requestToaster };

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

type Message = Parameters<typeof sonnerToast>[0];

const show =
  (kind: 'message' | 'success' | 'error') =>
  (message: Message, options?: ExternalToast): void => {
    loadToast().then(
      (t) => (kind === 'message' ? t(message, options) : t[kind](message, options)),
      (error: unknown) => console.error(error),
    );
  };

/** sonner's toast calls, made once sonner has loaded (the first one loads it). */
export const toast = Object.assign(show('message'), {
  success: show('success'),
  error: show('error'),
  dismiss: (id?: string | number): void => {
    loadToast().then(
      (t) => t.dismiss(id),
      (error: unknown) => console.error(error),
    );
  },
});

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
  if (!wanted) return null;
  const { width, duration, ...props } = TOASTER_OPTIONS;
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
      <Suspense fallback={null}>
        <Toaster
          {...props}
          dir={direction}
          theme={theme.palette.mode}
          style={{ '--width': `${width}px` } as CSSProperties}
          toastOptions={{
            duration,
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
    </>
  );
}
