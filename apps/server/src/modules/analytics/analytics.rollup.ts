import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { defineJob, type JobQueue, registerRepeatingJob } from '../../jobs/queue.ts';
import { NO_WATERMARK, type Watermark, watermark, watermarkOf, watermarkRow } from './analytics.sql.ts';

/**
 * The analytics rollup job. Page views and opt-ins are append-only and each row carries the transaction
 * that wrote it (xid), so the job keeps a watermark per source (analytics_rollup_state: the (xid, id) of
 * the last row counted) and, in one transaction per batch, adds the next rows in (xid, id) order to
 * analytics_hourly (counts per UTC hour, funnel, step, page variant and filter values),
 * analytics_daily_visitors (each visitor once per account day), the recent hours' visitors and the
 * funnel list's daily visits (funnel_day_visitors), then moves the watermark. Only rows of transactions
 * that have ended are taken (see endedBelow): a row whose insert commits late, whatever
 * its id, has a later place in that order than every row already counted, so none is ever skipped, and
 * nothing waits for a time horizon. A batch is counted exactly once whatever happens (the watermark
 * moves in the same transaction, under a row lock), so the job is idempotent and catches up after
 * downtime batch by batch. Readers add the rows past the watermark from the raw tables, so answers are
 * exact and live whatever the job's lag.
 */
export const ROLLUP_BATCH = 50_000;
/**
 * The hours whose unique visitors are counted as they are written (analytics_hour_visits): the last 48
 * UTC hours at the time of the batch. A view of an older hour is left to the raw reads (readers use the
 * counts only for hours inside HOUR_VISITS_READ_S, two hours less, whatever the clocks); visitor sets of
 * hours past the window by one more hour are pruned.
 */
export const RECENT_HOURS = 48;
export const HOUR_VISITS_READ_S = (RECENT_HOURS - 2) * 3600;
/** How often the job runs while events arrive: a written view or opt-in brings a run this much later. */
export const ROLLUP_EVERY_MS = 3_000;
/**
 * How often it runs when a run found nothing new: writes wake it (ROLLUP_WAKE), so this run only covers
 * a wake lost with its process. Every 3 s, the idle runs were most of an idle server's CPU after the polls.
 */
export const ROLLUP_IDLE_EVERY_MS = 60_000;
/** The signal (JobQueue.signal) that events were written: page views, opt-ins, a changed time zone. */
export const ROLLUP_WAKE = 'analytics.rollup.wake';

// A run held by a killed process is taken over after the expiry: runs are idempotent (row-locked watermark).
export const rollupJob = defineJob('analytics.rollup', z.object({}), { retryLimit: 1, policy: 'short' });

/** The filter keys' values of an event as the rollups keep them (lower-cased, '' when missing). */
const KEYS = [
  'currency',
  'referrer',
  'referrer_domain',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'country',
] as const;
const keyColumns = sql.raw(KEYS.join(', '));
const keyValues = (alias: string) =>
  sql.raw(KEYS.map((k) => `lower(coalesce(${alias}.${k}::text, ''))`).join(', '));
const keyHash = (alias: string) =>
  sql.raw(
    `md5(concat_ws(chr(31), ${KEYS.map((k) => `lower(coalesce(${alias}.${k}::text, ''))`).join(', ')}))`,
  );

/**
 * A zone the database knows, else the default: the dashboard treats an unknown zone as Europe/London
 * (accountTimeZone), and an unknown zone must not stop the job.
 */
const knownZone = (zone: SQL) =>
  sql`(case when exists (select 1 from pg_timezone_names where name = ${zone}) then ${zone} else 'Europe/London' end)`;

type Source = 'page_views' | 'optins';
const TABLE: Record<Source, string> = { page_views: 'page_view_events', optins: 'optin_events' };

/**
 * The oldest transaction of this database that may still write events, as of the statement's snapshot:
 * the snapshot's oldest running xid, skipping those that pg_stat_activity shows running in another
 * database of the server (xids are server-wide: another database's long transaction must not stall the
 * job; an xid not seen there, or not visible to this role, counts as ours). Rows with a lower xid are
 * all committed or rolled back and visible to the statement.
 */
