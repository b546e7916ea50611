import type { activityEndpoints } from '@funnelwork/domain/api/activity';
import { ACTIVITY_REFRESH_MS } from '@funnelwork/domain/rules';
import { useQuery } from '@tanstack/react-query';
import { addressOf, callOrThrow } from '../../shared/api-client.ts';

/** The panel's row of the endpoint table, by address: the Dashboard's first load imports no zod. */
const listRecentViews = addressOf<typeof activityEndpoints.listRecentViews>('GET', '/api/recent-views');

export const activityKeys = { recentViews: ['activity', 'recent-views'] as const };

/** "Activity refresh every 10 seconds", while a screen showing the panel is open. */
export function useRecentViews() {
  return useQuery({
    queryKey: activityKeys.recentViews,
    queryFn: () => callOrThrow(listRecentViews),
    refetchInterval: ACTIVITY_REFRESH_MS,
    // A failed poll is shown in the panel and tried again on the next tick, without a notice each time.
    meta: { silent: true },
  });
}
