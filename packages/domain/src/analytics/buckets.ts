import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '../shared/messages.ts';
import type { Granularity } from './granularity.ts';

/**
 * Chart buckets in the account's time zone: "charts label buckets in the account's time zone
 * (`time_zone`, default Europe/London), and a day is the account's day, across daylight-saving changes."
 * A day bucket runs from one local midnight to the next, so the spring-forward day is 23 hours long and
 * the fall-back day 25; an hour bucket is one real hour (the repeated 01:00 of a fall-back night is two
 * buckets). Weeks start on Monday (ISO 8601, as most merchant dashboards count them); months on the 1st.
 * Luxon does the zone arithmetic: dayjs's timezone plugin keeps the start offset when it crosses a change.
 */
/** An instant as analytics calls carry it: unix seconds, or a Date. */
export type Instant = Date | number;

/** "Trend point: date (unix), value." */
export type TrendPoint = { date: number; value: number };

/** "Chart point: value, brief (label), date, oldDate, oldValue." oldDate is null past the prior period's end. */
export type ChartPoint = {
  value: number;
  brief: string;
  date: number;
  oldDate: number | null;
  oldValue: number;
};

/** The most buckets one chart may hold (an hourly year is 8,784): a bound for requests, not a display rule. */
export const MAX_BUCKETS = 10_000;

// Month names as 'Sep', not en-GB's 'Sept'.
const LOCALE = 'en-US';

/**
 * Whether an IANA zone name is known to this runtime ('Europe/London' yes, 'Mars/Base' no). Intl, as
 * Luxon's `IANAZone.isValidZone` does, so a caller that needs only this check does not load Luxon.
 */
export function isTimeZone(zone: string): boolean {
  // Building a formatter costs tens of microseconds and every bucket call checks its zone: the valid ones
  // (a few hundred IANA names at most) are remembered.
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    validZones.add(zone);
    return true;
  } catch {
    return false;
  }
}
const validZones = new Set<string>();

/** The account's zone: its `time_zone`, or "Default time zone Europe/London" when unset or unknown. */
export function accountTimeZone(zone?: string | null): string {
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

const toSeconds = (instant: Instant): number =>
  typeof instant === 'number' ? instant : Math.floor(instant.getTime() / 1000);

// The zone is checked by each exported function; the locale is set only where a label is written (it is costly).
const inZone = (seconds: number, zone: string) => DateTime.fromSeconds(seconds, { zone });

// The zone's offset at an instant, in seconds.
const offsetAt = (seconds: number, zone: string) => inZone(seconds, zone).offset * 60;
const mod = (a: number, b: number) => ((a % b) + b) % b;

/**
 * Hour buckets start where the zone's clock shows a whole hour, so every bucket is a real hour except
 * around a change of offset that is not a whole hour (Lord Howe's half-hour daylight saving), where one
 * bucket runs from the last whole hour before the change to the first after it (90 minutes).
 */
function hourStart(seconds: number, zone: string): number {
  const offset = offsetAt(seconds, zone);
  const candidate = seconds - mod(seconds + offset, 3600);
  if (offsetAt(candidate, zone) === offset) return candidate;
  // The offset changed between the candidate and the instant: find the first second of the new offset.
  let low = candidate;
  let high = seconds;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle, zone) === offset) high = middle;
    else low = middle;
  }
  return mod(high + offset, 3600) === 0 ? high : hourStart(high - 1, zone);
}

/** The first hour bucket after the one starting at `bucket` (an hour on, unless the offset changes). */
function nextHour(bucket: number, zone: string): number {
  if (offsetAt(bucket, zone) === offsetAt(bucket + 3600, zone)) return bucket + 3600;
  // Buckets are never shorter than a quarter of an hour: step by that until a later bucket begins.
  for (let at = bucket + 900; ; at += 900) {
    const start = hourStart(at, zone);
    if (start > bucket) return start;
  }
}

/**
 * Answers already worked out (the functions are pure): a polled chart asks for the same buckets each
 * time, and Luxon's zone arithmetic costs microseconds a call. Bounded: emptied when full.
 */
function remembered<T>(compute: (seconds: number, unit: Granularity, zone: string) => T) {
  const known = new Map<string, T>();
  return (seconds: number, unit: Granularity, zone: string): T => {
    const key = `${unit} ${zone} ${seconds}`;
    const found = known.get(key);
    if (found !== undefined) return found;
    if (known.size >= 50_000) known.clear();
    const value = compute(seconds, unit, zone);
    known.set(key, value);
    return value;
  };
}

// Luxon's week is the ISO week (Monday first); its day, week and month follow the zone's calendar.
const startIn = remembered((seconds, unit, zone) =>
  unit === 'hour' ? hourStart(seconds, zone) : inZone(seconds, zone).startOf(unit).toSeconds(),
);
// Hours are real hours, so the next one is 3,600 s on (a fall-back night repeats 01:00 as two buckets).
const nextIn = remembered((bucket, unit, zone) =>
  unit === 'hour'
    ? nextHour(bucket, zone)
    : inZone(bucket, zone)
        .plus({ [`${unit}s`]: 1 })
        .startOf(unit)
        .toSeconds(),
);
const labelIn = remembered((bucket, unit, zone) =>
  inZone(bucket, zone).setLocale(LOCALE).toFormat(BUCKET_LABEL_FORMATS[unit]),
);

/** The start (unix seconds) of the bucket holding an instant: the function rollups and raw reads share. */
export function bucketStart(
  instant: Instant,
  unit: Granularity,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  return startIn(toSeconds(instant), unit, accountTimeZone(timeZone));
}

/** The start of the bucket after the one starting at `bucket` (a local midnight for days, weeks, months). */
export function nextBucketStart(
  bucket: number,
  unit: Granularity,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  return nextIn(bucket, unit, accountTimeZone(timeZone));
}

