import { useNavigate } from 'react-router';

/**
 * Logs out through /log-out (LogOutScreen): a navigation, so a screen holding unsaved changes asks
 * 'Save changes?' before the session and its screens go.
 */
export function useLogOut() {
  const navigate = useNavigate();
  return () => navigate('/log-out');
}
