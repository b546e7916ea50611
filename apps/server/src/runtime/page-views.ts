import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pageViewEvents } from '../db/schema/index.ts';

export type PageView = typeof pageViewEvents.$inferInsert;

/** Flush when this many views wait, or every FLUSH_MS. */
export const FLUSH_AT = 200;
export const FLUSH_MS = 1_000;

const HOUR_MS = 3_600_000;

/**
 * Page views are buffered in the process and written in batches, so serving a page never waits for
 * the database. Each flush also recomputes the hourly rollup (views, unique visitors) of the hours it
 * touched and the funnels' daily unique visits.
 */
export function createPageViewRecorder(
  db: Db,
  options: { flushAt?: number; flushMs?: number; onError?: (error: unknown) => void } = {},
) {
  const flushAt = options.flushAt ?? FLUSH_AT;
  let buffer: PageView[] = [];
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS);
  timer.unref();

  async function write(batch: PageView[]) {
    await db.insert(pageViewEvents).values(batch);
    const hours = new Map<string, { accountId: number; from: Date }>();
    const days = new Map<string, { accountId: number; day: string }>();
    for (const view of batch) {
      const at = (view.createdAt ?? new Date()).getTime();
      const from = new Date(at - (at % HOUR_MS));
      hours.set(`${view.accountId}:${from.getTime()}`, { accountId: view.accountId, from });
      const day = new Date(at).toISOString().slice(0, 10);
      days.set(`${view.accountId}:${day}`, { accountId: view.accountId, day });
    }
    for (const { accountId, from } of hours.values()) {
      const to = new Date(from.getTime() + HOUR_MS);
      await db.execute(sql`
        insert into page_stats_hourly (account_id, funnel_id, step_id, hour, views, unique_visitors)
        select account_id, funnel_id, coalesce(step_id, 0), ${from.toISOString()}::timestamptz,
               count(*), count(distinct visitor_id)
          from page_view_events
         where account_id = ${accountId} and funnel_id is not null
           and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
         group by account_id, funnel_id, coalesce(step_id, 0)
        on conflict (account_id, funnel_id, step_id, hour)
        do update set views = excluded.views, unique_visitors = excluded.unique_visitors`);
    }
    for (const { accountId, day } of days.values()) {
      await db.execute(sql`
        insert into funnel_daily_stats (account_id, funnel_id, day, visits)
        select v.account_id, v.funnel_id, ${day}::date, count(distinct v.visitor_id)
          from page_view_events v
          join funnels f on f.id = v.funnel_id and f.account_id = v.account_id
         where v.account_id = ${accountId}
           and v.created_at >= ${day}::date::timestamptz and v.created_at < (${day}::date + 1)::timestamptz
         group by v.account_id, v.funnel_id
        on conflict (funnel_id, day) do update set visits = excluded.visits`);
    }
  }

  function flush(): Promise<void> {
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing.then(() => write(batch)).catch((error) => options.onError?.(error));
    return writing;
  }

  return {
    record(view: PageView) {
      buffer.push({ ...view, createdAt: view.createdAt ?? new Date() });
      if (buffer.length >= flushAt) void flush();
    },
    /** Writes what waits (tests call it; the server on close). */
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    get pending() {
      return buffer.length;
    },
  };
}

export type PageViewRecorder = ReturnType<typeof createPageViewRecorder>;
