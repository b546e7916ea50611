import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { pageViewEvents } from '../db/schema/index.ts';

export type PageView = typeof pageViewEvents.$inferInsert;

/**
 * Write when this many views wait, or every FLUSH_MS. 500 rather than 200: on the embedded database a
 * view costs about 10 % less written in batches of 500 (one statement's fixed cost shared by more rows),
 * and a batch still holds the single connection for only some tens of milliseconds.
 */
export const FLUSH_AT = 500;
export const FLUSH_MS = 1_000;
/** The hourly and daily rollups of the hours and days written are recomputed at most this often. */
export const ROLLUP_MS = 10_000;

const HOUR_MS = 3_600_000;

/** The columns of one written view, in the order of the jsonb_to_recordset row type below. */
const COLUMNS =
  'account_id, funnel_id, step_id, page_id, visitor_id, session_id, referrer, referrer_domain, utm_source, utm_medium, utm_campaign, utm_term, utm_content, country, currency, created_at';
const ROW_TYPE =
  'account_id bigint, funnel_id bigint, step_id bigint, page_id bigint, visitor_id text, session_id text, referrer text, referrer_domain text, utm_source text, utm_medium text, utm_campaign text, utm_term text, utm_content text, country char(2), currency char(3), created_at timestamptz';

/** A view as one jsonb_to_recordset row (the keys are the column names). */
const rowOf = (view: PageView) => ({
  account_id: view.accountId,
  funnel_id: view.funnelId ?? null,
  step_id: view.stepId ?? null,
  page_id: view.pageId ?? null,
  visitor_id: view.visitorId,
  session_id: view.sessionId ?? null,
  referrer: view.referrer ?? null,
  referrer_domain: view.referrerDomain ?? null,
  utm_source: view.utmSource ?? null,
  utm_medium: view.utmMedium ?? null,
  utm_campaign: view.utmCampaign ?? null,
  utm_term: view.utmTerm ?? null,
  utm_content: view.utmContent ?? null,
  country: view.country ?? null,
  currency: view.currency ?? null,
  created_at: (view.createdAt ?? new Date()).toISOString(),
});

/**
 * Page views are buffered in the process and written in batches (one statement per batch: the rows
 * travel as one jsonb value), so serving a page never waits for the database. The hourly rollup (views,
 * unique visitors) of the hours written and the funnels' daily unique visits are recomputed from the
 * events at most every `rollupMs` (each recompute reads the whole hour and day, so doing it per batch
 * would cost the database more with every view of the day), and always by `flush()` and `close()`.
 */
export function createPageViewRecorder(
  db: Db,
  options: { flushAt?: number; flushMs?: number; rollupMs?: number; onError?: (error: unknown) => void } = {},
) {
  const flushAt = options.flushAt ?? FLUSH_AT;
  const rollupMs = options.rollupMs ?? ROLLUP_MS;
  let buffer: PageView[] = [];
  let writing: Promise<void> = Promise.resolve();
  let lastRollup = Date.now();
  /** Hours and days written since their rollup was last recomputed. */
  const hours = new Map<string, { accountId: number; from: Date }>();
  const days = new Map<string, { accountId: number; day: string }>();
  const timer = setInterval(() => void write(false), options.flushMs ?? FLUSH_MS);
  timer.unref();

  async function insert(batch: PageView[]) {
    await db.execute(sql`
      insert into page_view_events (${sql.raw(COLUMNS)})
      select ${sql.raw(COLUMNS)} from jsonb_to_recordset(${JSON.stringify(batch.map(rowOf))}::jsonb) as v(${sql.raw(ROW_TYPE)})`);
    for (const view of batch) {
      const at = (view.createdAt ?? new Date()).getTime();
      const from = new Date(at - (at % HOUR_MS));
      hours.set(`${view.accountId}:${from.getTime()}`, { accountId: view.accountId, from });
      const day = new Date(at).toISOString().slice(0, 10);
      days.set(`${view.accountId}:${day}`, { accountId: view.accountId, day });
    }
  }

  async function rollup() {
    lastRollup = Date.now();
    const touchedHours = [...hours.values()];
    const touchedDays = [...days.values()];
    hours.clear();
    days.clear();
    for (const { accountId, from } of touchedHours) {
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
    for (const { accountId, day } of touchedDays) {
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

  /** Writes what waits; recomputes the rollups when `force` or when their interval has passed. */
  function write(force: boolean): Promise<void> {
    const batch = buffer;
    buffer = [];
    if (batch.length === 0 && hours.size === 0 && days.size === 0) return writing;
    writing = writing
      .then(async () => {
        if (batch.length > 0) await insert(batch);
        if (force || Date.now() - lastRollup >= rollupMs) await rollup();
      })
      .catch((error) => options.onError?.(error));
    return writing;
  }

  return {
    record(view: PageView) {
      buffer.push(view.createdAt ? view : { ...view, createdAt: new Date() });
      if (buffer.length >= flushAt) void write(false);
    },
    /** Writes what waits and brings the rollups up to date (tests call it; the server on close). */
    flush: () => write(true),
    async close() {
      clearInterval(timer);
      await write(true);
    },
    get pending() {
      return buffer.length;
    },
  };
}

export type PageViewRecorder = ReturnType<typeof createPageViewRecorder>;
