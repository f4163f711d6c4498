import { createContext, useContext } from 'react';

/**
 * The dayjs locale of the current language, once it has loaded (AppThemeProvider sets it): the
 * date pickers' adapter takes it, so their fields and calendars follow the language.
 */
export const DateLocaleContext = createContext('en');

export const useDateLocale = (): string => useContext(DateLocaleContext);