const endedBelow = sql`(
  select coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))
    from pg_snapshot_xip(pg_current_snapshot()) x
   where (x::text::bigint % 4294967296) not in (
           select a.backend_xid::text::bigint from pg_stat_activity a
            where a.backend_xid is not null
              and a.datid is distinct from (select oid from pg_database where datname = current_database())))`;

/**
 * A batch of a source: the rows past a watermark up to `upto` (its last row, in (xid, id) order), `rows`
 * of them, whose ids all lie in [lowId, highId].
 */
type Batch = { upto: Watermark; rows: number; lowId: number; highId: number };

/**
 * The next batch: at most `batch` rows past `last` in (xid, id) order, all written by transactions that
 * have ended (see endedBelow); null when there is none.
 */
async function nextBatch(tx: Db, source: Source, last: Watermark, batch: number): Promise<Batch | null> {
  const table = sql.raw(TABLE[source]);
  const [row] = rowsOf<{
    xid: string;
    id: string | number;
    rows: string | number;
    low_id: string | number;
    high_id: string | number;
  }>(
    await tx.execute(sql`
      with next as (
        select xid, id from ${table}
         where (xid, id) > ${watermarkRow(last)} and xid < ${endedBelow}
         order by xid, id limit ${batch})
      select xid::text as xid, id, count(*) over () as rows, min(id) over () as low_id, max(id) over () as high_id
        from next order by xid desc, id desc limit 1`),
  );
  return row
    ? {
        upto: { xid: row.xid, id: Number(row.id) },
        rows: Number(row.rows),
        lowId: Number(row.low_id),
        highId: Number(row.high_id),
      }
    : null;
}

/** The rows of a source past `from` up to `upto`, in (xid, id) order and matching `where`, as `v`. */
const rowsBetween = (table: string, from: Watermark, upto: Watermark, where: SQL = sql`true`) =>
  sql`(select * from ${sql.raw(table)} where (xid, id) > ${watermarkRow(from)} and (xid, id) <= ${watermarkRow(upto)}
         and ${where}) v`;

/**
 * A batch's rows as `v`. The id range is implied by the watermarks but lets the planner read them by the
 * primary key: from the (xid, id) comparison alone it guessed a quarter of the table and scanned all of it
 * for each statement (1.7 s alone, 3–4 s in the job, on 10M events written by one transaction, as an
 * import writes them).
 */
const batchRows = (table: string, from: Watermark, batch: Batch) =>
  rowsBetween(table, from, batch.upto, sql`id between ${batch.lowId} and ${batch.highId}`);

/** The accounts of a batch get their zone (analytics_accounts) before their days are counted. */
function ensureAccounts(batch: SQL): SQL {
  return sql`insert into analytics_accounts (account_id, time_zone)
      select distinct v.account_id, ${knownZone(sql`u.time_zone`)}
        from ${batch}
        join accounts a on a.id = v.account_id join users u on u.id = a.owner_user_id
       where not exists (select 1 from analytics_accounts z where z.account_id = v.account_id)
      on conflict (account_id) do nothing`;
}

/** Adds a batch's rows to the hourly rollup's `column`, by hour, step and filter keys. */
function addHourly(batch: SQL, column: 'page_views' | 'optins'): SQL {
  const counted = sql.raw(column);
  return sql`insert into analytics_hourly (account_id, hour, funnel_id, step_id, page_id, key_hash, ${keyColumns}, ${counted})
      select v.account_id, date_trunc('hour', v.created_at, 'UTC'), coalesce(v.funnel_id, 0), coalesce(v.step_id, 0),
             coalesce(v.page_id, 0), ${keyHash('v')}, ${keyValues('v')}, count(*)
        from ${batch}
       group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
      on conflict (account_id, hour, funnel_id, step_id, page_id, key_hash)
      do update set ${counted} = analytics_hourly.${counted} + excluded.${counted}`;
}

