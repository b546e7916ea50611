import { describe, expect, it } from 'vitest';
import {
  idNumberOrDigits,
  idQuery,
  isoDateTime,
  isStorableJson,
  isStorableText,
  jsonObject,
  listMeta,
  MAX_JSON_DEPTH,
  requiredText,
  text,
  unstorableTextPath,
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
  it('text may be trimmed before its length is counted', () => {
    expect(text(3, { trim: true }).parse('  abc  ')).toBe('abc');
    expect(text(3).safeParse('  abc  ').success).toBe(false);
    expect(text(3, { trim: true }).safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'may not hold NUL characters or broken Unicode',
    );
  });
  it('an id from a published page is a number or its decimal digits', () => {
    expect(idNumberOrDigits().parse(16)).toBe(16);
    expect(idNumberOrDigits().parse('16')).toBe(16);
    expect(idNumberOrDigits().safeParse('0x10').success).toBe(false);
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

describe('one rule for text and one for ids', () => {
  it('finds the field holding unstorable text, keys naming their object', () => {
    expect(unstorableTextPath({ data: { first_name: 'Ann', tags: ['ok', 'x\u0000'] } })).toEqual([
      'data',
      'tags',
      1,
    ]);
    expect(unstorableTextPath({ data: { '\uD800': 1 } })).toEqual(['data']);
    expect(unstorableTextPath('\uDC00')).toEqual([]);
    expect(unstorableTextPath({ data: { name: '𝔘𝔫𝔦', n: 1, b: null } })).toBeUndefined();
  });
  it('walks nesting deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toHaveLength(50_000);
  });
  it('reads an id in a path or query string from decimal digits only', () => {
    expect(idQuery().parse('16')).toBe(16);
    for (const id of ['0x10', '1e1', ' 16', '16 ', '+16', '16.0', '0b1', '', '0', '99999999999999999'])
      expect(idQuery().safeParse(id).success, id).toBe(false);
  });
});
