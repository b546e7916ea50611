import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authStore } from '../../shared/auth-store.ts';
import { signOut } from './api.ts';

/** Ends the session on the server (a failure there still ends it here), then goes to LogIn. */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    if (authStore.get().token) await signOut();
    authStore.clear();
    queryClient.clear();
    navigate('/log-in', { replace: true });
  };
}