/** A batch's counts per account day into analytics_daily: per page variant, and per key value per funnel. */
function addDaily(batch: SQL, column: 'page_views' | 'optins'): SQL {
  const counted = sql.raw(column);
  return sql`insert into analytics_daily as r (account_id, key, value, day, funnel_id, step_id, page_id, ${counted})
      select v.account_id, e.key, e.value, (v.created_at at time zone z.time_zone)::date, coalesce(v.funnel_id, 0),
             case when e.key = '' then coalesce(v.step_id, 0) else 0 end,
             case when e.key = '' then coalesce(v.page_id, 0) else 0 end, count(*)
        from ${batch}
        join analytics_accounts z on z.account_id = v.account_id
        cross join lateral (values ('', ''), ${keyPairs('v')}) e(key, value)
       group by 1, 2, 3, 4, 5, 6, 7
      on conflict (account_id, key, value, day, funnel_id, step_id, page_id)
      do update set ${counted} = r.${counted} + excluded.${counted}`;
}

/** (key name, value) of each filter key of a row, as VALUES rows. */
const keyPairs = (alias: string) =>
  sql.raw(KEYS.map((k) => `('${k}', lower(coalesce(${alias}.${k}::text, '')))`).join(', '));

/** A span scope's columns, in the order analytics_visitor_spans keeps them. */
const SCOPE = 'account_id, kind, key, value, funnel_id, step_id, page_id';

/**
 * The scopes a visitor row (alias r: ids 0 for none, key values lower-cased) counts in, as VALUES rows
 * (kind, key, value, funnel_id[, step_id, page_id]): the account, its funnel and (with `pages`) its page
 * variant, then each filter key's value at account and funnel level. Rows whose value is '' are left out
 * by the caller (`e.key = '' or e.value <> ''`): a filter on a missing value reads the general path.
 */
function scopeValues(pages: boolean): string {
  const page = (ids: string) => (pages ? `, ${ids}` : '');
  return [
    `(0, '', '', 0::bigint${page('0::bigint, 0::bigint')})`,
    `(1, '', '', r.funnel_id${page('0, 0')})`,
    ...(pages ? ["(2, '', '', r.funnel_id, r.step_id, r.page_id)"] : []),
    ...KEYS.flatMap((k) => [
      `(0, '${k}', r.${k}, 0${page('0, 0')})`,
      `(1, '${k}', r.${k}, r.funnel_id${page('0, 0')})`,
    ]),
  ].join(', ');
}

/**
 * The scopes of visitor-day rows shaped like analytics_daily_visitors (alias r, with any extra columns):
 * account, funnel and page variant, then each filter key's non-empty value at account and funnel level.
 */
function inScopes(rows: SQL, extra = ''): SQL {
  return sql`
    select r.account_id, e.kind::smallint as kind, e.key, e.value, e.funnel_id, e.step_id, e.page_id,
           r.visitor_id, r.day${sql.raw(extra)}
      from ${rows} r
      cross join lateral (values ${sql.raw(scopeValues(true))}) e(kind, key, value, funnel_id, step_id, page_id)
     where e.key = '' or e.value <> ''`;
}

/**
 * The span counts (analytics_visitor_spans) of a whole set of visitor-day rows: each visitor's days in a
 * scope are ordered and each day is counted with the visitor's previous day in that scope (a zone rebuild).
 */
