import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ERROR_NOTICE_MS } from '../shared/notices.ts';
import { queryClient } from './query-client.ts';
import { theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* "Notices appear top centre." */}
      <Notifications position="top-center" autoClose={ERROR_NOTICE_MS} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
