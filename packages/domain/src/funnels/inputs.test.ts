import { describe, expect, it } from 'vitest';
import {
  isoDateTime,
  isStorableJson,
  isStorableText,
  jsonObject,
  listMeta,
  MAX_JSON_DEPTH,
  requiredText,
} from './inputs.ts';

describe('storable input', () => {
  it('refuses NUL characters and lone surrogates, which the database cannot store', () => {
    expect(isStorableText('plain 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 text')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD800')).toBe(false);
    expect(isStorableText('x\uDC00')).toBe(false);
  });
  it('walks JSON documents, keys included, and limits their depth', () => {
    expect(isStorableJson({ a: [1, 'b', { c: null }] })).toBe(true);
    expect(isStorableJson({ a: ['\u0000'] })).toBe(false);
    expect(isStorableJson({ '\uD800': 1 })).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH + 1; i++) deep = [deep];
    expect(isStorableJson(deep)).toBe(false);
    expect(jsonObject().safeParse({ rows: {} }).success).toBe(true);
    expect(jsonObject().safeParse([]).success).toBe(false);
  });
  it('required text is trimmed and must not be blank', () => {
    expect(requiredText('Name', 10).parse('  Shop ')).toBe('Shop');
    expect(requiredText('Name', 10).safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
  });
  it('dates fit the database range', () => {
    expect(isoDateTime().safeParse('2026-03-10T12:00:00Z').success).toBe(true);
    expect(isoDateTime().safeParse('2026-03-10T12:00:00+02:00').success).toBe(true);
    expect(isoDateTime().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(isoDateTime().safeParse('2026-13-10T12:00:00Z').success).toBe(false);
  });
  it('list meta counts pages of the given size ("Page size 25")', () => {
    expect(listMeta(0, 25)).toEqual({ count: 0, per_page: 25, total_pages: 0 });
    expect(listMeta(26, 25)).toEqual({ count: 26, per_page: 25, total_pages: 2 });
  });
});
