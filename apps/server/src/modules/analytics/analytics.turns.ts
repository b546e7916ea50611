/**
 * Turns of the event loop for analytics work, one at a time. A Dashboard starts several reads at once and
 * their answers arrive together; building their SQL and summing their rows back to back would hold the
 * loop for tens of milliseconds while a shopper's page waits. Each read asks for a turn first: turns are
 * given one per loop iteration (setImmediate after setImmediate), so the I/O of other requests is
 * served between them.
 */
const waiting: Array<() => void> = [];
let running = false;

function giveTurn() {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(giveTurn);
  else running = false;
  next?.();
}

/** Resolves on a later turn of the event loop than any turn already asked for. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!running) {
      running = true;
      setImmediate(giveTurn);
    }
  });
}
