import { Box } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A box of a fixed height whose content (a chart, say) renders once the box has first come into view, and
 * stays: below the fold it costs nothing at load, and the box keeps its place so nothing shifts.
 */
export function WhenVisible({ h, children }: { h: number; children: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  return (
    <Box ref={ref} h={h}>
      {seen && <Suspense fallback={null}>{children}</Suspense>}
    </Box>
  );
}
