import { describe, expect, it } from 'vitest';
import { formatCustomerDate, formatNoteDate, formatOrderDate, formatTimelineDate } from './dates.ts';

// Local-time constructors, so the tests hold in any time zone.
const now = new Date(2026, 2, 10, 14, 5, 0);

describe(
  "\"'Today, HH:mm' for today; 'DD MMM HH:mm' within the current year; otherwise " + "'DD MMM YYYY HH:mm'.\"",
  () => {
    it("'Today, HH:mm' for today", () => {
      expect(formatOrderDate(new Date(2026, 2, 10, 9, 7), now)).toBe('Today, 09:07');
      expect(formatOrderDate(new Date(2026, 2, 10, 0, 0, 0), now)).toBe('Today, 00:00');
      expect(formatOrderDate(new Date(2026, 2, 10, 23, 59, 59), now)).toBe('Today, 23:59');
      expect(formatOrderDate('2026-03-10T18:30:00', now)).toBe('Today, 18:30');
    });
    it("'DD MMM HH:mm' within the current year", () => {
      expect(formatOrderDate(new Date(2026, 2, 9, 23, 59, 59), now)).toBe('09 Mar 23:59');
      expect(formatOrderDate(new Date(2026, 2, 11, 0, 0), now)).toBe('11 Mar 00:00');
      expect(formatOrderDate(new Date(2026, 0, 1, 0, 0), now)).toBe('01 Jan 00:00');
      expect(formatOrderDate(new Date(2026, 11, 31, 23, 59), now)).toBe('31 Dec 23:59');
    });
    it("otherwise 'DD MMM YYYY HH:mm'", () => {
      expect(formatOrderDate(new Date(2025, 11, 31, 23, 59, 59), now)).toBe('31 Dec 2025 23:59');
      expect(formatOrderDate(new Date(2025, 2, 10, 9, 7), now)).toBe('10 Mar 2025 09:07');
      expect(formatOrderDate(new Date(2027, 0, 1, 0, 0), now)).toBe('01 Jan 2027 00:00');
    });
    it('gives an empty text for an unreadable date', () => {
      expect(formatOrderDate('not a date', now)).toBe('');
    });
  },
);

describe('"Customer dates \'DD MMMM YYYY HH:mm:ss\'."', () => {
  it('formats with the full month name and seconds', () => {
    expect(formatCustomerDate(new Date(2026, 2, 5, 8, 9, 10))).toBe('05 March 2026 08:09:10');
    expect(formatCustomerDate(new Date(2025, 8, 30, 23, 0, 1))).toBe('30 September 2025 23:00:01');
    expect(formatCustomerDate('garbage')).toBe('');
  });
});

describe('"Timeline and note times \'DD MMM YYYY, HH:mm:ss\'."', () => {
  it('formats timeline and note times alike', () => {
    expect(formatTimelineDate(new Date(2026, 2, 5, 8, 9, 10))).toBe('05 Mar 2026, 08:09:10');
    expect(formatNoteDate(new Date(2024, 1, 29, 0, 0, 0))).toBe('29 Feb 2024, 00:00:00');
    expect(formatTimelineDate('2026-03-05T08:09:10')).toBe('05 Mar 2026, 08:09:10');
  });
});
