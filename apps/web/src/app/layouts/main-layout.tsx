import { AppShell, Container } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SharedFunnelGate } from '../../features/funnels/components/shared-funnel-gate.tsx';
import { ChatWidget } from '../../features/help/components/chat-widget.tsx';
import { WelcomePopup } from '../../features/onboarding/components/welcome-popup.tsx';
import { SessionNotices } from '../session-notices.tsx';
import { AppHeader } from './app-header.tsx';
import { FullPageLoader } from './full-page-loader.tsx';

export const HEADER_HEIGHT = 60;

/** The header with its tabs and menus, the session's notices and the welcome popup. */
function HeaderShell({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header withBorder={false}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" mih="100vh">
        <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
      </AppShell.Main>
      <SessionNotices />
      <WelcomePopup />
      <SharedFunnelGate />
      <ChatWidget />
    </AppShell>
  );
}

/** Layout "main": header, and the screen in a centred column. */
export function MainLayout() {
  return (
    <HeaderShell>
      <Container size="xl" py="xl" px={{ base: 'md', sm: 'xl' }}>
        <Outlet />
      </Container>
    </HeaderShell>
  );
}

/** Layout "steps": header, and the funnel screen across the full width. */
export function StepsLayout() {
  return (
    <HeaderShell>
      <Outlet />
    </HeaderShell>
  );
}
