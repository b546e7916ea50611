import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { runWithProgress } from './progress-run.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('runWithProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('"a progress counter rises 0 to 100 in 1% steps (every 50 ms …), then a spinner shows until the split response arrives"', async () => {
    const answer = deferred<string>();
    const seen: number[] = [];
    let answered = false;
    const run = runWithProgress(
      () => answer.promise,
      { stepMs: 50 },
      {
        onProgress: (v) => seen.push(v),
        onAnswer: () => {
          answered = true;
        },
      },
    );
    let result: string | undefined;
    void run.done.then((r) => {
      result = r;
    });
    await vi.advanceTimersByTimeAsync(50 * 10);
    expect(seen.at(-1)).toBe(10);
    await vi.advanceTimersByTimeAsync(50 * 95);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual(Array.from({ length: 101 }, (_, i) => i));
    // The count is complete but the answer is not: the run waits (the spinner).
    expect(result).toBeUndefined();
    expect(answered).toBe(false);
    answer.resolve('split');
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBe('split');
  });

  test('an early answer still lets the count finish before the run ends', async () => {
    const seen: number[] = [];
    let result: string | undefined;
    const run = runWithProgress(
      async () => 'deleted',
      { stepMs: 10 },
      { onProgress: (v) => seen.push(v), onAnswer: () => {} },
    );
    void run.done.then((r) => {
      result = r;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(result).toBe('deleted');
    expect(seen.at(-1)).toBe(100);
  });

  test('"on finish the progress jumps to at least 80" (share clone, every 30 ms)', async () => {
    const answer = deferred<string>();
    const seen: number[] = [];
    const run = runWithProgress(
      () => answer.promise,
      { stepMs: 30, jumpOnAnswer: 80 },
      {
        onProgress: (v) => seen.push(v),
        onAnswer: () => {},
      },
    );
    await vi.advanceTimersByTimeAsync(30 * 20);
    expect(seen.at(-1)).toBe(20);
    answer.resolve('cloned');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toBe(80);
    await vi.advanceTimersByTimeAsync(30 * 20);
    await expect(run.done).resolves.toBe('cloned');
    expect(seen.at(-1)).toBe(100);
  });

  test('a failure ends the run at once ("Split failure: error notice; spinner stops")', async () => {
    const seen: number[] = [];
    const run = runWithProgress(
      async () => ({ error: 'nope' }),
      { stepMs: 50, endsEarly: (r) => 'error' in r },
      {
        onProgress: (v) => seen.push(v),
        onAnswer: () => {},
      },
    );
    await expect(run.done).resolves.toEqual({ error: 'nope' });
    const last = seen.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.length).toBe(last);
  });

  test('a thrown failure (callOrThrow in a mutation) also ends the run at once, and rejects', async () => {
    const seen: number[] = [];
    let answered = false;
    const run = runWithProgress(
      () => Promise.reject(new Error('nope')),
      { stepMs: 50 },
      {
        onProgress: (v) => seen.push(v),
        onAnswer: () => {
          answered = true;
        },
      },
    );
    await expect(run.done).rejects.toThrow('nope');
    expect(answered).toBe(true);
    const last = seen.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.length).toBe(last);
  });
});
