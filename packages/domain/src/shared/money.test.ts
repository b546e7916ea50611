import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencySymbol, formatPrice, fromMinorUnits, toMinorUnits } from './money.ts';

describe('money (spec §3.2, §9)', () => {
  it('"A currency list of about 150 codes with symbols exists"', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(140);
    expect(CURRENCIES.length).toBeLessThanOrEqual(170);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('INR')).toBe('₹');
  });
  it('"the symbol defaults to \'$\'"', () => {
    expect(currencySymbol(undefined)).toBe('$');
    expect(currencySymbol('XYZ')).toBe('$');
    expect(formatPrice(5, null)).toBe('$5.00');
  });
  it('"RON is shown as \'amount lei\'"', () => {
    expect(formatPrice(1234.5, 'RON')).toBe('1,234.50 lei');
  });
  it('"Prices round to two decimals"', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(9.999, 'EUR')).toBe('€10.00');
    expect(formatPrice(-5, 'USD')).toBe('-$5.00');
  });
  it('converts between minor and major units without float drift', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(fromMinorUnits(1999)).toBe(19.99);
  });
});
