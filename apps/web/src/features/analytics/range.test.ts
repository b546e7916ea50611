import { RANGE_PRESETS } from '@funnelwork/domain/rules';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_RANGE_KEY,
  defaultRange,
  pickerPresets,
  presetDays,
  presetOf,
  rangeDays,
  rangeSeconds,
  readStoredRange,
  writeStoredRange,
} from './range.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
};

// 23:30 UTC on Wednesday 15 April 2026: 00:30 on the 16th in London (BST), 19:30 on the 15th in New York.
const NOW = new Date('2026-04-15T23:30:00Z');
const CREATED = new Date('2025-11-02T10:00:00Z');

describe('presets count days in the account time zone', () => {
  it('Today is the account’s day, not the server’s or the browser’s', () => {
    // 23:30 UTC is 00:30 of the 16th in London (BST) and 19:30 of the 15th in New York.
    expect(presetDays('Today', NOW, CREATED, 'Europe/London')).toEqual({
      start: '2026-04-16',
      end: '2026-04-16',
    });
    expect(presetDays('Today', NOW, CREATED, 'America/New_York')).toEqual({
      start: '2026-04-15',
      end: '2026-04-15',
    });
    expect(presetDays('Today', NOW, CREATED, 'UTC')).toEqual({ start: '2026-04-15', end: '2026-04-15' });
  });

  it('gives every preset of the spec, in London', () => {
    const days = Object.fromEntries(
      RANGE_PRESETS.map((label) => [label, presetDays(label, NOW, CREATED, 'Europe/London')]),
    );
    expect(days).toEqual({
      Today: { start: '2026-04-16', end: '2026-04-16' },
      Yesterday: { start: '2026-04-15', end: '2026-04-15' },
      'Last 7 days': { start: '2026-04-10', end: '2026-04-16' },
      'Last 30 days': { start: '2026-03-18', end: '2026-04-16' },
      'This month': { start: '2026-04-01', end: '2026-04-16' },
      'Last month': { start: '2026-03-01', end: '2026-03-31' },
      'Last 12 months': { start: '2025-04-17', end: '2026-04-16' },
      'All time': { start: '2025-11-02', end: '2026-04-16' },
    });
  });

  it('Last month on 31 March is February, also in a leap year', () => {
    const now = new Date('2028-03-31T12:00:00Z');
    expect(presetDays('Last month', now, CREATED, 'Europe/London')).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
  });

  it('All time starts on the day the account was created, in its zone', () => {
    // 23:30 UTC on 1 Nov is already 2 Nov in Tokyo.
    const created = new Date('2025-11-01T23:30:00Z');
    expect(presetDays('All time', NOW, created, 'Asia/Tokyo').start).toBe('2025-11-02');
    expect(presetDays('All time', NOW, created, 'UTC').start).toBe('2025-11-01');
  });

  it('an unknown zone reads as the default, Europe/London', () => {
    expect(presetDays('Today', NOW, CREATED, 'Mars/Base')).toEqual(
      presetDays('Today', NOW, CREATED, 'Europe/London'),
    );
  });

  it('Last 30 days is the default and the picker lists the presets in the spec’s order', () => {
    expect(defaultRange(NOW, CREATED, 'UTC')).toEqual({
      preset: 'Last 30 days',
      start: '2026-03-17',
      end: '2026-04-15',
    });
    expect(pickerPresets(NOW, CREATED, 'UTC').map((p) => p.label)).toEqual([...RANGE_PRESETS]);
  });

  it('recognises the preset of picked days', () => {
    expect(presetOf({ start: '2026-04-09', end: '2026-04-15' }, NOW, CREATED, 'UTC')).toBe('Last 7 days');
    expect(presetOf({ start: '2026-04-02', end: '2026-04-15' }, NOW, CREATED, 'UTC')).toBeNull();
  });
});

