import { describe, expect, it } from 'vitest';
import { rebalanceShares, sharesTotal } from './split.ts';

const shares = (map: Map<number, number>) => [...map.entries()];

describe('rebalanceShares: the running variants always add up to 100', () => {
  it('gives the others the rest in proportion to what they had', () => {
    expect(shares(rebalanceShares([{ id: 1, ab_percent: 100 }], 50))).toEqual([[1, 50]]);
    expect(
      shares(
        rebalanceShares(
          [
            { id: 1, ab_percent: 50 },
            { id: 2, ab_percent: 50 },
          ],
          20,
        ),
      ),
    ).toEqual([
      [1, 40],
      [2, 40],
    ]);
  });

  it('rounds by largest remainder so the whole is exactly 100', () => {
    const others = [
      { id: 1, ab_percent: 34 },
      { id: 2, ab_percent: 33 },
      { id: 3, ab_percent: 33 },
    ];
    const answer = rebalanceShares(others, 10);
    expect(sharesTotal([...answer.values()].map((ab_percent) => ({ ab_percent }))) + 10).toBe(100);
    expect(shares(answer)).toEqual([
      [1, 30],
      [2, 30],
      [3, 30],
    ]);
    const uneven = rebalanceShares(
      [
        { id: 1, ab_percent: 60 },
        { id: 2, ab_percent: 40 },
      ],
      33,
    );
    // 40.2 and 26.8: the larger remainder takes the spare point.
    expect(shares(uneven)).toEqual([
      [1, 40],
      [2, 27],
    ]);
  });

  it('shares equally when the others had nothing, and answers nothing without others', () => {
    expect(
      shares(
        rebalanceShares(
          [
            { id: 1, ab_percent: 0 },
            { id: 2, ab_percent: 0 },
          ],
          0,
        ),
      ),
    ).toEqual([
      [1, 50],
      [2, 50],
    ]);
    expect(rebalanceShares([], 30).size).toBe(0);
  });
});
