import { Box } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A box of a fixed height whose content (a chart, say) renders once the box has first come into view, and
 * stays: below the fold it costs nothing at load, and the box keeps its place so nothing shifts. With
 * `preload` (a lazy component's), the content renders once that has settled, so it does not suspend: React
 * would show it no sooner than 300 ms after the (empty) fallback.
 */
export function WhenVisible({
  h,
  preload,
  children,
}: {
  h: number;
  preload?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  const [ready, setReady] = useState(!preload);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  useEffect(() => {
    if (!seen || ready || !preload) return;
    let current = true;
    const settle = () => {
      if (current) setReady(true);
    };
    preload().then(settle, settle);
    return () => {
      current = false;
    };
  }, [seen, ready, preload]);
  return (
    <Box ref={ref} h={h}>
      {seen && ready && <Suspense fallback={null}>{children}</Suspense>}
    </Box>
  );
}
