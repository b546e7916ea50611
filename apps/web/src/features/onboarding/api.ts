import type { Me } from '@funnelwork/domain';
import { patchUser, useSetMe } from '../session/api.ts';

/** "Closing it, choosing a plan … sets onboarding_finished true by a user update." */
export function useFinishOnboarding() {
  const setMe = useSetMe();
  return async (me: Me) => {
    const result = await patchUser(me.id, { onboarding_finished: true });
    if (result.error === undefined) setMe(result.data);
    return result;
  };
}
