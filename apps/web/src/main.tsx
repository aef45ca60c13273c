import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { endSession } from './lib/session-actions';
import { cssVariablesResolver, theme } from './lib/theme';
import { createTrpcClient, trpc } from './lib/trpc';
import { router } from './router';

const trpcClient = createTrpcClient(() => {
  endSession(() => router.navigate({ to: '/' })).catch((error: unknown) => console.error('Failed to leave for the login page', error));
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" forceColorScheme="light">
      {/* Top centre: never over the right-hand column where tables keep each row's actions. */}
      <Notifications position="top-center" />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  </StrictMode>,
);

// The offline till (docs/ARCHITECTURE.md): the service worker and the device's sync load
// after the first screen, so neither is part of the first load's JavaScript.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./features/offline/offline-runtime').then((m) => m.startOfflineRuntime(trpcClient));
  });
}
