import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { outboxEvents } from '../db/schema/index.ts';
import type { Foreground } from '../jobs/foreground.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { EventMap, EventName } from './bus.ts';

/** One outbox row as a consumer gets it. */
export type OutboxEvent = {
  [K in EventName]: { id: number; type: K; key: string; payload: EventMap[K]; createdAt: Date };
}[EventName];

/**
 * Records an event in the transaction of the change it tells of: once per (account, type, key), so
 * the same change recorded twice (a retried request, a racing duplicate) is one event. Answers whether
 * this call recorded it.
 */
export async function recordEvent<K extends EventName>(
  tx: Db,
  type: K,
  key: string,
  payload: EventMap[K],
): Promise<boolean> {
  const rows = await tx
    .insert(outboxEvents)
    .values({ accountId: payload.accountId, type, key, payload: payload as Record<string, unknown> })
    .onConflictDoNothing()
    .returning({ id: outboxEvents.id });
  if (rows.length > 0) {
    const transaction = recording.getStore();
    if (transaction) transaction.recorded = true;
    // Outside a transaction the row is committed already.
    else for (const wake of commitListeners.get(tx) ?? []) wake();
  }
  return rows.length > 0;
}

/** The transaction in progress on this async path, and whether it recorded an event. */
const recording = new AsyncLocalStorage<{ recorded: boolean }>();
/**
 * Keyed by the database handle on purpose, not a cache: every outbox on one handle must hear of its commits,
 * whichever app's request made them, and the handle's `transaction` is wrapped once however many listen.
 */
const commitListeners = new WeakMap<object, Set<() => void>>();

/**
 * Calls `wake` after each transaction of `db` that recorded an event has committed, whoever recorded it:
 * no publisher can forget to tell the outbox, and it never looks before the rows are visible. Answers
 * the function that stops it.
 */
export function wakeOnCommit(db: Db, wake: () => void): () => void {
  let listeners = commitListeners.get(db);
  if (!listeners) {
    const registered = new Set<() => void>();
    listeners = registered;
    commitListeners.set(db, registered);
    const transaction = db.transaction.bind(db);
    db.transaction = (async (run, config) => {
      const state = { recorded: false };
      const result = await recording.run(state, () => transaction(run, config));
      if (state.recorded) for (const listener of registered) listener();
      return result;
    }) as Db['transaction'];
  }
  listeners.add(wake);
  const added = listeners;
  return () => {
    added.delete(wake);
  };
}

/**
 * A durable consumer: `handle` must be idempotent (a dispatcher that died after handling and before
 * marking hands the event over again) and quick (it enqueues jobs; the work happens in them).
 */
export type OutboxConsumer = {
  name: string;
  types: readonly EventName[];
  handle(event: OutboxEvent): Promise<void>;
  /**
   * The same for several events at once, in order (one read, one enqueue for a batch). If it throws,
   * the dispatcher hands the same events to `handle` one by one, so a bad event fails alone.
   */
  handleMany?(events: OutboxEvent[]): Promise<void>;
};

/**
 * A batch takes the oldest pending events of each account in turn (round robin) from this many oldest
 * pending ones: one merchant's burst does not hold back another's event. Within an account, in order.
 */
const FAIR_WINDOW = 10_000;

type Row = { id: string | number; type: string; key: string; payload: unknown; created_at: string | Date };

/** The batch in the accounts' turns: each account's first event, then each one's second, …; each in order. */
function takingTurns(rows: Row[]): Row[] {
  const byAccount = new Map<unknown, Row[]>();
  for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    const account = (row.payload as { accountId?: unknown } | null)?.accountId;
    byAccount.set(account, [...(byAccount.get(account) ?? []), row]);
  }
  const queues = [...byAccount.values()];
  const turns: Row[] = [];
  for (let turn = 0; turns.length < rows.length; turn++) {
    for (const queue of queues) {
      const row = queue[turn];
      if (row) turns.push(row);
    }
  }
  return turns;
}

/** The outbox's name for `queue.signal`. */
const OUTBOX_SIGNAL = 'outbox';

