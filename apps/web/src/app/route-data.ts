import type { Me } from '@funnelwork/domain';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router';
import { foldersQuery, funnelListPlace, funnelPageQuery } from '../features/funnels/queries.ts';
import { FIRST_ORDER_LIST, orderListQuery } from '../features/orders/queries.ts';
import { pageQuery } from '../features/page-editor/queries.ts';
import { meQuery } from '../features/session/api.ts';
import { authStore, hasChosenAccount } from '../shared/auth-store.ts';

type RouteData = {
  path: string;
  start: (client: QueryClient, params: Params, search: URLSearchParams) => void;
};

/**
 * The first data of the screens a merchant most often opens cold, as each screen asks for it (the same
 * query options, so the screen finds the answer or the request in flight).
 */
const ROUTE_DATA: RouteData[] = [
  {
    path: '/',
    start: (client) => {
      const me = authStore.storedUser() as Me | null;
      // The range is counted with luxon, in the Dashboard's module, which is loading already.
      if (me)
        void import('../features/analytics/api.ts').then((analytics) =>
          analytics.prefetchDashboardSummary(client, me),
        );
    },
  },
  { path: '/orders', start: (client) => void client.prefetchQuery(orderListQuery(FIRST_ORDER_LIST)) },
  {
    path: '/funnels',
    start: (client, _params, search) => {
      void client.prefetchQuery(funnelPageQuery(false, { ...funnelListPlace(search, false), query: '' }));
      void client.prefetchQuery(foldersQuery());
    },
  },
  {
    path: '/page-editor/:kind/:funnel/steps/:step/pages/:page/:user',
    start: (client, params) =>
      void client.prefetchQuery(
        pageQuery({ funnel: Number(params.funnel), step: Number(params.step), page: Number(params.page) }),
      ),
  },
];

/**
 * Starts, at boot, `users/me` and the first data of the screen at `location`, together: rendered, the screen
 * would ask for its data only once `users/me` had answered and its module had run — on a slow phone, two
 * round trips one after the other before the first row. A session that turns out to be over answers 401
 * to both, and the route guard sends the user to sign in as before.
 */
export function startRouteData(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (!hasChosenAccount(authStore.get()) || !authStore.get().token) return;
  void client.prefetchQuery(meQuery());
  const search = new URLSearchParams(location.search);
  for (const { path, start } of ROUTE_DATA) {
    const match = matchPath(path, location.pathname);
    if (match) start(client, match.params, search);
  }
}
