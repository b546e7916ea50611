import { describe, expect, it } from 'vitest';
import {
  isOptOutReply,
  normalisePhone,
  SMS_TARIFFS,
  smsPrice,
  smsSegments,
  tariffOfCountry,
  tariffOfPhone,
} from './rules.ts';

describe('SMS tariffs', () => {
  it('finds the country of a number by its longest calling code', () => {
    expect(tariffOfPhone('+447700900123')?.country).toBe('GB');
    expect(tariffOfPhone('+353851234567')?.country).toBe('IE');
    expect(tariffOfPhone('+14155550100')?.country).toBe('US');
    expect(tariffOfPhone('+81312345678')).toBeUndefined();
    expect(tariffOfCountry('gb')?.name).toBe('United Kingdom');
  });

  it('lists each country once', () => {
    expect(new Set(SMS_TARIFFS.map((t) => t.country)).size).toBe(SMS_TARIFFS.length);
  });
});

describe('smsSegments', () => {
  it('fits 160 GSM characters in one part and bills 153 a part beyond', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
  });

  it('counts extended characters twice', () => {
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
  });

  it('sends any other character as UCS-2: 70 in one part, 67 a part beyond', () => {
    expect(smsSegments('ł'.repeat(70))).toBe(1);
    expect(smsSegments('ł'.repeat(71))).toBe(2);
    expect(smsPrice('+447700900123', `Hi ${'ł'.repeat(70)}`)).toBe(2 * 5);
  });
});

describe('phones and replies', () => {
  it('writes typed numbers in E.164', () => {
    expect(normalisePhone(' +44 7700 900-123 ')).toBe('+447700900123');
    expect(normalisePhone('0044 (7700) 900123')).toBe('+447700900123');
    expect(normalisePhone('07700 900123')).toBeNull();
    expect(normalisePhone('+0123')).toBeNull();
  });

  it('"STOP replies unsubscribe", in any case, and nothing else does', () => {
    expect(isOptOutReply(' stop ')).toBe(true);
    expect(isOptOutReply('Unsubscribe')).toBe(true);
    expect(isOptOutReply('please stop')).toBe(false);
    expect(isOptOutReply('yes')).toBe(false);
  });
});
