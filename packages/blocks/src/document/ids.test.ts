import { describe, expect, it } from 'vitest';
import { ID_RANGES, newId } from './ids.ts';

const sequence = (...values: number[]) => {
  let next = 0;
  return () => values[next++] ?? 0;
};

describe('editor ids (spec §5, §9)', () => {
  it('"Random id range 1 to 100000 (email) or 1 to 1000000 (pages)"', () => {
    expect(ID_RANGES).toEqual({ page: 1_000_000, email: 100_000 });
    expect(newId(new Set(), 'page', () => 0)).toBe(1);
    expect(newId(new Set(), 'page', () => 0.999_999_999)).toBe(1_000_000);
    expect(newId(new Set(), 'email', () => 0)).toBe(1);
    expect(newId(new Set(), 'email', () => 0.999_999_999)).toBe(100_000);
    expect(newId(new Set(), 'page', () => 0.123_456_7)).toBe(123_457);
    expect(newId(new Set(), 'email', () => 0.123_456_7)).toBe(12_346);
  });

  it('"new ids are random whole numbers, redrawn on collision"', () => {
    const random = sequence(0.5, 0.5, 0.25);
    expect(newId(new Set([500_001]), 'page', random)).toBe(250_001);
    // An e-mail's ids, in its own range: 50,001 is taken (drawn twice), then 25,001.
    const email = sequence(0.5, 0.5, 0.25);
    expect(newId(new Set([50_001]), 'email', email)).toBe(25_001);
  });

  it('gives up with a RangeError when the random source only repeats taken ids', () => {
    expect(() => newId(new Set([1]), 'email', () => 0)).toThrow(
      new RangeError('No free email id after 1000 draws'),
    );
  });

  it('uses Math.random by default and stays in range', () => {
    const id = newId(new Set(), 'email');
    expect(Number.isInteger(id) && id >= 1 && id <= 100_000).toBe(true);
  });
});
