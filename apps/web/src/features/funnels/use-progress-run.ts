import { useCallback, useEffect, useRef, useState } from 'react';

export type ProgressRun<T> = {
  /** 0 to 100 while running; null when idle. */
  progress: number | null;
  /** True once the counter reached 100 and the call has not answered yet. */
  waiting: boolean;
  start: (call: () => Promise<T>) => Promise<T>;
};

type Options<T> = {
  /** Milliseconds per 1% step. */
  stepMs: number;
  /** Where the counter jumps when the call answers first (at least this, never back). */
  jumpOnAnswer?: number;
  /** An answer that ends the run at once (a failure: "spinner stops"). */
  endsEarly?: (answer: T) => boolean;
};

/**
 * A progress counter that rises 0 to 100 in 1% steps while a call runs, then waits (a spinner) for
 * the answer: the geo split (every 50 ms), the step delete (every 10 ms) and the share clone (every
 * 30 ms, jumping to at least 80 when the call answers) all work so.
 */
export function useProgressRun<T>({ stepMs, jumpOnAnswer, endsEarly }: Options<T>): ProgressRun<T> {
  const [progress, setProgress] = useState<number | null>(null);
  const [answered, setAnswered] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (call: () => Promise<T>) => {
      stop();
      setAnswered(false);
      setProgress(0);
      let current = 0;
      let release: () => void = () => {};
      const counted = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tick = () => {
        current = Math.min(100, current + 1);
        setProgress(current);
        if (current >= 100) {
          stop();
          release();
        }
      };
      timer.current = setInterval(tick, stepMs);
      const answer = await call();
      setAnswered(true);
      if (endsEarly?.(answer)) {
        stop();
        setProgress(null);
        return answer;
      }
      if (jumpOnAnswer !== undefined && current < jumpOnAnswer) {
        current = jumpOnAnswer;
        setProgress(current);
      }
      await counted;
      setProgress(null);
      return answer;
    },
    [stepMs, jumpOnAnswer, endsEarly, stop],
  );

  return { progress, waiting: progress === 100 && !answered, start };
}
