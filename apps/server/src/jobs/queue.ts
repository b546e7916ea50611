import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type Database, type Db, executorOf, type Listener } from '../db/client.ts';
import { createDueWakes } from './due-wakes.ts';
import { createForeground, type Foreground } from './foreground.ts';

export type JobOptions = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /**
   * Jobs a worker takes per fetch (default 1). Each is handled and, if it fails, failed on its own, so
   * a batch only saves round trips; for many small jobs such as e-mails.
   */
  batchSize?: number;
  /**
   * The jobs of a batch are handled at once instead of one after another (each still failed on its own):
   * for jobs that mostly wait on a peer, such as mail.send on a pooled SMTP transport or webhook deliveries
   * (one slow receiver does not hold up the rest).
   */
  concurrent?: boolean;
  /**
   * Workers of this queue in each process (default 1): with two, one fetches and completes a batch
   * while the other's jobs run, so the database is not idle between batches.
   */
  workers?: number;
  /**
   * pg-boss's queue policy. `short`: at most one job per singleton key waits (created) at a time, a
   * second send of the same key being dropped; a repeating job's chain needs it (registerRepeatingJob).
   */
  policy?: 'standard' | 'short';
};

/**
 * How often pg-boss's maintenance (one process at a time, cluster-wide) fails the expired jobs: a killed
 * process's job is retried at most this long after its expiry (pg-boss's default is 120 s).
 */
export const QUEUE_MAINTENANCE_SECONDS = 10;
/**
 * A job still active this long after it started is failed and retried, by any process: how a job whose
 * process was killed gets done (JOB_EXPIRY_SECONDS). The queue gives it to every kind it registers, on the
 * queue and on each job sent, so no kind keeps pg-boss's default of 15 minutes.
 */
export const DEFAULT_JOB_EXPIRY_SECONDS = 120;
/**
 * How often an idle worker looks for work by itself. Sends wake the workers at once and a delayed or
 * retried job's due time sets a timer (due-wakes.ts), so the poll only covers what no process told of:
 * a wake lost with its process or connection. Every 2 s, 17 workers' polls were most of an idle
 * server's CPU on the embedded database.
 */
export const DEFAULT_POLLING_INTERVAL_SECONDS = 30;

/** Background work: an id, a zod payload, and (registered separately) a handler. */
export type JobDefinition<T extends z.ZodType> = { id: string; payload: T; options: JobOptions };

/**
 * Registers a job that repeats every `everyMs`: each run sends the next one that much later (one waiting
 * run at a time), whether it succeeded or not (a failure goes to `onError`); `kick` starts the chain at
 * boot, and restarts it after a crash. The job's queue must have the `short` policy: with pg-boss's
 * standard one a singleton key alone dedupes nothing, so every boot's kick started one more chain (a
 * demo server restarted ten times ran its 3 s analytics rollup every 0.3 s).
 *
 * With `idle`, a job that is only needed when something new was written sleeps between writes: a run whose
 * `run` answers `false` (nothing was there) sends the next one `idle.everyMs` later, and `signal(idle.wake)`
 * from any process (whoever wrote) sends a run `everyMs` later under a second singleton key, which the idle
 * run's wait does not take (a send while a run of that key waits is dropped, so each signal is followed by
 * a run that starts after it). The idle run covers a signal lost with its process.
 */
export function registerRepeatingJob(
  queue: JobQueue,
  job: JobDefinition<z.ZodType<Record<string, never>>>,
  everyMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void = () => {},
  idle?: { everyMs: number; wake: string },
) {
  if (job.options.policy !== 'short')
    throw new Error(`${job.id} repeats: define it with policy 'short' (one waiting run at a time)`);
  const soonKey = idle ? `${job.id}:soon` : job.id;
  const sendIn = (ms: number, singletonKey: string) =>
    queue.send(job, {}, { startAfter: new Date(Date.now() + ms), singletonKey });
  queue.work(job, async () => {
    let found: unknown = true;
    try {
      found = await run();
    } catch (error) {
      onError(error);
    } finally {
      if (idle && found === false) await sendIn(idle.everyMs, job.id);
      else await sendIn(everyMs, soonKey);
    }
  });
  // Before the queue starts there is nothing to send to: its start's `kick` covers what was written.
  if (idle)
    queue.onSignal(idle.wake, () => {
      if (queue.isRunning()) sendIn(everyMs, soonKey).catch(onError);
    });
  return { kick: () => queue.send(job, {}, { singletonKey: job.id }) };
}

