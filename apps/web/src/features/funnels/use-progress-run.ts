import { useCallback, useEffect, useRef, useState } from 'react';
import { type ProgressOptions, runWithProgress } from './progress-run.ts';

export type ProgressRun<T> = {
  /** 0 to 100 while running; null when idle. */
  progress: number | null;
  /** True once the counter reached 100 and the call has not answered yet (the spinner). */
  waiting: boolean;
  start: (call: () => Promise<T>) => Promise<T>;
};

/** `runWithProgress` as React state. */
export function useProgressRun<T>({ stepMs, jumpOnAnswer, endsEarly }: ProgressOptions<T>): ProgressRun<T> {
  const [progress, setProgress] = useState<number | null>(null);
  const [answered, setAnswered] = useState(false);
  const cancelRef = useRef<() => void>(() => {});
  useEffect(() => () => cancelRef.current(), []);

  const start = useCallback(
    async (call: () => Promise<T>) => {
      cancelRef.current();
      setAnswered(false);
      const run = runWithProgress(
        call,
        { stepMs, jumpOnAnswer, endsEarly },
        { onProgress: setProgress, onAnswer: () => setAnswered(true) },
      );
      cancelRef.current = run.cancel;
      try {
        return await run.done;
      } finally {
        setProgress(null);
      }
    },
    [stepMs, jumpOnAnswer, endsEarly],
  );

  return { progress, waiting: progress === 100 && !answered, start };
}
