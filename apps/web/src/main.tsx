// First: no schema may parse before zod is told not to evaluate code (CSP, see the module).
import './lib/csp/zod-jitless.ts';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { initI18n } from './lib/i18n/i18n.ts';

// Translations load while the first screen's code does; Suspense waits for both.
void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
