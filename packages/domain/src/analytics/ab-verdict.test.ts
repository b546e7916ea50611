import fc from 'fast-check';
import jStat from 'jstat';
import { describe, expect, it } from 'vitest';
import {
  abVerdict,
  bestProbabilities,
  hasEnoughData,
  MIN_VISITORS_PER_VARIANT,
  NOT_ENOUGH_DATA,
  type VariantCounts,
} from './ab-verdict.ts';

/** P(rate_B > rate_A) for Beta posteriors, in closed form (a finite sum; Evan Miller's formula). */
function closedForm(a: VariantCounts, b: VariantCounts): number {
  const [aA, bA] = [1 + a.conversions, 1 + a.visitors - a.conversions];
  const [aB, bB] = [1 + b.conversions, 1 + b.visitors - b.conversions];
  let total = 0;
  for (let i = 0; i < aB; i++)
    total += Math.exp(
      jStat.betaln(aA + i, bA + bB) - Math.log(bB + i) - jStat.betaln(1 + i, bB) - jStat.betaln(aA, bA),
    );
  return total;
}

const v = (visitors: number, conversions: number): VariantCounts => ({ visitors, conversions });

describe('"the probability that each variant has the best conversion rate (Bayesian, Beta posteriors)"', () => {
  it('matches the closed form for two variants within 0.001 (the text shows whole percent)', () => {
    for (const [a, b] of [
      [v(1000, 100), v(1000, 122)],
      [v(200, 20), v(200, 31)],
      [v(30, 1), v(30, 0)],
      [v(50, 5), v(5000, 400)],
      [v(100_000, 5000), v(100_000, 5100)],
      [v(40, 39), v(40, 40)],
      [v(30, 3), v(1_000_000, 100_000)],
      [v(2_000_000, 100_000), v(35, 2)],
    ] as const) {
      const [pA, pB] = bestProbabilities([a, b]);
      expect(Math.abs((pB ?? 0) - closedForm(a, b))).toBeLessThan(0.001);
      expect((pA ?? 0) + (pB ?? 0)).toBeCloseTo(1, 12);
    }
  });

  it('agrees with a 200,000-draw Monte Carlo for three variants', () => {
    const variants = [v(500, 40), v(450, 45), v(520, 50)];
    const wins = [0, 0, 0];
    const draws = 200_000;
    for (let n = 0; n < draws; n++) {
      const rates = variants.map((x) => jStat.beta.sample(1 + x.conversions, 1 + x.visitors - x.conversions));
      const best = rates.indexOf(Math.max(...rates));
      wins[best] = (wins[best] ?? 0) + 1;
    }
    const exact = bestProbabilities(variants);
    // The Monte Carlo's standard error is at most 0.0012: 0.01 is eight of them.
    for (const [i, p] of exact.entries()) expect(Math.abs(p - (wins[i] ?? 0) / draws)).toBeLessThan(0.01);
  });

  it('is deterministic, sums to 1, and is symmetric for equal data', () => {
    const variants = [v(300, 30), v(310, 33)];
    expect(bestProbabilities(variants)).toEqual(bestProbabilities(variants));
    const [p, q] = bestProbabilities([v(300, 30), v(300, 30)]);
    expect(p).toBeCloseTo(0.5, 6);
    expect(q).toBeCloseTo(0.5, 6);
    expect(bestProbabilities([v(10, 1)])).toEqual([1]);
    expect(bestProbabilities([])).toEqual([]);
  });

  it('more conversions on the same traffic never lower the chance of being best', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        (visitors, c1, c2) => {
          const low = Math.min(c1, c2, visitors);
          const high = Math.min(Math.max(c1, c2), visitors);
          const other = v(visitors, Math.floor(visitors / 10));
          const [pLow] = bestProbabilities([v(visitors, low), other]);
          const [pHigh] = bestProbabilities([v(visitors, high), other]);
          expect(pHigh ?? 0).toBeGreaterThanOrEqual((pLow ?? 0) - 1e-9);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("\"shown as 'B beats A with 94 % probability' once there is data, and 'not enough data' before\"", () => {
  it('names the likely best variant and its probability in whole percent', () => {
    expect(abVerdict([v(1000, 100), v(1000, 122)])).toMatchObject({
      enough_data: true,
      text: 'B beats A with 94 % probability',
    });
    expect(abVerdict([v(1000, 130), v(1000, 100)]).text).toBe('A beats B with 98 % probability');
    expect(abVerdict([v(1000, 200), v(1000, 100)]).text).toBe('A beats B with 99 % probability');
    expect(
      abVerdict([
        { name: 'Long form', visitors: 100, conversions: 9 },
        { name: 'Short', ...v(100, 10) },
      ]).text,
    ).toMatch(/^Short beats Long form with \d+ % probability$/);
    const three = [v(500, 40), v(450, 45), v(520, 50)];
    const [, pB = 0, pC = 0] = bestProbabilities(three);
    expect(pB).toBeGreaterThan(pC);
    expect(abVerdict(three).text).toBe(`B beats A and C with ${Math.round(pB * 100)} % probability`);
    expect(abVerdict([v(300, 30), v(300, 30)]).text).toBe('A beats B with 50 % probability');
  });

  it(`says "not enough data" below ${MIN_VISITORS_PER_VARIANT} visitors on a variant or without any conversion`, () => {
    expect(MIN_VISITORS_PER_VARIANT).toBe(30);
    expect(abVerdict([v(29, 5), v(500, 50)])).toEqual({
      enough_data: false,
      text: NOT_ENOUGH_DATA,
      best_probabilities: [],
    });
    expect(abVerdict([v(500, 0), v(500, 0)]).text).toBe('not enough data');
    expect(abVerdict([v(500, 10)]).text).toBe('not enough data');
    expect(hasEnoughData([v(30, 0), v(30, 1)])).toBe(true);
  });
});

describe('cost', () => {
  it('works out a two-variant step in a few milliseconds (the breakdown answers within 20 ms)', () => {
    const started = performance.now();
    for (let n = 0; n < 20; n++) bestProbabilities([v(10_000 + n, 900), v(10_000, 1000)]);
    expect((performance.now() - started) / 20).toBeLessThan(10);
  });
});
