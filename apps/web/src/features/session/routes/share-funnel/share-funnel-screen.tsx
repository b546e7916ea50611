import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sharedFunnelStore } from '../../../../shared/shared-funnel-store.ts';

/**
 * A share link: the shared funnel and its code are kept locally, then the home route (after
 * logging in if needed) offers to clone it.
 */
export function ShareFunnelScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const funnel = search.get('funnel');
    const code = search.get('code');
    if (funnel && code) {
      sharedFunnelStore.set({ funnel, code, name: search.get('name') });
    }
    navigate('/', { replace: true });
  }, [search, navigate]);
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}
