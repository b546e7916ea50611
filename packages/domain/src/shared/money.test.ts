import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencySymbol, formatPrice, fromMinorUnits, toMinorUnits } from './money.ts';
import { roundPrice } from './numbers.ts';

describe('"A currency list of about 150 codes with symbols exists"', () => {
  it('holds about 150 distinct three-letter codes, each with a name and a symbol', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(140);
    expect(CURRENCIES.length).toBeLessThanOrEqual(170);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.symbol.length).toBeGreaterThan(0);
    }
  });
  it('has the usual symbols', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('INR')).toBe('₹');
    expect(currencySymbol('RON')).toBe('lei');
    expect(currencySymbol('eur')).toBe('€');
  });
});

describe('"the symbol defaults to \'$\'"', () => {
  it('gives $ for a missing or unknown code', () => {
    expect(currencySymbol()).toBe('$');
    expect(currencySymbol(null)).toBe('$');
    expect(currencySymbol('')).toBe('$');
    expect(currencySymbol('XYZ')).toBe('$');
    expect(formatPrice(3, 'XYZ')).toBe('$3.00');
    expect(formatPrice(3)).toBe('$3.00');
  });
});

describe('formatPrice: symbol + amount with two decimals and thousands separators', () => {
  it('formats amounts', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(9.99, 'EUR')).toBe('€9.99');
    expect(formatPrice(0, 'GBP')).toBe('£0.00');
    expect(formatPrice(999.999, 'USD')).toBe('$1,000.00');
    expect(formatPrice(1234567.891, 'USD')).toBe('$1,234,567.89');
    expect(formatPrice(0.005, 'USD')).toBe('$0.01');
  });
  it('"RON is shown as \'amount lei\'"', () => {
    expect(formatPrice(1234.5, 'RON')).toBe('1,234.50 lei');
    expect(formatPrice(7, 'ron')).toBe('7.00 lei');
    expect(formatPrice(-5, 'RON')).toBe('-5.00 lei');
  });
  it('puts the minus first for negative amounts', () => {
    expect(formatPrice(-5, 'USD')).toBe('-$5.00');
    expect(formatPrice(-1234.5, 'EUR')).toBe('-€1,234.50');
    expect(formatPrice(-0.001, 'USD')).toBe('$0.00');
  });
  it('writes the digits Intl.NumberFormat en-US writes, without building one', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const differing: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const amount = random() * 10 ** Math.floor(random() * 10) * (random() < 0.2 ? -1 : 1);
      const expected = intl.format(Math.abs(roundPrice(amount)));
      const shown = formatPrice(amount, 'USD').replace(/^-?\$/, '');
      if (shown !== expected) differing.push(`${amount}: ${shown} vs ${expected}`);
    }
    expect(differing).toEqual([]);
  });
});

describe('minor units', () => {
  it('converts major to minor units and back', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.005)).toBe(101);
    expect(toMinorUnits(-1.005)).toBe(-101);
    expect(toMinorUnits(12)).toBe(1200);
    expect(fromMinorUnits(1999)).toBe(19.99);
    expect(fromMinorUnits(12345)).toBe(123.45);
    expect(fromMinorUnits(-5)).toBe(-0.05);
    expect(fromMinorUnits(0)).toBe(0);
  });
});
