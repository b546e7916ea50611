import dayjs from 'dayjs';

export type Granularity = 'hour' | 'day' | 'week' | 'month';
const DAY_MS = 86_400_000;
const toMs = (t: Date | number) => (typeof t === 'number' ? t * 1000 : t.getTime());

/** "hour when the range is 2 days or fewer; day otherwise; week when over 31 days; month when over 180 days." Numbers are unix seconds. */
export function granularity(start: Date | number, end: Date | number): Granularity {
  const days = (toMs(end) - toMs(start)) / DAY_MS;
  if (days > 180) return 'month';
  if (days > 31) return 'week';
  if (days > 2) return 'day';
  return 'hour';
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
/** "Last 30 days (default)". */
export const DEFAULT_RANGE_PRESET: RangePreset = 'Last 30 days';

/** The preset's range in local time, from 00:00:00 of its first day to 23:59:59.999 of its last. */
export function presetRange(
  preset: RangePreset,
  now: Date,
  accountCreatedAt: Date,
): { start: Date; end: Date } {
  const today = dayjs(now);
  const span = (start: dayjs.Dayjs, end: dayjs.Dayjs) => ({
    start: start.startOf('day').toDate(),
    end: end.endOf('day').toDate(),
  });
  switch (preset) {
    case 'Today':
      return span(today, today);
    case 'Yesterday':
      return span(today.subtract(1, 'day'), today.subtract(1, 'day'));
    case 'Last 7 days':
      return span(today.subtract(6, 'day'), today);
    case 'Last 30 days':
      return span(today.subtract(29, 'day'), today);
    case 'This month':
      return span(today.startOf('month'), today);
    case 'Last month': {
      const last = today.subtract(1, 'month');
      return span(last.startOf('month'), last.endOf('month'));
    }
    case 'Last 12 months':
      return span(today.subtract(12, 'month').add(1, 'day'), today);
    case 'All time':
      return span(dayjs(accountCreatedAt), today);
  }
}
