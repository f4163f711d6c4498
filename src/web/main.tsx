import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { App } from './app/app';

const root = createRoot(document.getElementById('root')!);

// Translations are bundled; initialise them before the first render.
initI18n()
  .catch((error) => console.error(error))
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
