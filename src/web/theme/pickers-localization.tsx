import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { useDateLocale } from './date-locale';

/**
 * The date pickers' adapter and locale, around each picker rather than the whole app: the
 * adapter and its dayjs plugins load with the first form that has a date, not with every page.
 * The pickers' texts come from the theme (component-locales.ts).
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const locale = useDateLocale();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale}>
      {children}
    </LocalizationProvider>
  );
}
