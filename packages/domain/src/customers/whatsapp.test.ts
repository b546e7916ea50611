import { describe, expect, it } from 'vitest';
import { COUNTRIES, dialCodeFor, findCountry } from './countries.ts';
import { whatsappLink, whatsappNumber } from './whatsapp.ts';

describe('country list', () => {
  it('"A country list (name and two-letter code) with phone dial codes"', () => {
    expect(COUNTRIES.length).toBeGreaterThan(230);
    expect(findCountry('gb')).toEqual({ code: 'GB', name: 'United Kingdom', dialCode: '44' });
    expect(dialCodeFor('Romania')).toBe('40');
    expect(dialCodeFor('US')).toBe('1');
    expect(dialCodeFor('Atlantis')).toBeUndefined();
  });
});

describe('WhatsApp phone link (orders spec §5)', () => {
  it('"if the number has no leading plus or 00, the dial code of the shipping or billing country is prepended"', () => {
    expect(whatsappNumber('0722 123-456', 'RO', 'GB')).toBe('400722123456');
    expect(whatsappNumber('7700 900123', null, 'GB')).toBe('447700900123');
    expect(whatsappNumber('7700 900123', '', 'United Kingdom')).toBe('447700900123');
  });
  it('"plus signs, spaces and hyphens are removed"', () => {
    expect(whatsappNumber('+1 415-555-0100', 'GB')).toBe('14155550100');
    expect(whatsappNumber('0049 30 1234', 'GB')).toBe('49301234');
  });
  it('links to wa.me', () => {
    expect(whatsappLink('+44 7700 900123')).toBe('https://wa.me/447700900123');
  });
});
