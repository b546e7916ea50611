export type ProgressOptions<T> = {
  /** Milliseconds per 1% step. */
  stepMs: number;
  /** Where the counter jumps when the call answers first (at least this, never back). */
  jumpOnAnswer?: number;
  /** An answer that ends the run at once (a failure: "spinner stops"). */
  endsEarly?: (answer: T) => boolean;
};

export type ProgressEvents = {
  /** The counter, 0 to 100. */
  onProgress: (value: number) => void;
  /** The call answered (the counter may still be running). */
  onAnswer: () => void;
};

/**
 * Runs `call` while a counter rises 0 to 100 in 1% steps every `stepMs`; resolves with the answer once
 * both the count is complete and the call has answered (spec §4: geo split, step delete, share clone),
 * or rejects at once when the call throws.
 * Answers `cancel` to stop the counter (for unmounting).
 */
export function runWithProgress<T>(
  call: () => Promise<T>,
  { stepMs, jumpOnAnswer, endsEarly }: ProgressOptions<T>,
  { onProgress, onAnswer }: ProgressEvents,
): { done: Promise<T>; cancel: () => void } {
  let current = 0;
  let release: () => void = () => {};
  const counted = new Promise<void>((resolve) => {
    release = resolve;
  });
  onProgress(0);
  const timer = setInterval(() => {
    current = Math.min(100, current + 1);
    onProgress(current);
    if (current >= 100) {
      clearInterval(timer);
      release();
    }
  }, stepMs);
  const cancel = () => clearInterval(timer);

  const done = (async () => {
    let answer: T;
    try {
      answer = await call();
    } catch (failure) {
      // A thrown failure ends the run at once, as an `endsEarly` answer does.
      onAnswer();
      cancel();
      throw failure;
    }
    onAnswer();
    if (endsEarly?.(answer)) {
      cancel();
      return answer;
    }
    if (jumpOnAnswer !== undefined && current < jumpOnAnswer) {
      current = jumpOnAnswer;
      onProgress(current);
    }
    await counted;
    return answer;
  })();
  return { done, cancel };
}
