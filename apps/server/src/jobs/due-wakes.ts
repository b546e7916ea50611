import type { SqlExecutor } from '../db/client.ts';

/**
 * A delayed job's timer is set this much after its due time: pg-boss fetches jobs with `start_after <
 * now()`, and a timer may fire a millisecond early.
 */
const DUE_MARGIN_MS = 20;
/**
 * The shortest wait between two looks at the same queue's next due job: a queue holding a stream of
 * delayed jobs (100,000 waits over ten minutes) is looked at a few times a second, not once per job.
 */
const MIN_GAP_MS = 200;
/**
 * The longest a timer is set for: Node fires a `setTimeout` of more than 2^31 − 1 ms (24.8 days) at once,
 * and a month's renewal would then be looked up again and again. A timer for a later job is set again
 * when it fires.
 */
const MAX_TIMER_MS = 6 * 60 * 60 * 1000;

/**
 * Per queue, one timer at the earliest due time this process knows of (a delayed or retried job's
 * `start_after`): it wakes the queue's workers then, so they need not poll for delayed work. When it
 * fires it looks the queue's next due job up in pg-boss's table and sets itself again, so a job this
 * process never heard of is found once the jobs due before it are.
 */
export function createDueWakes(executeSql: SqlExecutor, wake: (queue: string) => void) {
  const timers = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> }>();
  /** Look-ups in flight: `stop` waits for them, so none meets a closed database. */
  const lookingUp = new Set<Promise<void>>();
  let running = false;

  function at(queue: string, dueAt: number) {
    if (!running) return;
    const when = Math.max(dueAt + DUE_MARGIN_MS, Date.now());
    const current = timers.get(queue);
    if (current && current.at <= when) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(
      () => {
        timers.delete(queue);
        if (!running) return;
        if (Date.now() < when) return at(queue, dueAt);
        wake(queue);
        void track(lookUp([queue], MIN_GAP_MS));
      },
      Math.min(when - Date.now(), MAX_TIMER_MS),
    );
    timer.unref?.();
    timers.set(queue, { at: when, timer });
  }

  /**
   * Each queue's earliest waiting job (state created or retry) in pg-boss's table, timed by the
   * database's clock (its `start_after` is compared with the database's now() when fetched). One due
   * already wakes the workers; the next one not yet due sets the timer, at least `minGapMs` from now.
   */
  async function lookUp(queues: string[], minGapMs = 0) {
    if (!running || queues.length === 0) return;
    const { rows } = await executeSql(
      `select q.name,
         exists (select 1 from pgboss.job j
           where j.name = q.name and j.state < 'active' and j.start_after < now()) as due,
         extract(epoch from (select min(j.start_after) from pgboss.job j
           where j.name = q.name and j.state < 'active' and j.start_after >= now()) - now()) * 1000 as in_ms
       from unnest($1::text[]) as q(name)`,
      [queues],
    );
    for (const row of rows as Array<{ name: string; due: boolean; in_ms: string | number | null }>) {
      if (row.due) wake(row.name);
      if (row.in_ms !== null) at(row.name, Date.now() + Math.max(Number(row.in_ms), minGapMs));
    }
  }

  function track(looking: Promise<void>) {
    const tracked = looking.catch((error: Error) => {
      console.error('job queue due-time look-up failed:', error.message);
    });
    lookingUp.add(tracked);
    return tracked.finally(() => lookingUp.delete(tracked));
  }

  return {
    /** A job of `queue` is due at `dueAt` (epoch ms): its workers are woken then. */
    at,
    /** Looks up the queues' next due jobs (at start, after a failure or pg-boss's maintenance). */
    lookUp: (queues: string[]) => track(lookUp(queues)),
    start() {
      running = true;
    },
    async stop() {
      running = false;
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(lookingUp);
    },
  };
}
