import type { ComponentType } from 'react';
import { RouterProvider } from 'react-router';
import { AppThemeProvider } from '../theme';
import { SettingsProvider, useSettings } from '../settings';
import { SettingsDrawer } from '../layout/settings-drawer';
import { AppToaster } from '../toast';
import { createAppRouter } from './routes';

const router = createAppRouter();

export function App() {
  return (
    <SettingsProvider>
      <AppThemeProvider>
        <RouterProvider router={router} />
        <AppSettingsDrawer />
        <AppToaster />
      </AppThemeProvider>
    </SettingsProvider>
  );
}

// The drawer's open state lives in the settings context.
const Drawer = SettingsDrawer as ComponentType<{
  open: boolean;
  onClose: () => void;
}>;
function AppSettingsDrawer() {
  const { open, onClose } = useSettings();
  return <Drawer open={open} onClose={onClose} />;
}
