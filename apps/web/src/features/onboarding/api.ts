import type { onboardingEndpoints } from '@funnelwork/domain/api/onboarding';
import type { usersEndpoints } from '@funnelwork/domain/api/users';
import { useQuery } from '@tanstack/react-query';
import { addressOf, callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { useMe, useSetMe } from '../session/api.ts';

// By address: the main layout's welcome popup loads these, and the table's schemas are zod.
const updateUser = addressOf<typeof usersEndpoints.updateUser>('PATCH', '/api/users/:id');
const getChecklist = addressOf<typeof onboardingEndpoints.getOnboardingChecklist>(
  'GET',
  '/api/onboarding/checklist',
);

/** "Closing it, choosing a plan … sets onboarding_finished true by a user update." */
function useSaveOnboardingFinished() {
  const me = useMe();
  const setMe = useSetMe();
  return async () => {
    const user = await callOrThrow(updateUser, {
      params: { id: me.id },
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
    queryFn: () => callOrThrow(getChecklist),
    staleTime: 0,
  });
}
