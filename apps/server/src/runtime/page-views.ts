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
 * travel as one jsonb value), so serving a page never waits for the database. Nothing else is done
 * here: the analytics rollup job, woken by `onWritten`, counts the written views into every rollup
 * (analytics.rollup.ts).
 */
export function createPageViewRecorder(
  db: Db,
  options: {
    flushAt?: number;
    flushMs?: number;
    onError?: (error: unknown) => void;
    /** After each batch is written: the rollup job counts it (its wake). */
    onWritten?: () => void;
  } = {},
) {
  const flushAt = options.flushAt ?? FLUSH_AT;
  let buffer: PageView[] = [];
  let writing: Promise<void> = Promise.resolve();
  let closing = false;
  const timer = setInterval(() => void write(), options.flushMs ?? FLUSH_MS);
  timer.unref();

  async function insert(batch: PageView[]) {
    await db.execute(sql`
      insert into page_view_events (${sql.raw(COLUMNS)})
      select ${sql.raw(COLUMNS)} from jsonb_to_recordset(${JSON.stringify(batch.map(rowOf))}::jsonb) as v(${sql.raw(ROW_TYPE)})`);
    // The last batch at close waits for the next start's run: the queue is stopping too.
    if (!closing) options.onWritten?.();
  }

  /** Writes what waits, after the writes before it. */
  function write(): Promise<void> {
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return writing;
    writing = writing.then(() => insert(batch)).catch((error) => options.onError?.(error));
    return writing;
  }

  return {
    record(view: PageView) {
      buffer.push(view.createdAt ? view : { ...view, createdAt: new Date() });
      if (buffer.length >= flushAt) void write();
    },
    /** Writes what waits (tests call it; the server on close). */
    flush: () => write(),
    async close() {
      closing = true;
      clearInterval(timer);
      await write();
    },
    get pending() {
      return buffer.length;
    },
  };
}

export type PageViewRecorder = ReturnType<typeof createPageViewRecorder>;
