import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountTimeZone,
  bucketLabel,
  bucketStart,
  bucketStarts,
  chartPoints,
  EMPTY_CHART_DAYS,
  emptyChart,
  fillTrend,
  MAX_BUCKETS,
  maxBucketCount,
  nextBucketStart,
  rangeBucketStarts,
} from './buckets.ts';
import type { Granularity } from './granularity.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const hours = (a: number, b: number) => (b - a) / 3600;
const UNITS: Granularity[] = ['hour', 'day', 'week', 'month'];

describe('"a day is the account\'s day, across daylight-saving changes"', () => {
  it('Europe/London, 29 March 2026: the 23-hour day is one bucket', () => {
    const days = bucketStarts(at('2026-03-28T12:00:00Z'), at('2026-03-30T12:00:00Z'), 'day', 'Europe/London');
    expect(days).toEqual([
      at('2026-03-28T00:00:00Z'),
      at('2026-03-29T00:00:00Z'),
      at('2026-03-30T00:00:00+01:00'),
    ]);
    expect(hours(days[1] as number, days[2] as number)).toBe(23);
    expect(days.map((d) => bucketLabel(d, 'day', 'Europe/London'))).toEqual(['28 Mar', '29 Mar', '30 Mar']);
  });

  it('Europe/London, 25 October 2026: the 25-hour day is one bucket', () => {
    const days = bucketStarts(at('2026-10-24T12:00:00Z'), at('2026-10-26T12:00:00Z'), 'day', 'Europe/London');
    expect(days).toEqual([
      at('2026-10-24T00:00:00+01:00'),
      at('2026-10-25T00:00:00+01:00'),
      at('2026-10-26T00:00:00Z'),
    ]);
    expect(hours(days[1] as number, days[2] as number)).toBe(25);
    // 23:30 UTC on the 25th is still the 25th in London (GMT), but 00:30 BST on the 25th is not the 24th.
    expect(bucketStart(at('2026-10-25T23:30:00Z'), 'day', 'Europe/London')).toBe(
      at('2026-10-25T00:00:00+01:00'),
    );
    expect(bucketStart(at('2026-10-24T23:30:00Z'), 'day', 'Europe/London')).toBe(
      at('2026-10-25T00:00:00+01:00'),
    );
  });

  it('America/New_York, 8 March and 1 November 2026', () => {
    const zone = 'America/New_York';
    const spring = bucketStarts(at('2026-03-08T12:00:00Z'), at('2026-03-09T12:00:00Z'), 'day', zone);
    expect(spring).toEqual([at('2026-03-08T00:00:00-05:00'), at('2026-03-09T00:00:00-04:00')]);
    expect(hours(spring[0] as number, spring[1] as number)).toBe(23);
    const fall = bucketStarts(at('2026-11-01T12:00:00Z'), at('2026-11-02T12:00:00Z'), 'day', zone);
    expect(fall).toEqual([at('2026-11-01T00:00:00-04:00'), at('2026-11-02T00:00:00-05:00')]);
    expect(hours(fall[0] as number, fall[1] as number)).toBe(25);
    // 03:30 UTC on 2 November is still 1 November in New York.
    expect(bucketStart(at('2026-11-02T03:30:00Z'), 'day', zone)).toBe(fall[0]);
  });

  it('hours are real hours: the fall-back night has two 01:00 buckets, the spring night no 01:00', () => {
    const fall = bucketStarts(
      at('2026-10-25T00:00:00+01:00'),
      at('2026-10-25T02:59:59Z'),
      'hour',
      'Europe/London',
    );
    expect(fall.map((h) => bucketLabel(h, 'hour', 'Europe/London'))).toEqual([
      '25 Oct 00:00',
      '25 Oct 01:00',
      '25 Oct 01:00',
      '25 Oct 02:00',
    ]);
    expect(bucketStart(at('2026-10-25T00:30:00Z'), 'hour', 'Europe/London')).toBe(at('2026-10-25T00:00:00Z'));
    const spring = bucketStarts(
      at('2026-03-29T00:00:00Z'),
      at('2026-03-29T02:59:59Z'),
      'hour',
      'Europe/London',
    );
    expect(spring.map((h) => bucketLabel(h, 'hour', 'Europe/London'))).toEqual([
      '29 Mar 00:00',
      '29 Mar 02:00',
      '29 Mar 03:00',
    ]);
  });

  it('a zone with a 30-minute offset: Asia/Kolkata (+05:30) and Australia/Adelaide (+09:30/+10:30)', () => {
    expect(bucketStart(at('2026-03-08T18:29:59Z'), 'day', 'Asia/Kolkata')).toBe(
      at('2026-03-08T00:00:00+05:30'),
    );
    expect(bucketStart(at('2026-03-08T18:30:00Z'), 'day', 'Asia/Kolkata')).toBe(
      at('2026-03-09T00:00:00+05:30'),
    );
    expect(bucketStart(at('2026-03-08T18:45:00Z'), 'hour', 'Asia/Kolkata')).toBe(at('2026-03-08T18:30:00Z'));
    // Adelaide leaves daylight time on 5 April 2026: a 25-hour day.
    const days = bucketStarts(
      at('2026-04-05T06:00:00Z'),
      at('2026-04-06T06:00:00Z'),
      'day',
      'Australia/Adelaide',
    );
    expect(days).toEqual([at('2026-04-05T00:00:00+10:30'), at('2026-04-06T00:00:00+09:30')]);
    expect(hours(days[0] as number, days[1] as number)).toBe(25);
  });

  it('a zone whose clocks skip midnight (America/Santiago, 6 September 2026) starts the day at 01:00', () => {
    const days = bucketStarts(
      at('2026-09-05T12:00:00Z'),
      at('2026-09-07T12:00:00Z'),
      'day',
      'America/Santiago',
    );
    expect(days).toEqual([
      at('2026-09-05T00:00:00-04:00'),
      at('2026-09-06T01:00:00-03:00'),
      at('2026-09-07T00:00:00-03:00'),
    ]);
    expect(days.map((d) => bucketLabel(d, 'day', 'America/Santiago'))).toEqual([
      '05 Sep',
      '06 Sep',
      '07 Sep',
    ]);
  });
});

