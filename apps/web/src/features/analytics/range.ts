import {
  accountTimeZone,
  DEFAULT_RANGE_PRESET,
  RANGE_PRESETS,
  type RangePreset,
} from '@funnelwork/domain/rules';
import { DateTime } from 'luxon';

/**
 * The analytics date range: calendar days of the account's time zone ("a day is the account's day"),
 * written 'YYYY-MM-DD'. Luxon does the zone arithmetic; this file loads only with the analytics screens.
 */
export type DayRange = { start: string; end: string };
/** The range as kept in local storage: the days, and the preset they came from (null for chosen days). */
export type StoredRange = DayRange & { preset: RangePreset | null };
/** A range as the analytics calls take it: unix seconds, the prior period of the same length beside it. */
export type RangeSeconds = { start: number; end: number; old_start: number; old_end: number };

/** "kept in local storage under an analytics-range key with start and end dates". */
export const ANALYTICS_RANGE_KEY = 'analytics-range';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const today = (now: Date, zone: string) => DateTime.fromJSDate(now, { zone: accountTimeZone(zone) });
const day = (value: DateTime) => value.toISODate() as string;

/**
 * The days of a preset, counted in the account's zone (a merchant in Tokyo at 08:00 on the 2nd, 23:00 on
 * the 1st in London, gets the 2nd as Today). The same choices as the domain's presetRange: 'Last 7 days'
 * and 'Last 30 days' end today; 'This month', 'Last 12 months' (rolling) and 'All time' (from the
 * account's creation day) end today too.
 */
export function presetDays(label: RangePreset, now: Date, accountCreatedAt: Date, zone: string): DayRange {
  const midnight = today(now, zone).startOf('day');
  const to = day(midnight);
  switch (label) {
    case 'Today':
      return { start: to, end: to };
    case 'Yesterday': {
      const yesterday = day(midnight.minus({ days: 1 }));
      return { start: yesterday, end: yesterday };
    }
    case 'Last 7 days':
      return { start: day(midnight.minus({ days: 6 })), end: to };
    case 'Last 30 days':
      return { start: day(midnight.minus({ days: 29 })), end: to };
    case 'This month':
      return { start: day(midnight.startOf('month')), end: to };
    case 'Last month': {
      const last = midnight.minus({ months: 1 });
      return { start: day(last.startOf('month')), end: day(last.endOf('month')) };
    }
    case 'Last 12 months':
      return { start: day(midnight.minus({ months: 12 }).plus({ days: 1 })), end: to };
    case 'All time': {
      // An account created 'later today' elsewhere in the world still starts no later than today.
      const created = today(accountCreatedAt, zone).startOf('day');
      return { start: day(DateTime.min(created, midnight)), end: to };
    }
  }
}

/** The default range: "Last 30 days (default)". */
export function defaultRange(now: Date, accountCreatedAt: Date, zone: string): StoredRange {
  return { preset: DEFAULT_RANGE_PRESET, ...presetDays(DEFAULT_RANGE_PRESET, now, accountCreatedAt, zone) };
}

/**
 * The range kept in local storage, or the default when there is none or it is unreadable. A preset is
 * worked out again for today (Last 7 days stays the last 7 days tomorrow); chosen days are kept as they are.
 */
export function readStoredRange(
  storage: Pick<Storage, 'getItem'>,
  now: Date,
  accountCreatedAt: Date,
  zone: string,
): StoredRange {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(ANALYTICS_RANGE_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object') return defaultRange(now, accountCreatedAt, zone);
  const { preset, start, end } = stored as Record<string, unknown>;
  if (typeof preset === 'string' && (RANGE_PRESETS as readonly string[]).includes(preset)) {
    const label = preset as RangePreset;
    return { preset: label, ...presetDays(label, now, accountCreatedAt, zone) };
  }
  if (isDay(start) && isDay(end) && start <= end) return { preset: null, start, end };
  return defaultRange(now, accountCreatedAt, zone);
}

/** The days of a range: a preset's worked out for `now` in `zone`, chosen days as they are. */
export function rangeDays(range: StoredRange, now: Date, accountCreatedAt: Date, zone: string): StoredRange {
  return range.preset
    ? { preset: range.preset, ...presetDays(range.preset, now, accountCreatedAt, zone) }
    : range;
}

export function writeStoredRange(storage: Pick<Storage, 'setItem'>, range: StoredRange): void {
  storage.setItem(ANALYTICS_RANGE_KEY, JSON.stringify(range));
}

function isDay(value: unknown): value is string {
  return typeof value === 'string' && ISO_DAY.test(value) && DateTime.fromISO(value).isValid;
}

/** The preset whose days these are today, if any (the picker hands back days, not the preset clicked). */
export function presetOf(
  range: DayRange,
  now: Date,
  accountCreatedAt: Date,
  zone: string,
): RangePreset | null {
  return (
    RANGE_PRESETS.find((label) => {
      const days = presetDays(label, now, accountCreatedAt, zone);
      return days.start === range.start && days.end === range.end;
    }) ?? null
  );
}

/**
 * The range in unix seconds: from 00:00:00 of the first day to 23:59:59 of the last, in the account's
 * zone, and the prior period of as many days that ends the second before it starts.
 */
export function rangeSeconds(range: DayRange, zone: string): RangeSeconds {
  const tz = accountTimeZone(zone);
  const first = DateTime.fromISO(range.start, { zone: tz }).startOf('day');
  const last = DateTime.fromISO(range.end, { zone: tz }).endOf('day');
  const days = Math.round(last.startOf('day').diff(first, 'days').days) + 1;
  const oldFirst = first.minus({ days });
  const start = Math.floor(first.toSeconds());
  return {
    start,
    end: Math.floor(last.toSeconds()),
    old_start: Math.floor(oldFirst.toSeconds()),
    old_end: start - 1,
  };
}

/** The presets as the date picker lists them. */
export function pickerPresets(now: Date, accountCreatedAt: Date, zone: string) {
  return RANGE_PRESETS.map((label) => {
    const days = presetDays(label, now, accountCreatedAt, zone);
    return { label, value: [days.start, days.end] as [string, string] };
  });
}

/** Today's date in the account's zone, the picker's last day. */
export function todayIn(now: Date, zone: string): string {
  return day(today(now, zone));
}

/** The account's creation day in its zone, the picker's first day ("minimum date is the account creation date"). */
export function creationDay(accountCreatedAt: Date, zone: string): string {
  return day(today(accountCreatedAt, zone));
}
