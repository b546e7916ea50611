import type { RecentViews } from '@funnelwork/domain/activity/contracts';
import type { Db } from '../../db/client.ts';
import { loadRecentViews } from './activity.queries.ts';

/** Dashboards poll every 10 s; within this window every poll of an account shares one answer. */
export const RECENT_VIEWS_CACHE_MS = 5_000;
/** Above this many cached accounts, expired entries are swept on the next read. */
const SWEEP_ABOVE = 1_000;

type Deps = { db: Db; now?: () => number; cacheMs?: number };

/**
 * The Activity panel with a per-account cache: 200 open dashboards of one account cost the database
 * what one does. Concurrent polls of an expired entry share the one query in flight.
 */
export function createActivityService({ db, now = Date.now, cacheMs = RECENT_VIEWS_CACHE_MS }: Deps) {
  const cache = new Map<number, { expiresAt: number; answer: Promise<RecentViews> }>();

  function sweep(at: number) {
    if (cache.size <= SWEEP_ABOVE) return;
    for (const [accountId, entry] of cache) if (entry.expiresAt <= at) cache.delete(accountId);
  }

  return {
    recentViews(accountId: number): Promise<RecentViews> {
      const at = now();
      const cached = cache.get(accountId);
      if (cached && cached.expiresAt > at) return cached.answer;
      sweep(at);
      const answer = loadRecentViews(db, accountId, at);
      cache.set(accountId, { expiresAt: at + cacheMs, answer });
      // A failed query is not kept: the next poll asks again.
      answer.catch(() => {
        if (cache.get(accountId)?.answer === answer) cache.delete(accountId);
      });
      return answer;
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
