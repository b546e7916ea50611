import { fromMinorUnits } from '@funnelwork/domain/rules';
import { describe, expect, it } from 'vitest';
import { iso } from '../../db/query-helpers.ts';
import { amountText, csvRecord, isoTime } from './exports.csv.ts';

describe('the export cells read straight from database text', () => {
  it('give the ISO time iso() gives, milliseconds truncated, and leave other texts to iso()', () => {
    for (const text of [
      '2025-01-05 10:00:00+00',
      '2025-01-05 10:00:00.1+00',
      '2025-01-05 10:00:00.12+00',
      '2025-01-05 10:00:00.123+00',
      '2025-01-05 10:00:00.1239+00',
      '2025-12-31 23:59:59.999999+00',
      '2025-01-05 12:00:00.5+02',
      '2025-01-05T10:00:00.123Z',
    ]) {
      expect(isoTime(text)).toBe(iso(text));
    }
    expect(isoTime('2025-01-05 10:00:00.1239+00')).toBe('2025-01-05T10:00:00.123Z');
    const date = new Date(Date.UTC(2025, 0, 5, 10, 0, 0, 7));
    expect(isoTime(date)).toBe(iso(date));
  });

  it('give the amount text fromMinorUnits(minor).toFixed(2) gives', () => {
    const values = [0, 1, 9, 10, 99, 100, 101, 1999, -1, -50, -1250, 123456789, -987654321, 2 ** 53 - 1];
    for (let minor = -1000; minor <= 1000; minor++) values.push(minor);
    for (const minor of values) expect(amountText(minor)).toBe(fromMinorUnits(minor).toFixed(2));
  });

  it('write a CSV record as COPY does: quoted when empty or holding a comma, quote, CR or LF', () => {
    expect(csvRecord(['a', '', 'b,c', 'say "hi"', 'x\ny', 'x\ry', "'=1", ' '])).toBe(
      'a,"","b,c","say ""hi""","x\ny","x\ry",\'=1, \n',
    );
  });
});
