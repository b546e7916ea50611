import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../../../shared/auth-store.ts';
import { signOut } from '../../api.ts';

/**
 * /log-out: ends the session on the server (a failure there still ends it here), then goes to LogIn.
 * Logging out is a navigation here, so a screen with unsaved changes asks 'Save changes?' first.
 */
export function LogOutScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (authStore.get().token) await signOut();
      authStore.clear();
      queryClient.clear();
      navigate('/log-in', { replace: true });
    })();
  }, [queryClient, navigate]);
  return (
    <Center h="100vh">
      <Loader aria-label="Logging out" />
    </Center>
  );
}
