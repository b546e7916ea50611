import { describe, expect, it } from 'vitest';
import { COUNTRIES, dialCodeFor, findCountry } from './countries.ts';

describe(
  '"A country list (name and two-letter code) with phone dial codes is used by the ' + 'customer views."',
  () => {
    it('lists every ISO country once, with a two-letter code, a name and a numeric dial code', () => {
      expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
      expect(COUNTRIES.length).toBeLessThanOrEqual(250);
      expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
      expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
      for (const c of COUNTRIES) {
        expect(c.code).toMatch(/^[A-Z]{2}$/);
        expect(c.name.trim()).toBe(c.name);
        expect(c.dialCode).toMatch(/^[1-9]\d{0,3}$/);
      }
    });

    it('gives the dial code for a two-letter code in any case', () => {
      expect(dialCodeFor('GB')).toBe('44');
      expect(dialCodeFor('gb')).toBe('44');
      expect(dialCodeFor('US')).toBe('1');
      expect(dialCodeFor('RO')).toBe('40');
      expect(dialCodeFor('DE')).toBe('49');
      expect(dialCodeFor('IN')).toBe('91');
      expect(dialCodeFor(' ro ')).toBe('40');
    });

    it('gives the dial code for a country name as listed, in any case', () => {
      expect(dialCodeFor('Romania')).toBe('40');
      expect(dialCodeFor('romania')).toBe('40');
      expect(dialCodeFor('Roman')).toBeNull();
      expect(dialCodeFor('United Kingdom')).toBe('44');
      expect(dialCodeFor('United States')).toBe('1');
      expect(findCountry('Germany')).toEqual({ code: 'DE', name: 'Germany', dialCode: '49' });
    });

    it('gives null for an unknown, empty or missing country', () => {
      expect(dialCodeFor('XX')).toBeNull();
      expect(dialCodeFor('Atlantis')).toBeNull();
      expect(dialCodeFor('')).toBeNull();
      expect(dialCodeFor(null)).toBeNull();
      expect(dialCodeFor(undefined)).toBeNull();
    });
  },
);
