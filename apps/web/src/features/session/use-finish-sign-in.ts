import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionKeys } from './api.ts';
import { redirectTarget, type SignInOutcome } from './sign-in-flow.ts';

/** After a sign-in: go on to the kept redirect (or home), or to SelectAccount keeping the query. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  return (outcome: SignInOutcome) => {
    queryClient.clear();
    if (outcome.kind === 'ready') {
      queryClient.setQueryData(sessionKeys.me, outcome.me);
      navigate(redirectTarget(search), { replace: true });
    } else {
      navigate({ pathname: '/select-account', search: search.toString() }, { replace: true });
    }
  };
}
