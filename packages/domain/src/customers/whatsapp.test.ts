import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappNumber } from './whatsapp.ts';

describe(
  '"Customer phone link for WhatsApp: if the number has no leading plus or 00, the ' +
    'dial code of the shipping or billing country is prepended; plus signs, spaces ' +
    'and hyphens are removed."',
  () => {
    it(
      '"if the number has no leading plus or 00, the dial code of the shipping ... ' +
        'country is prepended"',
      () => {
        expect(whatsappNumber('722 123-456', 'RO')).toBe('40722123456');
        expect(whatsappNumber('7700 900123', 'United Kingdom', 'RO')).toBe('447700900123');
        expect(whatsappNumber('0722123456', 'RO')).toBe('400722123456');
        expect(whatsappNumber('202-555-0143', 'us')).toBe('12025550143');
      },
    );

    it('"... or billing country" when the shipping country is missing or unknown', () => {
      expect(whatsappNumber('7700 900123', null, 'GB')).toBe('447700900123');
      expect(whatsappNumber('7700 900123', undefined, 'Germany')).toBe('497700900123');
      expect(whatsappNumber('7700 900123', 'Atlantis', 'GB')).toBe('447700900123');
      expect(whatsappNumber('7700 900123', 'XX', null)).toBe('7700900123');
      expect(whatsappNumber('7700 900123')).toBe('7700900123');
    });

    it('keeps the own code of a number with a leading plus or 00', () => {
      expect(whatsappNumber('+44 7700 900-123', 'RO', 'RO')).toBe('447700900123');
      expect(whatsappNumber('  +1 (202) 555-0143', 'GB')).toBe('12025550143');
      expect(whatsappNumber('0044 7700 900123', 'RO')).toBe('447700900123');
      expect(whatsappNumber('0040-722-123-456', 'GB')).toBe('40722123456');
    });

    it('"plus signs, spaces and hyphens are removed"', () => {
      expect(whatsappNumber('+40 722-123 456')).toBe('40722123456');
      expect(whatsappNumber('+40 722-123 456')).toMatch(/^\d+$/);
      expect(whatsappNumber('', 'GB')).toBe('');
    });

    it('links to https://wa.me/<digits>', () => {
      expect(whatsappLink('+44 7700 900-123')).toBe('https://wa.me/447700900123');
      expect(whatsappLink('722 123 456', 'RO', 'GB')).toBe('https://wa.me/40722123456');
    });
  },
);