/**
 * The outbox's dispatcher: while the queue runs it is woken after each commit that records an event
 * (wakeOnCommit here, a `web` process's signal in a `jobs` one) and polls every `pollMs` only for a lost
 * wake or an expired claim. It claims a batch in one statement (SKIP LOCKED, so processes share the
 * work; accounts take turns), hands each consumer the batch's events of its types in order, and marks
 * them dispatched in one statement. A consumer that throws on an event leaves it undispatched; it is
 * handed over again when its claim expires. After downtime, everything recorded meanwhile is still
 * there and goes out on start.
 */
export function createOutbox({
  db,
  queue,
  pollMs = 10_000,
  batchSize = 25,
  claimSeconds = 60,
  onError = (error: unknown) => {
    // A failed query's message is its SQL; the database's reason is its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error('outbox dispatch failed:', cause instanceof Error ? cause.message : cause);
  },
}: {
  db: Db;
  queue: Pick<JobQueue, 'whileRunning'> &
    Partial<Pick<JobQueue, 'signal' | 'onSignal'>> & { foreground?: Foreground };
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed batch is this process's before another may take it over. */
  claimSeconds?: number;
  onError?: (error: unknown) => void;
}) {
  const consumers: OutboxConsumer[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  /** Dispatches one batch; answers how many events it claimed. */
  async function dispatch(): Promise<number> {
    // Requests first: a batch is claimed in a gap between this process's requests (jobs/foreground.ts).
    await queue.foreground?.gap();
    const rows = rowsOf<Row>(
      await db.execute(sql`
        with pending as (
          select id, account_id from outbox_events
          where dispatched_at is null and (claimed_until is null or claimed_until < now())
          order by id limit ${FAIR_WINDOW}
          for update skip locked),
        chosen as (
          select id from (
            select id, row_number() over (partition by account_id order by id) as turn from pending) turns
          order by turn, id limit ${batchSize})
        update outbox_events set claimed_until = now() + make_interval(secs => ${claimSeconds})
        where id in (select id from chosen)
        returning id, type, key, payload, created_at`),
    );
    const events = takingTurns(rows).map(
      (row) =>
        ({
          id: Number(row.id),
          type: row.type,
          key: row.key,
          payload: row.payload,
          createdAt: new Date(row.created_at),
        }) as OutboxEvent,
    );
    // Each consumer takes the batch's events of its types at once; an event a consumer fails on goes
    // to no later consumer and stays undispatched (all of them get it again: they are idempotent).
    const failed = new Set<number>();
    for (const consumer of consumers) {
      const mine = events.filter((event) => consumer.types.includes(event.type) && !failed.has(event.id));
      if (mine.length === 0) continue;
      if (consumer.handleMany && mine.length > 1) {
        try {
          await consumer.handleMany(mine);
          continue;
        } catch (error) {
          onError(error);
        }
      }
      for (const event of mine) {
        try {
          await consumer.handle(event);
        } catch (error) {
          onError(error);
          failed.add(event.id);
        }
      }
    }
    const dispatched = events.filter((event) => !failed.has(event.id)).map((event) => event.id);
    if (dispatched.length > 0) {
      await db.execute(
        sql`update outbox_events set dispatched_at = now() where id in (${sql.join(dispatched, sql`, `)})`,
      );
    }
    return rows.length;
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatch()
      .then((count) => {
        if (count === batchSize) again = true;
      })
      .catch(onError)
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          wake();
        }
      });
  }

  queue.onSignal?.(OUTBOX_SIGNAL, wake);
  queue.whileRunning({
    start() {
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref?.();
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  });

  return {
    /** Adds a durable consumer (at boot, before the queue starts). */
    consume(consumer: OutboxConsumer) {
      consumers.push(consumer);
    },
    /**
     * Dispatches soon (the bus calls it after each commit), here or, from a `web` process, in the `jobs`
     * processes (`queue.signal`); the poll covers what it misses.
     */
    wake: queue.signal ? () => queue.signal?.(OUTBOX_SIGNAL) : wake,
    dispatch,
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
