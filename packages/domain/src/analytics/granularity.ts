import dayjs from 'dayjs';

export type Granularity = 'hour' | 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;

const toMs = (value: Date | number): number => (typeof value === 'number' ? value * 1000 : value.getTime());

/**
 * "Analytics granularity: hour when the range is 2 days or fewer; day otherwise; week when over 31 days;
 * month when over 180 days." The range is end − start (its absolute value); numbers are unix seconds.
 */
export function granularity(start: Date | number, end: Date | number): Granularity {
  const days = Math.abs(toMs(end) - toMs(start)) / DAY_MS;
  if (days <= 2) return 'hour';
  if (days > 180) return 'month';
  if (days > 31) return 'week';
  return 'day';
}

export const RANGE_PRESETS = [
  'Today',
  'Yesterday',
  'Last 7 days',
  'Last 30 days',
  'This month',
  'Last month',
  'Last 12 months',
  'All time',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE_PRESET: RangePreset = 'Last 30 days';

export type DateRange = { start: Date; end: Date };

/**
 * "Analytics range presets: Today, Yesterday, Last 7 days, Last 30 days (default), This month, Last
 * month, Last 12 months, All time." Local time; a range starts at 00:00:00.000 of its first day and ends
 * at 23:59:59.999 of its last day. Decisions where the spec is silent:
 * - 'Last 7 days' and 'Last 30 days' count today as the last of the N days.
 * - 'This month', 'Last 12 months' and 'All time' end today (no future days).
 * - 'Last 12 months' is rolling: from the day after today's date one year ago up to today.
 * - 'All time' starts on the day the account was created.
 */
export function presetRange(label: RangePreset, now: Date, accountCreatedAt: Date): DateRange {
  const today = dayjs(now);
  const endOfToday = today.endOf('day').toDate();
  switch (label) {
    case 'Today':
      return { start: today.startOf('day').toDate(), end: endOfToday };
    case 'Yesterday': {
      const yesterday = today.subtract(1, 'day');
      return { start: yesterday.startOf('day').toDate(), end: yesterday.endOf('day').toDate() };
    }
    case 'Last 7 days':
      return { start: today.subtract(6, 'day').startOf('day').toDate(), end: endOfToday };
    case 'Last 30 days':
      return { start: today.subtract(29, 'day').startOf('day').toDate(), end: endOfToday };
    case 'This month':
      return { start: today.startOf('month').toDate(), end: endOfToday };
    case 'Last month': {
      const lastMonth = today.subtract(1, 'month');
      return { start: lastMonth.startOf('month').toDate(), end: lastMonth.endOf('month').toDate() };
    }
    case 'Last 12 months':
      return { start: today.subtract(12, 'month').add(1, 'day').startOf('day').toDate(), end: endOfToday };
    case 'All time':
      return { start: dayjs(accountCreatedAt).startOf('day').toDate(), end: endOfToday };
  }
}
