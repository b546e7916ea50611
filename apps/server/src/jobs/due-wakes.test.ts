import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDueWakes } from './due-wakes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('due-time wakes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a job due in a month (a renewal) waits: Node's timer limit of 24.8 days does not fire it at once", async () => {
    vi.useFakeTimers();
    const queries: string[] = [];
    const woken: string[] = [];
    // The table's answer: the queue's next job is due in 30 days.
    const executeSql = async (text: string) => {
      queries.push(text);
      return { rows: [{ name: 'renew', due: false, in_ms: 30 * DAY_MS }] };
    };
    const wakes = createDueWakes(executeSql, (queue) => woken.push(queue));
    wakes.start();
    wakes.at('renew', Date.now() + 30 * DAY_MS);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(woken).toEqual([]);
    expect(queries).toEqual([]);
    // Its timer is set again on the way (at most every 6 hours), and wakes the workers when it is due.
    await vi.advanceTimersByTimeAsync(29 * DAY_MS);
    expect(woken).toEqual([]);
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(woken).toEqual(['renew']);
    await wakes.stop();
  });

  it('an earlier due time replaces a later one; a later one leaves the earlier', async () => {
    vi.useFakeTimers();
    const woken: number[] = [];
    const executeSql = async () => ({ rows: [] });
    const wakes = createDueWakes(executeSql, () => woken.push(Date.now()));
    wakes.start();
    const start = Date.now();
    wakes.at('q', start + 5_000);
    wakes.at('q', start + 2_000);
    wakes.at('q', start + 9_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(woken).toHaveLength(1);
    expect((woken[0] ?? 0) - start).toBeGreaterThanOrEqual(2_000);
    expect((woken[0] ?? 0) - start).toBeLessThan(2_100);
    await wakes.stop();
  });
});