describe('weeks start on Monday, months on the 1st, in the account zone', () => {
  it('a week bucket is the local Monday 00:00, labelled by it', () => {
    // Sunday 29 March 2026, 23:30 in London, is in the week of Monday 23 March.
    const sunday = at('2026-03-29T22:30:00Z');
    expect(bucketStart(sunday, 'week', 'Europe/London')).toBe(at('2026-03-23T00:00:00Z'));
    expect(bucketStart(at('2026-03-29T23:30:00Z'), 'week', 'Europe/London')).toBe(
      at('2026-03-30T00:00:00+01:00'),
    );
    expect(bucketLabel(at('2026-03-23T00:00:00Z'), 'week', 'Europe/London')).toBe('23 Mar');
    expect(
      hours(at('2026-03-23T00:00:00Z'), nextBucketStart(at('2026-03-23T00:00:00Z'), 'week', 'Europe/London')),
    ).toBe(167);
  });

  it('month buckets are local months labelled "Mar 2026"', () => {
    const months = bucketStarts(
      at('2026-01-15T00:00:00Z'),
      at('2026-04-02T00:00:00Z'),
      'month',
      'America/New_York',
    );
    expect(months).toEqual([
      at('2026-01-01T00:00:00-05:00'),
      at('2026-02-01T00:00:00-05:00'),
      at('2026-03-01T00:00:00-05:00'),
      at('2026-04-01T00:00:00-04:00'),
    ]);
    expect(months.map((m) => bucketLabel(m, 'month', 'America/New_York'))).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
    ]);
  });

  it('takes Dates as well as unix seconds', () => {
    expect(bucketStart(new Date('2026-07-04T15:20:00Z'), 'day', 'Europe/London')).toBe(
      at('2026-07-04T00:00:00+01:00'),
    );
  });
});

