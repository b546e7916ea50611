import { describe, expect, test } from 'vitest';
import { splitMatches } from './highlight.ts';

describe('splitMatches ("Matched text in names is bolded")', () => {
  test('marks every occurrence, whatever its case, keeping the original letters', () => {
    expect(splitMatches('Anna Annabel', 'ann')).toEqual([
      { text: 'Ann', match: true },
      { text: 'a ', match: false },
      { text: 'Ann', match: true },
      { text: 'abel', match: false },
    ]);
  });
  test('a match at the end, and the typed text trimmed', () => {
    expect(splitMatches('Summer sale', '  SALE ')).toEqual([
      { text: 'Summer ', match: false },
      { text: 'sale', match: true },
    ]);
  });
  test('no query or no occurrence leaves the name unmarked', () => {
    expect(splitMatches('Summer sale', '')).toEqual([{ text: 'Summer sale', match: false }]);
    expect(splitMatches('Summer sale', 'winter')).toEqual([{ text: 'Summer sale', match: false }]);
    expect(splitMatches('', 'x')).toEqual([]);
  });
  test('regular-expression characters are plain text', () => {
    expect(splitMatches('50% (off)', '(o')).toEqual([
      { text: '50% ', match: false },
      { text: '(o', match: true },
      { text: 'ff)', match: false },
    ]);
  });
});
