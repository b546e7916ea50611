import { describe, expect, it } from 'vitest';
import { withoutFieldPrefix } from './field-errors.ts';

describe('withoutFieldPrefix (issue 36 §6: raw validator text never reaches merchants)', () => {
  it('drops the field the failure names from the front of its message', () => {
    expect(
      withoutFieldPrefix(
        'data.subdomain: Subdomain may hold only letters, digits and inner hyphens',
        'data.subdomain',
      ),
    ).toBe('Subdomain may hold only letters, digits and inner hyphens');
    expect(withoutFieldPrefix("data.url: A step URL may not hold spaces, '?', '#' or '\\'", 'data.url')).toBe(
      "A step URL may not hold spaces, '?', '#' or '\\'",
    );
  });

  it('keeps a message that does not start with its field, or names none', () => {
    expect(withoutFieldPrefix('This path is already taken', 'data.url')).toBe('This path is already taken');
    expect(withoutFieldPrefix('data.url: x', undefined)).toBe('data.url: x');
    expect(withoutFieldPrefix('data.url: x', 'data.name')).toBe('data.url: x');
  });
});