describe('range in unix seconds with the prior period', () => {
  it('runs from local midnight to 23:59:59 of the last day, the prior period just before it', () => {
    expect(rangeSeconds({ start: '2026-01-10', end: '2026-01-16' }, 'UTC')).toEqual({
      start: Date.UTC(2026, 0, 10) / 1000,
      end: Date.UTC(2026, 0, 17) / 1000 - 1,
      old_start: Date.UTC(2026, 0, 3) / 1000,
      old_end: Date.UTC(2026, 0, 10) / 1000 - 1,
    });
  });

  it('keeps whole local days across the spring-forward change (London, 29 March 2026)', () => {
    const r = rangeSeconds({ start: '2026-03-29', end: '2026-03-29' }, 'Europe/London');
    // The 29th starts at 00:00 GMT and is 23 hours long; the prior day is the 28th, 24 hours long.
    expect(r.start).toBe(Date.UTC(2026, 2, 29) / 1000);
    expect(r.end - r.start + 1).toBe(23 * 3600);
    expect(r.old_start).toBe(Date.UTC(2026, 2, 28) / 1000);
    expect(r.old_end).toBe(r.start - 1);
  });

  it('the prior period of a 7-day range in New York has 7 days too', () => {
    const r = rangeSeconds({ start: '2026-11-02', end: '2026-11-08' }, 'America/New_York');
    // 2 Nov 2026 00:00 EST is 05:00 UTC; the prior period starts 26 Oct 00:00 EDT (04:00 UTC).
    expect(r.start).toBe(Date.UTC(2026, 10, 2, 5) / 1000);
    expect(r.old_start).toBe(Date.UTC(2026, 9, 26, 4) / 1000);
  });
});

describe('the range kept in local storage', () => {
  it('is the default (Last 30 days) when nothing or something unreadable is stored', () => {
    for (const stored of [undefined, 'not json', '42', '{"start":"2026-13-40","end":"2026-01-01"}']) {
      const storage = memoryStorage(stored === undefined ? {} : { [ANALYTICS_RANGE_KEY]: stored });
      expect(readStoredRange(storage, NOW, CREATED, 'UTC')).toEqual(defaultRange(NOW, CREATED, 'UTC'));
    }
  });

  it('keeps picked days as they are, under the analytics-range key with start and end dates', () => {
    const storage = memoryStorage();
    writeStoredRange(storage, { preset: null, start: '2026-02-03', end: '2026-02-20' });
    expect(JSON.parse(storage.items.get('analytics-range') ?? '')).toEqual({
      preset: null,
      start: '2026-02-03',
      end: '2026-02-20',
    });
    expect(readStoredRange(storage, NOW, CREATED, 'UTC')).toEqual({
      preset: null,
      start: '2026-02-03',
      end: '2026-02-20',
    });
  });

  it('works a stored preset out again for today: Last 7 days stays the last 7 days', () => {
    const storage = memoryStorage();
    writeStoredRange(storage, { preset: 'Last 7 days', ...presetDays('Last 7 days', NOW, CREATED, 'UTC') });
    const nextWeek = new Date('2026-04-22T09:00:00Z');
    expect(readStoredRange(storage, nextWeek, CREATED, 'UTC')).toEqual({
      preset: 'Last 7 days',
      start: '2026-04-16',
      end: '2026-04-22',
    });
  });

  it('refuses an end before the start', () => {
    const storage = memoryStorage({
      [ANALYTICS_RANGE_KEY]: JSON.stringify({ preset: null, start: '2026-02-20', end: '2026-02-03' }),
    });
    expect(readStoredRange(storage, NOW, CREATED, 'UTC').preset).toBe('Last 30 days');
  });
});

describe('the days of a stored range', () => {
  it('follow the zone for a preset, and stay as chosen otherwise', () => {
    const stored = { preset: 'Today' as const, start: '2026-04-15', end: '2026-04-15' };
    expect(rangeDays(stored, NOW, CREATED, 'Europe/London')).toEqual({
      preset: 'Today',
      start: '2026-04-16',
      end: '2026-04-16',
    });
    const chosen = { preset: null, start: '2026-02-03', end: '2026-02-20' };
    expect(rangeDays(chosen, NOW, CREATED, 'Asia/Tokyo')).toBe(chosen);
  });
});
