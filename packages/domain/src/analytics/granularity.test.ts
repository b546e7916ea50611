import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGE_PRESET, granularity, presetRange, RANGE_PRESETS } from './granularity.ts';

const DAY = 86_400;
const t0 = 1_700_000_000;

describe('analytics granularity (spec §4)', () => {
  it('"hour when the range is 2 days or fewer"', () => {
    expect(granularity(t0, t0 + 2 * DAY)).toBe('hour');
    expect(granularity(t0, t0 + 3600)).toBe('hour');
  });
  it('"day otherwise"', () => {
    expect(granularity(t0, t0 + 2 * DAY + 1)).toBe('day');
    expect(granularity(t0, t0 + 31 * DAY)).toBe('day');
  });
  it('"week when over 31 days"', () => {
    expect(granularity(t0, t0 + 31 * DAY + 1)).toBe('week');
    expect(granularity(t0, t0 + 180 * DAY)).toBe('week');
  });
  it('"month when over 180 days"', () => {
    expect(granularity(new Date(t0 * 1000), new Date((t0 + 181 * DAY) * 1000))).toBe('month');
  });
});

describe('range presets (spec §9)', () => {
  const now = new Date(2026, 10, 21, 15, 0, 0);
  const created = new Date(2025, 5, 2, 10, 0, 0);
  it('"Today, Yesterday, Last 7 days, Last 30 days (default), This month, Last month, Last 12 months, All time"', () => {
    expect(RANGE_PRESETS).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'This month',
      'Last month',
      'Last 12 months',
      'All time',
    ]);
    expect(DEFAULT_RANGE_PRESET).toBe('Last 30 days');
  });
  it('computes each range in local days', () => {
    expect(presetRange('Today', now, created)).toEqual({
      start: new Date(2026, 10, 21, 0, 0, 0, 0),
      end: new Date(2026, 10, 21, 23, 59, 59, 999),
    });
    expect(presetRange('Last 7 days', now, created).start).toEqual(new Date(2026, 10, 15));
    expect(presetRange('Last month', now, created)).toEqual({
      start: new Date(2026, 9, 1),
      end: new Date(2026, 9, 31, 23, 59, 59, 999),
    });
    expect(presetRange('All time', now, created).start).toEqual(new Date(2025, 5, 2));
  });
});
