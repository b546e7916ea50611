import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGE_PRESET, granularity, presetRange, RANGE_PRESETS } from './granularity.ts';

const DAY = 86_400_000;
const start = new Date(2026, 0, 1, 0, 0, 0);
const after = (ms: number) => new Date(start.getTime() + ms);

describe(
  '"Analytics granularity: hour when the range is 2 days or fewer; day otherwise; ' +
    'week when over 31 days; month when over 180 days."',
  () => {
    it('"hour when the range is 2 days or fewer"', () => {
      expect(granularity(start, start)).toBe('hour');
      expect(granularity(start, after(DAY))).toBe('hour');
      expect(granularity(start, after(2 * DAY))).toBe('hour');
    });
    it('"day otherwise"', () => {
      expect(granularity(start, after(2 * DAY + 1))).toBe('day');
      expect(granularity(start, after(31 * DAY))).toBe('day');
    });
    it('"week when over 31 days"', () => {
      expect(granularity(start, after(31 * DAY + 1))).toBe('week');
      expect(granularity(start, after(180 * DAY))).toBe('week');
    });
    it('"month when over 180 days"', () => {
      expect(granularity(start, after(180 * DAY + 1))).toBe('month');
      expect(granularity(start, after(3 * 365 * DAY))).toBe('month');
    });
    it('reads numbers as unix seconds', () => {
      expect(granularity(0, 2 * 86_400)).toBe('hour');
      expect(granularity(0, 2 * 86_400 + 1)).toBe('day');
      expect(granularity(1_700_000_000, 1_700_000_000 + 31 * 86_400 + 1)).toBe('week');
      expect(granularity(start.getTime() / 1000, after(180 * DAY + 1000))).toBe('month');
    });
  },
);

describe(
  '"Analytics range presets: Today, Yesterday, Last 7 days, Last 30 days (default), ' +
    'This month, Last month, Last 12 months, All time"',
  () => {
    const now = new Date(2026, 2, 10, 14, 5, 0);
    const created = new Date(2024, 4, 17, 9, 30, 0);
    const endOfToday = new Date(2026, 2, 10, 23, 59, 59, 999);
    const range = (label: (typeof RANGE_PRESETS)[number]) => presetRange(label, now, created);

    it('lists the presets in order, "Last 30 days (default)"', () => {
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

    it('starts at 00:00:00 and ends at 23:59:59.999 of the last day, in local time', () => {
      expect(range('Today')).toEqual({ start: new Date(2026, 2, 10), end: endOfToday });
      expect(range('Yesterday')).toEqual({
        start: new Date(2026, 2, 9),
        end: new Date(2026, 2, 9, 23, 59, 59, 999),
      });
      expect(range('Last 7 days')).toEqual({ start: new Date(2026, 2, 4), end: endOfToday });
      expect(range('Last 30 days')).toEqual({ start: new Date(2026, 1, 9), end: endOfToday });
      expect(range('This month')).toEqual({ start: new Date(2026, 2, 1), end: endOfToday });
      expect(range('Last month')).toEqual({
        start: new Date(2026, 1, 1),
        end: new Date(2026, 1, 28, 23, 59, 59, 999),
      });
      expect(range('Last 12 months')).toEqual({ start: new Date(2025, 2, 11), end: endOfToday });
    });

    it('"All time" starts at account creation', () => {
      expect(range('All time')).toEqual({ start: new Date(2024, 4, 17), end: endOfToday });
    });

    it('crosses a year boundary', () => {
      const jan = new Date(2026, 0, 1, 8, 0);
      expect(presetRange('Yesterday', jan, created).start).toEqual(new Date(2025, 11, 31));
      expect(presetRange('Last month', jan, created)).toEqual({
        start: new Date(2025, 11, 1),
        end: new Date(2025, 11, 31, 23, 59, 59, 999),
      });
    });

    it('gives each preset its granularity', () => {
      const g = (label: (typeof RANGE_PRESETS)[number]) => {
        const { start: s, end: e } = range(label);
        return granularity(s, e);
      };
      expect(g('Today')).toBe('hour');
      expect(g('Yesterday')).toBe('hour');
      expect(g('Last 7 days')).toBe('day');
      expect(g('Last 30 days')).toBe('day');
      expect(g('Last 12 months')).toBe('month');
      expect(g('All time')).toBe('month');
    });
  },
);