/**
 * What a process does (`PROCESS_ROLE`): everything (one process, the default and PGlite's only choice),
 * only requests (`web`: it enqueues jobs and records events, runs no worker), or only background work
 * (`jobs`: the workers, the events outbox and the sweeps, no HTTP).
 */
export type ProcessRole = 'all' | 'web' | 'jobs';
/** The PostgreSQL channel on which `web` processes tell `jobs` processes that work is waiting. */
export const JOBS_CHANNEL = 'funnelwork_jobs';

export function defineJob<T extends z.ZodType>(
  id: string,
  payload: T,
  options: JobOptions = {},
): JobDefinition<T> {
  return { id, payload, options };
}

export type JobQueue = {
  /** Enqueues a job; `startAfter` delays it (a one-off scheduled job, e.g. an export's expiry). */
  send<T extends z.ZodType>(
    job: JobDefinition<T>,
    data: z.input<T>,
    options?: {
      startAfter?: Date;
      singletonKey?: string;
      expireInSeconds?: number;
      /** Higher first; jobs of equal priority in the order sent (pg-boss fetches by priority). */
      priority?: number;
      /** Seconds before the first retry of a failed job, instead of the job definition's. */
      retryDelay?: number;
    },
  ): Promise<string | null>;
  /**
   * Enqueues a job in the caller's transaction (`tx`): it exists exactly when the change that asks for it
   * commits, so a crash between the commit and the send cannot lose it. Call `wake(job)` after the commit.
   */
  sendIn<T extends z.ZodType>(
    tx: Db,
    job: JobDefinition<T>,
    data: z.input<T>,
    options?: { expireInSeconds?: number; startAfter?: Date },
  ): Promise<void>;
  /** Whether the queue is started (its tables exist): a `sendIn` before that would abort its transaction. */
  isRunning(): boolean;
  /** Tells the queue's workers to fetch now (after a `sendIn`'s commit): `signal(job.id)`. */
  wake(job: JobDefinition<z.ZodType>): void;
  /**
   * Work named `name` is waiting (a queue's id, or a poller's name given to `onSignal`), or, with
   * `dueAt`, a queue's job becomes due then: a process that runs the workers wakes its own at once (or
   * sets its timer); a `web` process tells the `jobs` processes (NOTIFY on JOBS_CHANNEL, coalesced per
   * turn of the event loop). Their polls cover a lost signal.
   */
  signal(name: string, dueAt?: Date): void;
  /** What `signal(name)` wakes in a process that runs the background work (a poller's fetch). */
  onSignal(name: string, wake: () => void): void;
  /** Enqueues many jobs of one kind in one statement (a bulk send). */
  sendMany<T extends z.ZodType>(
    job: JobDefinition<T>,
    data: z.input<T>[],
    /**
     * `startAfter(i)`: when the i-th job is due (delayed jobs sent in bulk); `priority(i)` its priority
     * (higher first), `retryDelay` instead of the job definition's.
     */
    options?: {
      expireInSeconds?: number;
      startAfter?: (index: number) => Date;
      priority?: (index: number) => number;
      retryDelay?: number;
    },
  ): Promise<void>;
  /** The kinds registered (`work`, `workBatch`), each with the expiry its queue and jobs get. */
  kinds(): Array<{ job: JobDefinition<z.ZodType>; expireInSeconds: number }>;
  /** Registers a handler; workers start with `start()` so handlers can be added at boot in any order. */
  work<T extends z.ZodType>(job: JobDefinition<T>, handler: (data: z.output<T>) => Promise<void>): void;
  /**
   * Registers a handler of a whole fetched batch (the job's `batchSize`), for jobs cheaper together than
   * apart (e-mails: one read and one status update for all). It answers per job, in order: undefined
   * when done, else the error that fails that job alone (retried as its definition says).
   */
  workBatch<T extends z.ZodType>(
    job: JobDefinition<T>,
    handler: (items: z.output<T>[]) => Promise<ReadonlyArray<unknown>>,
  ): void;
  /**
   * Work that runs while the queue runs, beside its workers (a poller of the database's own state,
   * such as the events outbox): started after the workers, stopped before them.
   */
  whileRunning(part: { start(): void; stop(): Promise<void> }): void;
  start(): Promise<void>;
  /** Stops what `start` began; nothing when the queue is not running, so an owner may always call it. */
  stop(): Promise<void>;
  boss: PgBoss;
  /** This process's requests in flight: each batch of jobs starts in a gap between them (foreground.ts). */
  foreground: Foreground;
};

