import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from './full-page-loader.tsx';

/** Layout "empty": no header; the session screens. */
export function EmptyLayout() {
  return (
    <Box bg="gray.0" mih="100vh">
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

/** Layout "steps-children": a step's own screens inside the funnel's steps layout. */
export function StepsChildrenLayout() {
  return (
    <Box>
      <Outlet />
    </Box>
  );
}

/** Layouts "email" and "page": full-screen editors without the header. */
export function EditorLayout({ kind }: { kind: 'email' | 'page' }) {
  return (
    <Box bg="gray.0" mih="100vh" data-layout={kind} p={0}>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
