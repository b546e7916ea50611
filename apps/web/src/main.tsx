import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { preloadBootRoute } from './app/lazy-screen.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { authStore } from './shared/auth-store.ts';

// A signed-in visit fetches its layouts' and screen's modules together, while the session is being checked.
if (authStore.get().token) preloadBootRoute(router.state.matches);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
