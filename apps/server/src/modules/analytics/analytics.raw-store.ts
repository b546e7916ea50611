import type { Db } from '../../db/client.ts';
import {
  accountHasData,
  byValueOf,
  emptyScope,
  type Group,
  orderSources,
  perFunnelOf,
  perPageOf,
  rawEventSources,
  seriesOf,
  sumSources,
} from './analytics.sql.ts';
import type { AnalyticsStore, Period, StoreScope } from './analytics.store.ts';

/**
 * Every number read straight from page_view_events, optin_events and orders: the reference the rollup
 * store is tested against (analytics.property.test.ts), and what it falls back to for ranges its
 * rollups cannot serve exactly.
 */
export function createRawStore(db: Db): AnalyticsStore {
  const read = (scope: StoreScope, period: Period | null, group: Group) =>
    emptyScope(scope)
      ? Promise.resolve([])
      : sumSources(db, [...rawEventSources(scope, period, group), ...orderSources(scope, period, group)]);

  async function series(scope: StoreScope, edges: ReadonlyArray<number>) {
    const n = Math.max(edges.length - 1, 0);
    if (n === 0) return seriesOf([], 0);
    const period = { from: edges[0] as number, to: edges[n] as number };
    return seriesOf(await read(scope, period, { kind: 'bucket', edges }), n);
  }

  return {
    series,
    bucketVisitors: async (scope, edges) => (await series(scope, edges)).buckets.map((b) => b.visits),
    perFunnel: async (scope, period) => perFunnelOf(await read(scope, period, { kind: 'funnel' })),
    perPage: async (scope, period) => perPageOf(await read(scope, period, { kind: 'page' })),
    byValue: async (scope, key, period) => byValueOf(await read(scope, period, { kind: 'value', key })),
    hasData: (accountId) => accountHasData(db, accountId),
  };
}
