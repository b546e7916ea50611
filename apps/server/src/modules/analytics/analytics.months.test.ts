import { describe, expect, test } from 'vitest';
import { splitByMonths } from './analytics.months.ts';

describe('splitByMonths: whole months from the month rows, the other days from the day rows', () => {
  test('a year of month buckets reads the whole months and the two partial ends', () => {
    const edges = ['2025-11-26', '2025-12-01', '2026-01-01', '2026-02-01', '2026-11-01', '2026-11-26'];
    expect(splitByMonths(edges)).toEqual({
      months: [
        '2025-12-01',
        '2026-01-01',
        '2026-02-01',
        '2026-03-01',
        '2026-04-01',
        '2026-05-01',
        '2026-06-01',
        '2026-07-01',
        '2026-08-01',
        '2026-09-01',
        '2026-10-01',
      ],
      days: [
        ['2025-11-26', '2025-12-01'],
        ['2026-11-01', '2026-11-26'],
      ],
    });
  });

  test('a month split by a bucket edge is read by days on both sides', () => {
    expect(splitByMonths(['2026-03-01', '2026-03-15', '2026-05-01'])).toEqual({
      months: ['2026-04-01'],
      days: [['2026-03-01', '2026-04-01']],
    });
  });

  test('week buckets never hold a whole month: all days, adjacent ranges merged', () => {
    expect(splitByMonths(['2026-02-02', '2026-02-09', '2026-02-16'])).toEqual({
      months: [],
      days: [['2026-02-02', '2026-02-16']],
    });
  });

  test('a range over a new year ends whole months on 31 December', () => {
    expect(splitByMonths(['2025-12-01', '2026-02-01'])).toEqual({
      months: ['2025-12-01', '2026-01-01'],
      days: [],
    });
  });
});