function spansOf(rows: SQL): SQL {
  return sql`
    select ${sql.raw(SCOPE)}, day, prev_day, count(*) as n
      from (select ${sql.raw(SCOPE)}, day,
                   coalesce(lag(day) over (partition by ${sql.raw(SCOPE)}, visitor_id order by day),
                            '-infinity'::date) as prev_day
              from (select distinct * from (${inScopes(rows)}) d) x) y
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

/** The visitor-day rows of a batch of page views, shaped like analytics_daily_visitors. */
const visitorDays = (batch: SQL) => sql`(
  select distinct v.account_id, (v.created_at at time zone z.time_zone)::date as day, coalesce(v.funnel_id, 0) as funnel_id,
         coalesce(v.step_id, 0) as step_id, coalesce(v.page_id, 0) as page_id, ${keyValuesAs('v')}, v.visitor_id
    from ${batch}
    join analytics_accounts z on z.account_id = v.account_id)`;
const keyValuesAs = (alias: string) =>
  sql.raw(KEYS.map((k) => `lower(coalesce(${alias}.${k}::text, '')) as ${k}`).join(', '));
const DAY_COLUMNS = `account_id, day, funnel_id, step_id, page_id, ${KEYS.join(', ')}, visitor_id`;
const storedDays = sql.raw(`(select ${DAY_COLUMNS} from analytics_daily_visitors d`);

/**
 * Moves analytics_visitor_spans by a batch's visitor days (run before they are added to the visitor
 * sets), by neighbours only: a day new to a scope is counted with the visitor's previous day in the
 * scope, and the visitor's next known day in the scope (if any) moves from its previous known day to the
 * new one, so a late or out-of-order day re-links both neighbours. Each batch visitor is worked on alone
 * (a lateral over its few stored days, by index, and its new ones), so nothing is sorted batch-wide.
 */
export function addSpans(batch: SQL): SQL {
  const scope = sql.raw(SCOPE);
  const dayColumns = ['day', 'funnel_id', 'step_id', 'page_id', ...KEYS];
  const arrays = sql.raw(dayColumns.map((c) => `array_agg(${c}) as ${c}`).join(', '));
  const unnested = sql.raw(dayColumns.map((c) => `v.${c}`).join(', '));
  const columns = sql.raw(`account_id, visitor_id, ${dayColumns.join(', ')}`);
  return sql`
    with visitors as (
      select account_id, visitor_id, ${arrays} from ${visitorDays(batch)} f group by account_id, visitor_id)
    insert into analytics_visitor_spans as s (${scope}, day, prev_day, visitors)
    select ${sql.raw(
      SCOPE.split(', ')
        .map((c) => `delta.${c}`)
        .join(', '),
    )}, delta.day, delta.prev_day, sum(delta.n)
      from visitors v
      cross join lateral (
        select ${scope}, l.day, coalesce(e.prev_day, '-infinity'::date) as prev_day, e.n
          from (select ${scope}, day, is_new, lag(day) over w as prev_day, lag(is_new) over w as prev_new,
                       max(day) filter (where not is_new)
                         over (w rows between unbounded preceding and 1 preceding) as prev_known
                  from (select ${scope}, day, bool_and(is_new) as is_new
                          from (${inScopes(
                            sql`(select ${columns}, false as is_new from analytics_daily_visitors d
                                  where d.account_id = v.account_id and d.visitor_id = v.visitor_id
                                 union all
                                 select v.account_id, v.visitor_id, u.*, true
                                   from unnest(${unnested}) u(${sql.raw(dayColumns.join(', '))}))`,
                            ', r.is_new',
                          )}) x
                         group by ${scope}, day) y
                window w as (partition by ${scope} order by day)) l
          -- Only new days and the known days right after one change a span.
          cross join lateral (
            select l.prev_day, 1 as n where l.is_new
            union all
            select l.prev_known, -1 where not l.is_new
            union all
            select l.prev_day, 1 where not l.is_new) e
         where l.is_new or l.prev_new) delta
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    having sum(n) <> 0
    on conflict (${scope}, day, prev_day) do update set visitors = s.visitors + excluded.visitors`;
}

/** Adds a batch of page views past `from` to the rollups. */
function addViews(from: Watermark, next: Batch): SQL[] {
  const batch = batchRows('page_view_events', from, next);
  return [
    ensureAccounts(batch),
    addHourly(batch, 'page_views'),
    addDaily(batch, 'page_views'),
    addSpans(batch),
    visitorSets(batch),
    funnelVisits(batch),
    hourVisits(batch),
  ];
}

/**
 * The recent hours' unique visitors (analytics_hour_visits) per scope (the account or one funnel, without
 * a filter or with one key's value, see scopeValues; views of no funnel count for the account only): each
 * batch visitor new to its account, scope and UTC hour adds one, for hours inside the last RECENT_HOURS;
 * only the batch is read.
 */
const hourVisits = (batch: SQL) =>
  sql`with fresh as (
        insert into analytics_hour_visitors (hour, account_id, kind, key, value, funnel_id, visitor_id)
        select distinct r.hour, r.account_id, e.kind, e.key, e.value, e.funnel_id, r.visitor_id
          from (select distinct date_trunc('hour', v.created_at, 'UTC') as hour, v.account_id,
                       coalesce(v.funnel_id, 0) as funnel_id, ${keyValuesAs('v')}, v.visitor_id
                  from ${batch}
                 where v.created_at >= date_trunc('hour', now(), 'UTC') - make_interval(hours => ${RECENT_HOURS})) r
          cross join lateral (values ${sql.raw(scopeValues(false))}) e(kind, key, value, funnel_id)
         where (e.key = '' or e.value <> '') and (e.kind = 0 or e.funnel_id <> 0)
        on conflict do nothing
        returning account_id, kind, key, value, funnel_id, hour)
      insert into analytics_hour_visits as s (account_id, kind, key, value, funnel_id, hour, visitors)
      select account_id, kind, key, value, funnel_id, hour, count(*) from fresh group by 1, 2, 3, 4, 5, 6
      on conflict (account_id, kind, key, value, funnel_id, hour) do update set visitors = s.visitors + excluded.visitors`;

/** The recent hours' visitor sets and counts of hours past the window (by one hour more) are dropped. */
async function pruneHourVisits(db: Db) {
  const past = sql`date_trunc('hour', now(), 'UTC') - make_interval(hours => ${RECENT_HOURS + 1})`;
  await db.execute(sql`delete from analytics_hour_visitors where hour < ${past}`);
  await db.execute(sql`delete from analytics_hour_visits where hour < ${past}`);
}

/**
 * The funnel list's unique visits per funnel and UTC day (funnel_daily_stats.visits, next to the orders
 * the checkout adds there): each batch visitor new to its funnel and day adds one. Only the batch is read,
 * never a whole day again.
 */
const funnelVisits = (batch: SQL) =>
  sql`with fresh as (
        insert into funnel_day_visitors (account_id, funnel_id, day, visitor_id)
        select distinct v.account_id, v.funnel_id, (v.created_at at time zone 'UTC')::date, v.visitor_id
          from ${batch}
          join funnels f on f.id = v.funnel_id and f.account_id = v.account_id
        on conflict do nothing
        returning account_id, funnel_id, day)
      insert into funnel_daily_stats as s (account_id, funnel_id, day, visits)
      select account_id, funnel_id, day, count(*) from fresh group by 1, 2, 3
      on conflict (funnel_id, day) do update set visits = s.visits + excluded.visits`;

/** Each visitor once per account day, page variant and filter values. */
const visitorSets = (batch: SQL) =>
  sql`insert into analytics_daily_visitors (account_id, day, funnel_id, step_id, page_id, key_hash, ${keyColumns}, visitor_id)
        select distinct v.account_id, (v.created_at at time zone z.time_zone)::date, coalesce(v.funnel_id, 0),
               coalesce(v.step_id, 0), coalesce(v.page_id, 0), ${keyHash('v')}, ${keyValues('v')}, v.visitor_id
          from ${batch}
          join analytics_accounts z on z.account_id = v.account_id
        on conflict do nothing`;

function addOptins(from: Watermark, next: Batch): SQL[] {
  const batch = batchRows('optin_events', from, next);
  return [ensureAccounts(batch), addHourly(batch, 'optins'), addDaily(batch, 'optins')];
}

/** Locks a source's watermark row for this transaction and reads it. */
async function lockWatermark(tx: Db, source: Source): Promise<Watermark> {
  await tx.execute(
    sql`insert into analytics_rollup_state (source, last_id) values (${source}, 0) on conflict do nothing`,
  );
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`select last_xid::text as w_xid, last_id as w_id from analytics_rollup_state where source = ${source} for update`,
    ),
  );
  return watermarkOf(row, 'w');
}

/** Accounts whose stored zone is no longer their owner's (a known zone, else the default). */
const movedZones = sql`
  select account_id from (
    select z.account_id, z.time_zone, u.time_zone as wanted from analytics_accounts z
      join accounts a on a.id = z.account_id join users u on u.id = a.owner_user_id
     where z.time_zone <> u.time_zone) m
   where m.time_zone <> ${knownZone(sql`m.wanted`)}`;

/**
 * Accounts whose zone changed since their visitor sets were written get them rebuilt from the events up
 * to the watermark (their days are the account's days).
 */
async function rebuildMovedZones(db: Db) {
  const moved = rowsOf<{ account_id: string | number }>(await db.execute(movedZones));
  for (const { account_id } of moved) {
    const accountId = Number(account_id);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const lastViews = await lockWatermark(tx, 'page_views');
      const lastOptins = await lockWatermark(tx, 'optins');
      const tables = [
        'analytics_daily_visitors',
        'analytics_daily',
        'analytics_monthly',
        'analytics_visitor_spans',
      ];
      for (const table of tables)
        await tx.execute(sql`delete from ${sql.raw(table)} where account_id = ${accountId}`);
      await tx.execute(sql`
        update analytics_accounts z set time_zone = ${knownZone(sql`u.time_zone`)}
          from accounts a join users u on u.id = a.owner_user_id
         where z.account_id = ${accountId} and a.id = z.account_id`);
      // The hourly counts are in UTC hours and stay; the day tables are rebuilt in the new zone.
      const views = rowsBetween('page_view_events', NO_WATERMARK, lastViews, sql`account_id = ${accountId}`);
      const optins = rowsBetween('optin_events', NO_WATERMARK, lastOptins, sql`account_id = ${accountId}`);
      await tx.execute(visitorSets(views));
      await tx.execute(addDaily(views, 'page_views'));
      await tx.execute(addDaily(optins, 'optins'));
      await tx.execute(
        sql`select analytics_order_daily(o, 1) from orders o where o.account_id = ${accountId}`,
      );
      await tx.execute(sql`
        insert into analytics_visitor_spans (${sql.raw(SCOPE)}, day, prev_day, visitors)
        ${spansOf(sql`${storedDays} where d.account_id = ${accountId})`)}`);
    });
  }
}

/**
 * Brings the rollups up to date: batch after batch until no row of an ended transaction is left.
 * Answers how many events were counted.
 */
export async function runRollup(db: Db, options: { batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? ROLLUP_BATCH;
  await rebuildMovedZones(db);
  await pruneHourVisits(db);
  let counted = 0;
  for (const source of ['page_views', 'optins'] as const) {
    for (;;) {
      const done = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const last = await lockWatermark(tx, source);
        const next = await nextBatch(tx, source, last, batch);
        if (next === null) return 0;
        for (const statement of source === 'page_views' ? addViews(last, next) : addOptins(last, next))
          await tx.execute(statement);
        const { upto } = next;
        await tx.execute(
          sql`update analytics_rollup_state set last_xid = ${upto.xid}::xid8, last_id = ${upto.id} where source = ${source}`,
        );
        return next.rows;
      });
      if (done === 0) break;
      counted += done;
    }
  }
  return counted;
}

/** A source's first event past its watermark: `order by … limit 1` walks the (xid, id) index (else a scan). */
const firstPast = (source: Source) =>
  sql`select 1 from ${sql.raw(TABLE[source])} where (xid, id) > ${watermark(source)} order by xid, id limit 1`;

/**
 * Whether a run would change anything: an event past either watermark (committed or not yet countable)
 * or a moved zone. One statement of two index probes, so an idle server's run is this alone; a view
 * written after it is past the watermark still, for the next run. The hour visits older than the window
 * wait for a run with events: readers never read them (HOUR_VISITS_READ_S).
 */
export async function rollupHasWork(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ work: boolean }>(
    await db.execute(sql`
      select exists (${firstPast('page_views')}) or exists (${firstPast('optins')}) or exists (${movedZones}) as work`),
  );
  return row?.work === true;
}

/**
 * Registers the job: each run brings the rollups up to date when there is anything new (rollupHasWork).
 * A run that counted something sends the next one ROLLUP_EVERY_MS later, one that found nothing
 * ROLLUP_IDLE_EVERY_MS later, and a ROLLUP_WAKE signal from whoever wrote events brings one
 * ROLLUP_EVERY_MS after it (registerRepeatingJob's `idle`); `kick` starts the chain at boot, and restarts
 * it after a crash.
 */
export function registerRollupJob(
  queue: JobQueue,
  db: Db,
  options: { everyMs?: number; idleEveryMs?: number; onError?: (error: unknown) => void } = {},
) {
  const chain = registerRepeatingJob(
    queue,
    rollupJob,
    options.everyMs ?? ROLLUP_EVERY_MS,
    async () => {
      if (!(await rollupHasWork(db))) return false;
      await runRollup(db);
      return true;
    },
    options.onError,
    { everyMs: options.idleEveryMs ?? ROLLUP_IDLE_EVERY_MS, wake: ROLLUP_WAKE },
  );
  /** Events were written: a run within ROLLUP_EVERY_MS, from whichever process runs the job. */
  return { ...chain, wake: () => queue.signal(ROLLUP_WAKE) };
}
