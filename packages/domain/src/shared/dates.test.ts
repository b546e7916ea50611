import { describe, expect, it } from 'vitest';
import { formatCustomerDate, formatOrderDate, formatTimelineDate } from './dates.ts';

const now = new Date(2026, 10, 21, 18, 30, 0);

describe('date formats (orders spec §9)', () => {
  it('"\'Today, HH:mm\' for today"', () => {
    expect(formatOrderDate(new Date(2026, 10, 21, 9, 5), now)).toBe('Today, 09:05');
  });
  it('"\'DD MMM HH:mm\' within the current year"', () => {
    expect(formatOrderDate(new Date(2026, 10, 20, 23, 59), now)).toBe('20 Nov 23:59');
    expect(formatOrderDate(new Date(2026, 0, 1, 0, 0), now)).toBe('01 Jan 00:00');
  });
  it('"otherwise \'DD MMM YYYY HH:mm\'"', () => {
    expect(formatOrderDate(new Date(2025, 11, 31, 23, 59), now)).toBe('31 Dec 2025 23:59');
  });
  it('"Customer dates \'DD MMMM YYYY HH:mm:ss\'"', () => {
    expect(formatCustomerDate(new Date(2026, 2, 4, 7, 8, 9))).toBe('04 March 2026 07:08:09');
  });
  it('"Timeline and note times \'DD MMM YYYY, HH:mm:ss\'"', () => {
    expect(formatTimelineDate(new Date(2026, 2, 4, 17, 8, 9))).toBe('04 Mar 2026, 17:08:09');
  });
});
