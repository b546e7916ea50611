import { describe, expect, it } from 'vitest';
import { HARD_REFRESH_NOTICE, isOutdated, VERSION_CHECK_INTERVAL_MS } from './version.ts';

describe(
  '"Version check every 10 s comparing the cookie version to a built-in version; ' +
    'outdated if any of the first four parts is greater."',
  () => {
    it('"Version check every 10 s"', () => {
      expect(VERSION_CHECK_INTERVAL_MS).toBe(10_000);
      expect(HARD_REFRESH_NOTICE).toBe('There was an update, hard-refresh for better experience');
    });

    it('"outdated if any of the first four parts is greater" (the first differing part decides)', () => {
      expect(isOutdated('1.2.3', '1.2.4')).toBe(true);
      expect(isOutdated('1.2.3', '1.3.0')).toBe(true);
      expect(isOutdated('1.2.3', '2.0.0')).toBe(true);
      expect(isOutdated('1.2.3.4', '1.2.3.5')).toBe(true);
      expect(isOutdated('1.2.3', '1.2.3.1')).toBe(true);
      expect(isOutdated('1.2.9', '1.2.10')).toBe(true);
    });

    it('is not outdated for the same, an older, or a fifth-part-only change', () => {
      expect(isOutdated('1.2.3', '1.2.3')).toBe(false);
      expect(isOutdated('1.2.3', '1.2.2')).toBe(false);
      expect(isOutdated('1.3.0', '1.2.9')).toBe(false);
      expect(isOutdated('2.0.0', '1.9.9.9')).toBe(false);
      expect(isOutdated('1.2.10', '1.2.9')).toBe(false);
      expect(isOutdated('1.2.3.4.5', '1.2.3.4.9')).toBe(false);
    });

    it('ignores a missing or unreadable cookie', () => {
      expect(isOutdated('1.2.3', undefined)).toBe(false);
      expect(isOutdated('1.2.3', null)).toBe(false);
      expect(isOutdated('1.2.3', '')).toBe(false);
      expect(isOutdated('1.2.3', 'garbage')).toBe(false);
      expect(isOutdated('1.2.3', '9.x.0')).toBe(false);
    });
  },
);
