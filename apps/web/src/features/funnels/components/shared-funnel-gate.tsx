import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyComponent } from '../../../shared/lazy-component.ts';
import { sharedFunnelStore } from '../../../shared/shared-funnel-store.ts';
import { useMe } from '../../session/api.ts';

const SharedFunnelPopup = lazyComponent(
  async () => (await import('./shared-funnel-popup.tsx')).SharedFunnelPopup,
);

/** Where a new account lands instead of the home route (the welcome popup's /get-started). */
const HOME_ROUTES = new Set(['/', '/get-started']);

/**
 * "on the home route, a stored share funnel plus share code opens a cloning popup". The popup's code
 * loads only when a share is waiting; it waits for the welcome popup of a new account to close.
 */
export function SharedFunnelGate() {
  const me = useMe();
  const { pathname } = useLocation();
  const [share, setShare] = useState(sharedFunnelStore.get);
  if (!share || !me.onboarding_finished || !HOME_ROUTES.has(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <SharedFunnelPopup
        share={share}
        onDone={() => {
          sharedFunnelStore.clear();
          setShare(null);
        }}
      />
    </Suspense>
  );
}
