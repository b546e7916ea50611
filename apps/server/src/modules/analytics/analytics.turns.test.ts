import { describe, expect, it } from 'vitest';
import { nextTurn } from './analytics.turns.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('turns of the event loop for analytics work', () => {
  it('gives turns asked for together one loop iteration apart, so a due timer runs between them', async () => {
    const order: string[] = [];
    await Promise.all([
      nextTurn().then(() => {
        order.push('first read');
        setTimeout(() => order.push('a page request'), 0);
        busy(3); // the timer is due before the loop turns again
      }),
      nextTurn().then(() => order.push('second read')),
      nextTurn().then(() => order.push('third read')),
    ]);
    expect(order).toEqual(['first read', 'a page request', 'second read', 'third read']);
  });

  it('gives every turn asked for, also those asked for during a turn', async () => {
    const given: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        nextTurn().then(async () => {
          given.push(n);
          await nextTurn();
          given.push(n * 10);
        }),
      ),
    );
    expect(given).toEqual([1, 2, 3, 10, 20, 30]);
  });
});