export function createJobQueue(
  database: Database,
  options: {
    pollingIntervalSeconds?: number;
    foreground?: Foreground;
    role?: ProcessRole;
    /** Every kind's expiry (JOB_EXPIRY_SECONDS); a send may give its own (an orders export's). */
    jobExpirySeconds?: number;
  } = {},
): JobQueue {
  const expireInSeconds = options.jobExpirySeconds ?? DEFAULT_JOB_EXPIRY_SECONDS;
  const foreground = options.foreground ?? createForeground();
  const role = options.role ?? 'all';
  if (role !== 'all' && database.kind !== 'postgres')
    throw new Error(
      `PROCESS_ROLE=${role} needs PostgreSQL (DATABASE_URL): the embedded database is one process's`,
    );
  const runsWork = role !== 'web';
  // Both drivers go through executeSql, so on PGlite pg-boss shares the worker's one connection and lock.
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    schedule: false,
    // Expiring and archiving jobs is background work: the processes that run workers do it.
    supervise: runsWork,
    maintenanceIntervalSeconds: QUEUE_MAINTENANCE_SECONDS,
  });
  boss.on('error', (error: Error) => {
    console.error('job queue error:', error.message);
  });
  /** Each queue's handler of a fetched batch: per job undefined (done) or the error that fails it. */
  type BatchHandler = (items: unknown[]) => Promise<ReadonlyArray<unknown>>;
  const handlers: Array<{ job: JobDefinition<z.ZodType>; handler: BatchHandler }> = [];
  const parts: Array<{ start(): void; stop(): Promise<void> }> = [];
  let started = false;
  /** Between `start` and `stop`: pg-boss and whatever started with it are running. */
  let running = false;
  /** Job batches being handled in this process now; `stopping` once `stop` has begun. */
  let active = 0;
  let stopping = false;
  /** The ids of this process's workers of each queue. */
  const workers = new Map<string, string[]>();
  const notify = (queue: string) => {
    for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
  };
  /** Each queue's timer at the earliest due time this process knows of (delayed and retried jobs). */
  const dueWakes = createDueWakes(database.executeSql, notify);
  // Maintenance fails the jobs active past their expiry (a killed process's): their retries' timers.
  boss.on('maintenance', () => void dueWakes.lookUp([...workers.keys()]));
  /** Pollers' wakes by name (`onSignal`). */
  const wakes = new Map<string, () => void>();
  const wakeHere = (name: string, dueAt = 0) => {
    const wake = wakes.get(name);
    if (wake) wake();
    else if (dueAt > Date.now()) dueWakes.at(name, dueAt);
    else notify(name);
  };
  /**
   * A `web` process's signals of this turn of the event loop, sent as one NOTIFY: each name once, with
   * its earliest due time (0: now), written `name` or `name@<epoch ms>`.
   */
  let outgoing: Map<string, number> | null = null;
  const signal = (name: string, dueAt?: Date) => {
    const due = dueAt?.getTime() ?? 0;
    if (runsWork) return wakeHere(name, due);
    if (!started) return;
    if (outgoing) {
      outgoing.set(name, Math.min(due, outgoing.get(name) ?? due));
      return;
    }
    outgoing = new Map([[name, due]]);
    setImmediate(() => {
      const names = [...(outgoing ?? [])].map(([n, at]) => (at > 0 ? `${n}@${at}` : n)).join(',');
      outgoing = null;
      database.executeSql('select pg_notify($1, $2)', [JOBS_CHANNEL, names]).catch((error: Error) => {
        console.error('job queue signal failed:', error.message);
      });
    });
  };
  let listener: Listener | null = null;

  function workBatch<T extends z.ZodType>(
    job: JobDefinition<T>,
    handler: (items: z.output<T>[]) => Promise<ReadonlyArray<unknown>>,
  ) {
    if (started) throw new Error(`register ${job.id} before the queue starts`);
    handlers.push({ job, handler: handler as BatchHandler });
  }

  return {
    boss,
    foreground,
    signal,
    onSignal(name, wake) {
      wakes.set(name, wake);
    },
    async send(job, data, options = {}) {
      const payload = job.payload.parse(data) as object;
      const id = await boss.send(job.id, payload, { ...job.options, expireInSeconds, ...options });
      // The queue's workers fetch it now instead of at their next poll (an export starts when asked,
      // not up to a polling interval later), or when it is due.
      signal(job.id, options.startAfter);
      return id;
    },
    async sendIn(tx, job, data, options = {}) {
      const payload = job.payload.parse(data) as object;
      await boss.send(job.id, payload, {
        ...job.options,
        expireInSeconds,
        ...options,
        db: { executeSql: executorOf(tx) },
      });
      // A delayed job's timer: if it fires before the commit, the caller's `wake` after it covers the job.
      if (options.startAfter) signal(job.id, options.startAfter);
    },
    isRunning: () => running,
    wake(job) {
      signal(job.id);
    },
    async sendMany(job, data, options = {}) {
      if (data.length === 0) return;
      const { retryLimit, retryBackoff } = job.options;
      const retryDelay = options.retryDelay ?? job.options.retryDelay;
      await boss.insert(
        data.map((item, index) => ({
          name: job.id,
          data: job.payload.parse(item) as object,
          retryLimit,
          retryDelay,
          retryBackoff,
          expireInSeconds: options.expireInSeconds ?? expireInSeconds,
          ...(options.startAfter && { startAfter: options.startAfter(index) }),
          ...(options.priority && { priority: options.priority(index) }),
        })),
      );
      // Wakes for the jobs due now and a timer for the earliest of the others (later ones are found
      // when it fires).
      const now = Date.now();
      let dueNow = !options.startAfter;
      let next = Number.POSITIVE_INFINITY;
      for (let index = 0; options.startAfter && index < data.length; index++) {
        const due = options.startAfter(index).getTime();
        if (due <= now) dueNow = true;
        else next = Math.min(next, due);
      }
      if (dueNow) signal(job.id);
      if (next < Number.POSITIVE_INFINITY) signal(job.id, new Date(next));
    },
    whileRunning(part) {
      parts.push(part);
      if (started && runsWork) part.start();
    },
    work(job, handler) {
      const one = async (data: unknown) => {
        try {
          await handler(data as z.output<typeof job.payload>);
          return undefined;
        } catch (error) {
          return error ?? new Error(`${job.id} failed`);
        }
      };
      const { concurrent = false } = job.options;
      workBatch(job, async (items) => {
        if (concurrent) return await Promise.all(items.map(one));
        const outcomes: unknown[] = [];
        for (const item of items) outcomes.push(await one(item));
        return outcomes;
      });
    },
    workBatch,
    kinds() {
      return handlers.map(({ job }) => ({ job, expireInSeconds }));
    },
    async start() {
      stopping = false;
      running = true;
      await boss.start();
      // The queues exist before anything is sent or worked (pg-boss sends only to created queues). One
      // process at a time: two starting together on a fresh database deadlocked in createQueue. A queue
      // made by an earlier version is updated: its jobs take the expiry, retries and policy of this one.
      await database.exclusively(async () => {
        for (const { job } of handlers) {
          const { batchSize: _b, concurrent: _c, workers: _w, ...retries } = job.options;
          const queueOptions = { name: job.id, ...retries, expireInSeconds };
          await boss.createQueue(job.id, queueOptions);
          await boss.updateQueue(job.id, queueOptions);
        }
      });
      if (!runsWork) {
        // Requests only: nothing works the queues here.
        started = true;
        return;
      }
      for (const { job, handler } of handlers) {
        const { batchSize = 1, workers: count = 1 } = job.options;
        const handle = async (jobs: PgBoss.Job<object>[]) => {
          // A batch fetched while the queue stops is not run against a closing database, nor completed or
          // failed there: it stays active and is retried after its expiry, as after a crash.
          if (stopping) return new Promise<never>(() => {});
          // Counted until each job is done or failed here (not by pg-boss after we return), so `stop`
          // can wait for them before the caller closes the database.
          active += 1;
          try {
            if (jobs.length > 0) await foreground.gap();
            // A payload that does not parse fails its job alone; the others are handled.
            const parsed = jobs.map((j) => job.payload.safeParse(j.data));
            const valid = parsed.flatMap((p) => (p.success ? [p.data] : []));
            const answers = valid.length > 0 ? await handler(valid) : [];
            let at = 0;
            let failed = false;
            for (const [index, j] of jobs.entries()) {
              const p = parsed[index];
              const error = p?.success ? answers[at++] : p?.error;
              if (error === undefined || error === null) continue;
              await boss.fail(job.id, j.id, error instanceof Error ? { message: error.message } : { error });
              failed = true;
            }
            // pg-boss sets a retry's due time (retry delay, backoff with jitter) in SQL: read it back.
            if (failed) await dueWakes.lookUp([job.id]);
          } finally {
            active -= 1;
          }
          // A worker that found work looks again at once; only an empty fetch waits the polling
          // interval (pg-boss waits it after every fetch, which caps a queue at one batch per interval).
          if (jobs.length > 0) notify(job.id);
        };
        const ids: string[] = [];
        const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS;
        for (let i = 0; i < count; i++) {
          ids.push(await boss.work(job.id, { pollingIntervalSeconds, batchSize }, handle));
        }
        workers.set(job.id, ids);
      }
      started = true;
      // The workers fetch what is due now as they start; the timers are for what is due later, such as
      // a wait left by the process before a restart.
      dueWakes.start();
      await dueWakes.lookUp([...workers.keys()]);
      for (const part of parts) part.start();
      if (role === 'jobs') {
        // The `web` processes' signals; after a lost connection everything is looked at once.
        listener = await database.listen(JOBS_CHANNEL, {
          onMessage: (names) => {
            for (const signalled of names.split(',')) {
              const [name = '', dueAt] = signalled.split('@');
              wakeHere(name, Number(dueAt ?? 0));
            }
          },
          onReconnect: () => {
            for (const name of [...workers.keys(), ...wakes.keys()]) wakeHere(name);
            void dueWakes.lookUp([...workers.keys()]);
          },
          onError: (error) => console.error('job queue listener:', error.message),
        });
      }
    },
    async stop() {
      if (!running) return;
      running = false;
      stopping = true;
      await dueWakes.stop();
      await listener?.close();
      listener = null;
      if (!runsWork) {
        await boss.stop({ graceful: false, wait: true, timeout: 10_000 });
        return;
      }
      await Promise.all(parts.map((part) => part.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // pg-boss stops waiting after its timeout; a handler still running would meet a closed database.
      const deadline = Date.now() + 10_000;
      while (active > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