describe('the account time zone: "time_zone (default Europe/London)"', () => {
  it('falls back to Europe/London when unset or unknown', () => {
    expect(accountTimeZone(undefined)).toBe('Europe/London');
    expect(accountTimeZone('')).toBe('Europe/London');
    expect(accountTimeZone('Mars/Olympus')).toBe('Europe/London');
    expect(accountTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(bucketStart(at('2026-07-04T23:30:00Z'), 'day')).toBe(at('2026-07-05T00:00:00+01:00'));
  });
});

describe('a change of offset that is not a whole hour (Australia/Lord_Howe, half-hour daylight saving)', () => {
  const zone = 'Australia/Lord_Howe';
  it('6 April 2025, 02:00 +11:00 back to 01:30 +10:30: the 01:00 bucket runs to 02:00 +10:30 (90 minutes)', () => {
    const buckets = bucketStarts(at('2025-04-05T13:00:00Z'), at('2025-04-05T16:59:59Z'), 'hour', zone);
    expect(buckets).toEqual([
      at('2025-04-06T00:00:00+11:00'),
      at('2025-04-06T01:00:00+11:00'),
      at('2025-04-06T02:00:00+10:30'),
      at('2025-04-06T03:00:00+10:30'),
    ]);
    expect(buckets.map((h) => bucketLabel(h, 'hour', zone))).toEqual([
      '06 Apr 00:00',
      '06 Apr 01:00',
      '06 Apr 02:00',
      '06 Apr 03:00',
    ]);
    // 01:45 of the second pass (+10:30) is in the 01:00 bucket, as 01:45 of the first is.
    expect(bucketStart(at('2025-04-06T01:45:00+10:30'), 'hour', zone)).toBe(at('2025-04-06T01:00:00+11:00'));
    expect(bucketStart(at('2025-04-06T01:45:00+11:00'), 'hour', zone)).toBe(at('2025-04-06T01:00:00+11:00'));
  });

  it('5 October 2025, 02:00 +10:30 on to 02:30 +11:00: the 01:00 bucket runs to 03:00 +11:00', () => {
    const buckets = bucketStarts(at('2025-10-04T14:30:00Z'), at('2025-10-04T16:59:59Z'), 'hour', zone);
    expect(buckets).toEqual([at('2025-10-05T01:00:00+10:30'), at('2025-10-05T03:00:00+11:00')]);
    expect(bucketStart(at('2025-10-05T02:45:00+11:00'), 'hour', zone)).toBe(at('2025-10-05T01:00:00+10:30'));
  });
});

describe('every instant falls in exactly one bucket of its range', () => {
  // About a hundred buckets at most per run, so the property covers many ranges quickly.
  const LONGEST_SPAN_DAYS: Record<Granularity, number> = { hour: 4, day: 100, week: 700, month: 3000 };
  const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
  it('bucketStart(t) ≤ t < nextBucketStart, and the range lists that bucket once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2025-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') }),
        fc
          .constantFrom(...UNITS)
          .chain((unit) =>
            fc.tuple(fc.constant(unit), fc.integer({ min: 0, max: LONGEST_SPAN_DAYS[unit] * 86_400 })),
          ),
        fc.constantFrom(...zones),
        (start, [unit, span], zone) => {
          const end = start + span;
          const buckets = bucketStarts(start, end, unit, zone);
          expect(buckets.length).toBeLessThanOrEqual(maxBucketCount(start, end, unit));
          for (const t of [start, end, start + Math.floor(span / 2)]) {
            const b = bucketStart(t, unit, zone);
            expect(b).toBeLessThanOrEqual(t);
            expect(nextBucketStart(b, unit, zone)).toBeGreaterThan(t);
            expect(buckets.filter((x) => x === b)).toHaveLength(1);
          }
          for (let i = 1; i < buckets.length; i++)
            expect(buckets[i]).toBe(nextBucketStart(buckets[i - 1] as number, unit, zone));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses ranges of more than MAX_BUCKETS buckets', () => {
    expect(() => bucketStarts(0, MAX_BUCKETS * 3600, 'hour', 'UTC')).toThrow(RangeError);
    expect(bucketStarts(0, (MAX_BUCKETS - 1) * 3600, 'hour', 'UTC')).toHaveLength(MAX_BUCKETS);
    expect(bucketStarts(10, 5, 'day')).toEqual([]);
  });
});

