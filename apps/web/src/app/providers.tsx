import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { i18n } from '../lib/i18n/i18n.ts';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
