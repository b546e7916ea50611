import { ACTIVITY_REFRESH_MS } from '@funnelwork/domain/activity/contracts';
import { activityEndpoints } from '@funnelwork/domain/api/activity';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';

export const activityKeys = { recentViews: ['activity', 'recent-views'] as const };

/** "Activity refresh every 10 seconds", while a screen showing the panel is open. */
export function useRecentViews() {
  return useQuery({
    queryKey: activityKeys.recentViews,
    queryFn: () => callOrThrow(activityEndpoints.listRecentViews),
    refetchInterval: ACTIVITY_REFRESH_MS,
    // A failed poll is shown in the panel and tried again on the next tick, without a notice each time.
    meta: { silent: true },
  });
}