describe('charts', () => {
  it('fills missing buckets with 0 and sums points into their bucket', () => {
    const days = bucketStarts(
      at('2026-03-28T00:00:00Z'),
      at('2026-03-30T00:00:00+01:00'),
      'day',
      'Europe/London',
    );
    expect(
      fillTrend(
        [
          { date: at('2026-03-29T05:00:00Z'), value: 2 },
          { date: at('2026-03-29T22:59:00Z'), value: 3 },
          { date: at('2026-03-29T23:00:00Z'), value: 7 },
          { date: at('2026-04-05T00:00:00Z'), value: 100 },
        ],
        days,
        'day',
        'Europe/London',
      ),
    ).toEqual([
      { date: days[0], value: 0 },
      { date: days[1], value: 5 },
      { date: days[2], value: 7 },
    ]);
  });

  it('"Chart point: value, brief (label), date, oldDate, oldValue" — beside the prior period', () => {
    const points = chartPoints(
      {
        start: at('2026-03-01T00:00:00Z'),
        end: at('2026-03-03T23:59:59Z'),
        old_start: at('2026-02-26T00:00:00Z'),
        old_end: at('2026-02-28T23:59:59Z'),
        unit: 'day',
        time_zone: 'Europe/London',
      },
      [{ date: at('2026-03-02T10:00:00Z'), value: 4 }],
      [{ date: at('2026-02-26T10:00:00Z'), value: 9 }],
    );
    expect(points).toEqual([
      {
        value: 0,
        brief: '01 Mar',
        date: at('2026-03-01T00:00:00Z'),
        oldDate: at('2026-02-26T00:00:00Z'),
        oldValue: 9,
      },
      {
        value: 4,
        brief: '02 Mar',
        date: at('2026-03-02T00:00:00Z'),
        oldDate: at('2026-02-27T00:00:00Z'),
        oldValue: 0,
      },
      {
        value: 0,
        brief: '03 Mar',
        date: at('2026-03-03T00:00:00Z'),
        oldDate: at('2026-02-28T00:00:00Z'),
        oldValue: 0,
      },
    ]);
  });

  it('"An empty chart shows 30 days of zeros."', () => {
    const chart = emptyChart(at('2026-03-29T15:00:00Z'), 'Europe/London');
    expect(chart).toHaveLength(EMPTY_CHART_DAYS);
    expect(EMPTY_CHART_DAYS).toBe(30);
    expect(chart.every((p) => p.value === 0 && p.oldValue === 0 && p.oldDate !== null)).toBe(true);
    expect(chart[0]?.brief).toBe('28 Feb');
    expect(chart[29]).toMatchObject({ brief: '29 Mar', date: at('2026-03-29T00:00:00Z') });
    expect(chart[0]?.oldDate).toBe(at('2026-01-29T00:00:00Z'));
  });
});

describe('a chart never draws a bucket that starts before its range', () => {
  const zone = 'Europe/London';
  // Last month on 2026-11-29: 1 October 00:00 to 31 October 23:59:59 (British Summer Time until the 25th).
  const start = at('2026-10-01T00:00:00+01:00');
  const end = at('2026-10-31T23:59:59Z');

  it('Last month in weeks: the first bucket is 1 Oct (a Thursday), not Monday 28 Sep', () => {
    const weeks = rangeBucketStarts(start, end, 'week', zone);
    expect(weeks[0]).toBe(start);
    expect(weeks.every((bucket) => bucket >= start)).toBe(true);
    expect(weeks.map((bucket) => bucketLabel(bucket, 'week', zone))).toEqual([
      '01 Oct',
      '05 Oct',
      '12 Oct',
      '19 Oct',
      '26 Oct',
    ]);
    // The calendar buckets are unchanged: the week holding 1 October starts on Monday 28 September.
    expect(bucketLabel(bucketStarts(start, end, 'week', zone)[0] as number, 'week', zone)).toBe('28 Sep');
  });

  it('a range already on a bucket boundary keeps its calendar buckets', () => {
    expect(rangeBucketStarts(start, end, 'day', zone)).toEqual(bucketStarts(start, end, 'day', zone));
  });

  it('the chart sums the range’s first days into the first bucket and labels it by the range’s start', () => {
    const points = chartPoints(
      {
        start,
        end,
        old_start: at('2026-08-31T00:00:00+01:00'),
        old_end: start - 1,
        unit: 'week',
        time_zone: zone,
      },
      [
        { date: at('2026-10-02T10:00:00+01:00'), value: 4 },
        { date: at('2026-10-06T10:00:00+01:00'), value: 1 },
      ],
      [],
    );
    expect(points[0]).toMatchObject({ date: start, brief: '01 Oct', value: 4 });
    expect(points[1]).toMatchObject({ brief: '05 Oct', value: 1 });
  });
});
