import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { stepAnnouncements } from './step-announcements.ts';

const steps = [
  { id: 11, name: 'Opt-in' },
  { id: 12, name: 'Checkout' },
  { id: 13, name: 'Upsell' },
  { id: 14, name: 'Thank you' },
];
const active = { id: 12 } as Active;
const over = (id: number) => ({ id }) as Over;

describe('step list announcements (issue 39: the merchant’s words)', () => {
  const say = stepAnnouncements(steps);

  it("names the step and its position out of the funnel's steps: 'Checkout moved to position 2 of 4'", () => {
    expect(say.onDragStart({ active })).toBe('Picked up Checkout at position 2 of 4.');
    expect(say.onDragOver({ active, over: over(13) })).toBe('Checkout is over position 3 of 4.');
    expect(say.onDragEnd({ active: { id: 13 } as Active, over: over(12) })).toBe(
      'Upsell moved to position 2 of 4.',
    );
  });

  it('says a step dropped in its place or put back stays where it was', () => {
    expect(say.onDragEnd({ active, over: over(12) })).toBe('Checkout stays at position 2 of 4.');
    expect(say.onDragEnd({ active, over: null })).toBe('Checkout stays at position 2 of 4.');
    expect(say.onDragCancel({ active, over: null })).toBe(
      'Moving Checkout was cancelled; it stays at position 2 of 4.',
    );
  });
});
