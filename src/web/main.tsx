import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GUEST_NAMESPACES, initI18n } from './i18n';
import { App } from './app/app';
import { listenForBack } from './components/resource/unsaved-changes';

// Ahead of the router's own listener: a form with unsaved changes is asked before Back leaves it.
listenForBack();
const root = createRoot(document.getElementById('root')!);

// Translations are bundled; the current language's guest namespaces load before the
// first render, the others with the signed-in shell (routes.tsx).
initI18n(GUEST_NAMESPACES)
  .catch((error) => console.error(error))
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
