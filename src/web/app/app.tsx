import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppThemeProvider } from '../theme';
import { SettingsProvider, useSettings } from '../settings';
import { AppToaster } from '../toast';
import { AppRoutes } from './routes';

export function App() {
  return (
    <SettingsProvider>
      <AppThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <AppSettingsDrawer />
        <AppToaster />
      </AppThemeProvider>
    </SettingsProvider>
  );
}

// The drawer (and its header button's module) loads the first time it opens.
const SettingsDrawer = lazy(() => import('../layout/settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/** The drawer's open state lives in the settings context. */
function AppSettingsDrawer() {
  const { open, onClose } = useSettings();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer open={open} onClose={onClose} />
    </Suspense>
  );
}
