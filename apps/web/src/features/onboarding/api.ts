import type { Checklist, Me } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { apiOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { useMe, useSetMe } from '../session/api.ts';

/** "Closing it, choosing a plan … sets onboarding_finished true by a user update." */
function useSaveOnboardingFinished() {
  const me = useMe();
  const setMe = useSetMe();
  return async () => {
    const user = await apiOrThrow<Me>('PATCH', `users/${me.id}`, {
      body: { data: { onboarding_finished: true } },
    });
    setMe(user);
    return user;
  };
}

/** The welcome popup's finish: a failure is a warning and the popup stays. */
export function useFinishOnboarding() {
  const save = useSaveOnboardingFinished();
  return useApiMutation({
    mutationFn: save,
    invalidates: [],
    failure: (error) => error.message,
    failureAsWarning: true,
  });
}

/**
 * For a first funnel: ends onboarding if it is still on, without a notice of its own. Resolves once
 * saved (or failed), so the funnel opens with the welcome popup gone.
 */
export function useFinishOnboardingQuietly() {
  const me = useMe();
  const save = useSaveOnboardingFinished();
  return async () => {
    if (!me.onboarding_finished) await save().catch(() => undefined);
  };
}

/** The get-started checklist, ticked by the server from the account's data. */
export function useChecklist() {
  return useQuery({
    queryKey: ['onboarding', 'checklist'],
    queryFn: () => apiOrThrow<Checklist>('GET', 'onboarding/checklist'),
    staleTime: 0,
  });
}
