import { describe, expect, it } from 'vitest';
import { isOutdated } from './version.ts';

describe('"outdated if any of the first four parts is greater"', () => {
  it('is outdated when the cookie version is newer in one of the first four parts', () => {
    expect(isOutdated('1.2.3', '1.2.4')).toBe(true);
    expect(isOutdated('1.2.3', '2.0.0')).toBe(true);
    expect(isOutdated('1.2.3.4', '1.2.3.5')).toBe(true);
  });
  it('is not outdated for the same, an older, or a fifth-part-only change', () => {
    expect(isOutdated('1.2.3', '1.2.3')).toBe(false);
    expect(isOutdated('1.3.0', '1.2.9')).toBe(false);
    expect(isOutdated('1.2.3.4.5', '1.2.3.4.9')).toBe(false);
  });
  it('ignores a missing or unreadable cookie', () => {
    expect(isOutdated('1.2.3', undefined)).toBe(false);
    expect(isOutdated('1.2.3', 'garbage')).toBe(false);
  });
});
