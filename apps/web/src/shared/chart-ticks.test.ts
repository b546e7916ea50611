import { describe, expect, it } from 'vitest';
import { labelInterval } from './chart-ticks.ts';

/** The labels an axis of `count` categories shows with `labelInterval(count)`: every (interval + 1)th. */
const shownOf = (count: number) => {
  const every = labelInterval(count) + 1;
  return Array.from({ length: count }, (_, i) => i).filter((i) => i % every === 0);
};

describe('labelInterval', () => {
  it("labels about six of a range's days, months or hours, the first among them", () => {
    expect(shownOf(30)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(shownOf(12)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(shownOf(24)).toEqual([0, 4, 8, 12, 16, 20]);
    expect(shownOf(365).length).toBe(6);
  });

  it('labels every category of a short range, and asks nothing of an empty one', () => {
    expect(shownOf(6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(shownOf(1)).toEqual([0]);
    expect(labelInterval(0)).toBe(0);
  });
});
