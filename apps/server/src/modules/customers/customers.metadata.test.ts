import { describe, expect, it } from 'vitest';
import { MAX_METADATA_ENTRIES, mergeMetadata } from './customers.queries.ts';

/** The one metadata rule of checkouts and opt-ins (a form's fields beyond the customer's columns). */
describe('mergeMetadata', () => {
  const stored = [
    { key: 'interest', value: 'yoga' },
    { key: 'size', value: 'M' },
  ];

  it('replaces an entry of the same key in its place and adds new keys at the end', () => {
    expect(mergeMetadata(stored, { size: 'L', referral: 'podcast' })).toEqual([
      { key: 'interest', value: 'yoga' },
      { key: 'size', value: 'L' },
      { key: 'referral', value: 'podcast' },
    ]);
  });

  it('ignores blank values', () => {
    expect(mergeMetadata(stored, { interest: '  ', size: 'S' })).toEqual([
      { key: 'interest', value: 'yoga' },
      { key: 'size', value: 'S' },
    ]);
  });

  it(`keeps at most ${MAX_METADATA_ENTRIES} entries`, () => {
    const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`field_${i}`, `v${i}`]));
    const merged = mergeMetadata(stored, many);
    expect(merged).toHaveLength(200);
    expect(merged[0]).toEqual({ key: 'interest', value: 'yoga' });
    expect(merged.at(-1)).toEqual({ key: 'field_197', value: 'v197' });
  });
});
