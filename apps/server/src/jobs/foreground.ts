/**
 * Requests first: the HTTP requests this process is serving, and a way for background work (job
 * batches, the outbox's dispatches) to start in a gap between them. A shopper's checkout and a merchant's
 * screen then do not queue behind e-mails and webhook deliveries on the event loop and the database
 * connection; background work waits at most `maxWaitMs` per start, so a steady stream of requests slows it
 * down but never stops it.
 */
export type Foreground = {
  /** A request started (each `enter` is followed by exactly one `leave`). */
  enter(): void;
  leave(): void;
  /** Resolves when no request is in flight, or after `maxWaitMs`, whichever comes first. */
  gap(): Promise<void>;
  /** Requests in flight now. */
  readonly inFlight: number;
};

export function createForeground({ maxWaitMs = 25 }: { maxWaitMs?: number } = {}): Foreground {
  let inFlight = 0;
  let waiting: Array<() => void> = [];
  return {
    enter() {
      inFlight += 1;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0 || waiting.length === 0) return;
      const ready = waiting;
      waiting = [];
      for (const resolve of ready) resolve();
    },
    gap() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, maxWaitMs);
        function done() {
          clearTimeout(timer);
          waiting = waiting.filter((entry) => entry !== done);
          resolve();
        }
        waiting.push(done);
      });
    },
    get inFlight() {
      return inFlight;
    },
  };
}
