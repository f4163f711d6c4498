import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import { useSettings } from '../settings';

export { toast } from 'sonner';

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

/** The one toaster of the app: place it once, inside AppThemeProvider. */
export function AppToaster() {
  const theme = useTheme();
  const { direction } = useSettings();
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
    </>
  );
}
