import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { sessionKeys, useMeQuery } from '../features/session/api.ts';
import { ApiError } from '../shared/api-client.ts';
import { authStore, hasChosenAccount, useAuth } from '../shared/auth-store.ts';
import { FullPageLoader } from './layouts/full-page-loader.tsx';
import { useBootModulesSettled } from './lazy-screen.ts';

/**
 * Every route but the session screens: "no token leads to LogIn (the query is kept); a token with
 * no chosen account (missing or '0') leads to SelectAccount. A missing or failed user response
 * redirects to /log-in."
 */
export function RouteGuard() {
  const auth = useAuth();
  const location = useLocation();
  const me = useMeQuery();
  const modulesSettled = useBootModulesSettled();
  // The layouts and the screen are first drawn at background priority, in slices of a few milliseconds (as
  // answers are, shared/use-deferred-query.ts): drawn on the session's arrival, they were one long task.
  const drawn = useDeferredValue(Boolean(me.data) && modulesSettled);
  useRecheckOnRouteChange(location.pathname);
  // Onboarding is the owner's: staff invited to the account start where they were sent.
  useOnboardingRedirect(me.data?.account_owner ? me.data.onboarding_finished : undefined, location.pathname);

  if (!auth.token) return <Navigate to={{ pathname: '/log-in', search: location.search }} replace />;
  if (!hasChosenAccount(auth)) {
    return <Navigate to={{ pathname: '/select-account', search: location.search }} replace />;
  }
  if (me.isError && (!me.data || isRefusal(me.error))) return <EndSession />;
  // The boot route's layouts and screen too: arriving after the session, they would suspend and be shown no
  // sooner than 300 ms after the loader (lazy-screen.ts).
  if (!me.data || !drawn) return <FullPageLoader />;
  if (me.data.account_id === null || String(me.data.account_id) !== auth.accountId) return <ForgetAccount />;
  return <Outlet />;
}

/** A refusal (not a network fault) means the stored session is no longer valid. */
const isRefusal = (error: Error) =>
  error instanceof ApiError && error.failure.info.status >= 400 && error.failure.info.status < 500;

function EndSession() {
  useEffect(() => authStore.clear(), []);
  return <FullPageLoader />;
}

/** The server no longer has the stored account chosen: "user info and account id are cleared". */
function ForgetAccount() {
  useEffect(() => authStore.clearUser(), []);
  return <FullPageLoader />;
}

/** "When the route changes and the user is no longer valid, user info and account id are cleared." */
function useRecheckOnRouteChange(pathname: string) {
  const queryClient = useQueryClient();
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    void queryClient.invalidateQueries({ queryKey: sessionKeys.me, exact: true });
  }, [pathname, queryClient]);
}

/** "When onboarding_finished is false the app goes to /get-started with the welcome popup." */
function useOnboardingRedirect(onboardingFinished: boolean | undefined, pathname: string) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (onboardingFinished !== false || done.current) return;
    done.current = true;
    if (!pathname.startsWith('/get-started')) navigate('/get-started', { replace: true });
  }, [onboardingFinished, pathname, navigate]);
}
