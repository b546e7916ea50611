// An open-loop load generator in its own thread: one request every `intervalMs`, whether or not
// earlier ones answered, timed from when it was due, so a stalled server shows in the tail.
import { parentPort, workerData } from 'node:worker_threads';

// With `until`, it runs until the parent posts 'stop' (durationMs is then only the upper bound).
const { url, durationMs, intervalMs, until } = workerData;
let stopped = false;
if (until) parentPort.once('message', () => (stopped = true));
const latencies = [];
const pending = [];
const start = performance.now();
for (let due = start; due < start + durationMs && !stopped; due += intervalMs) {
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pending.push(
    fetch(url)
      .then((res) => res.arrayBuffer())
      .then(() => latencies.push(performance.now() - due)),
  );
}
await Promise.all(pending);
parentPort.postMessage(latencies);