/**
 * The bucket starts (unix seconds) of a range, from the bucket holding `start` to the one holding `end`
 * (both included: the presets end at 23:59:59.999 of their last day). An end before the start gives none.
 * Throws a RangeError past MAX_BUCKETS; the contracts refuse such requests first.
 */
export function bucketStarts(
  start: Instant,
  end: Instant,
  unit: Granularity,
  timeZone: string = DEFAULT_TIME_ZONE,
): number[] {
  const zone = accountTimeZone(timeZone);
  const first = toSeconds(start);
  const last = toSeconds(end);
  const starts: number[] = [];
  if (last < first) return starts;
  for (let at = startIn(first, unit, zone); at <= last; at = nextIn(at, unit, zone)) {
    if (starts.length === MAX_BUCKETS) throw new RangeError(`more than ${MAX_BUCKETS} ${unit} buckets`);
    starts.push(at);
  }
  return starts;
}

/**
 * The buckets a chart of a range draws: the calendar buckets of `bucketStarts`, the first cut at the range's
 * start, since a bucket never starts before the range (Last month in weeks: 1 Oct, 5 Oct …, not 28 Sep).
 */
export function rangeBucketStarts(
  start: Instant,
  end: Instant,
  unit: Granularity,
  timeZone: string = DEFAULT_TIME_ZONE,
): number[] {
  const starts = bucketStarts(start, end, unit, timeZone);
  if (starts.length > 0) starts[0] = Math.max(starts[0] as number, toSeconds(start));
  return starts;
}

/** The shortest a bucket of each unit can be, in seconds (23-hour days, 28-day months less an hour). */
const SHORTEST_BUCKET: Record<Granularity, number> = {
  hour: 3600,
  day: 23 * 3600,
  week: 167 * 3600,
  month: 671 * 3600,
};

/** An upper bound of the buckets a range needs, without walking it (for validating requests). */
export function maxBucketCount(start: Instant, end: Instant, unit: Granularity): number {
  const span = toSeconds(end) - toSeconds(start);
  if (span < 0) return 0;
  return Math.ceil(span / SHORTEST_BUCKET[unit]) + 1;
}

/** Label formats (Luxon tokens, English month names). */
export const BUCKET_LABEL_FORMATS: Record<Granularity, string> = {
  hour: 'dd LLL HH:mm',
  day: 'dd LLL',
  week: 'dd LLL',
  month: 'LLL yyyy',
};

/**
 * The text under a bucket on a chart, in the account's zone: '29 Mar 14:00' (hour), '29 Mar' (day; a
 * week is labelled by its Monday), 'Mar 2026' (month).
 */
export function bucketLabel(bucket: number, unit: Granularity, timeZone: string = DEFAULT_TIME_ZONE): string {
  return labelIn(bucket, unit, accountTimeZone(timeZone));
}

/** A trend over every bucket of the range, 0 where `points` has no value; points outside the range are dropped. */
export function fillTrend(
  points: ReadonlyArray<TrendPoint>,
  buckets: ReadonlyArray<number>,
  unit: Granularity,
  timeZone: string = DEFAULT_TIME_ZONE,
): TrendPoint[] {
  const zone = accountTimeZone(timeZone);
  const sums = new Map<number, number>();
  const first = buckets[0];
  for (const p of points) {
    // The first bucket may start after its calendar bucket does (cut at the range's start).
    const calendar = startIn(p.date, unit, zone);
    const at = first !== undefined && calendar < first && p.date >= first ? first : calendar;
    sums.set(at, (sums.get(at) ?? 0) + p.value);
  }
  return buckets.map((date) => ({ date, value: sums.get(date) ?? 0 }));
}

export type ChartRange = {
  start: Instant;
  end: Instant;
  old_start: Instant;
  old_end: Instant;
  unit: Granularity;
  time_zone?: string | null;
};

/**
 * A chart with its comparison: the n-th bucket of the period beside the n-th bucket of the prior period
 * ("each with comparison to the prior period"). Missing values are 0.
 */
export function chartPoints(
  range: ChartRange,
  current: ReadonlyArray<TrendPoint>,
  previous: ReadonlyArray<TrendPoint>,
): ChartPoint[] {
  const zone = accountTimeZone(range.time_zone);
  const buckets = rangeBucketStarts(range.start, range.end, range.unit, zone);
  // The prior period's buckets keep their calendar starts: a chart shows them only as oldDate.
  const oldBuckets = bucketStarts(range.old_start, range.old_end, range.unit, zone);
  const now = fillTrend(current, buckets, range.unit, zone);
  const before = fillTrend(previous, oldBuckets, range.unit, zone);
  return now.map((point, i) => ({
    value: point.value,
    brief: bucketLabel(point.date, range.unit, zone),
    date: point.date,
    oldDate: before[i]?.date ?? null,
    oldValue: before[i]?.value ?? 0,
  }));
}

/** "An empty chart shows 30 days of zeros": the 30 days up to the one holding `now`, beside the 30 before. */
export const EMPTY_CHART_DAYS = 30;

export function emptyChart(now: Instant, timeZone: string = DEFAULT_TIME_ZONE): ChartPoint[] {
  const zone = accountTimeZone(timeZone);
  const today = inZone(bucketStart(now, 'day', zone), zone);
  const first = today.minus({ days: EMPTY_CHART_DAYS - 1 });
  const oldFirst = first.minus({ days: EMPTY_CHART_DAYS });
  return chartPoints(
    {
      start: first.toSeconds(),
      end: today.toSeconds(),
      old_start: oldFirst.toSeconds(),
      old_end: first.toSeconds() - 1,
      unit: 'day',
      time_zone: zone,
    },
    [],
    [],
  );
}
