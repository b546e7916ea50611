import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('says "1 day" and "2 days", "0 days", with an irregular plural when given', () => {
    expect(countOf(1, 'day')).toBe('1 day');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(0, 'day')).toBe('0 days');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });
});
