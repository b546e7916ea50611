import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterConditionSchema, filterConditionsSchema } from './contracts.ts';
import {
  canSaveFilter,
  FILTER_KEYS,
  FILTER_OPERANDS,
  type FilterableRecord,
  type FilterCondition,
  MAX_FILTER_CONDITIONS,
  matchesFilters,
} from './filters.ts';

describe(
  '"Filter keys: currency, referrer, referrer_domain, utm_campaign, utm_medium, utm_source, utm_content, ' +
    'utm_term, country. Operands: Is one of (IN), Is none of (NOT IN), Contains (LIKE), Does not contain ' +
    '(NOT LIKE), Equals (=)"',
  () => {
    it('lists the keys and the operands with their labels, in the spec order', () => {
      expect(FILTER_KEYS).toEqual([
        'currency',
        'referrer',
        'referrer_domain',
        'utm_campaign',
        'utm_medium',
        'utm_source',
        'utm_content',
        'utm_term',
        'country',
      ]);
      expect(FILTER_OPERANDS.map((o) => `${o.label} (${o.operand})`)).toEqual([
        'Is one of (IN)',
        'Is none of (NOT IN)',
        'Contains (LIKE)',
        'Does not contain (NOT LIKE)',
        'Equals (=)',
      ]);
    });
  },
);

describe('"Filter condition Add/Save disabled without operand or value(s)."', () => {
  it('needs a key, an operand and, for IN and NOT IN, at least one value', () => {
    expect(canSaveFilter({ key: 'country', operand: 'IN', values: ['GB'] })).toBe(true);
    expect(canSaveFilter({ key: 'country', operand: 'NOT IN', values: ['', 'US'] })).toBe(true);
    expect(canSaveFilter({ key: 'country', operand: 'IN', values: [] })).toBe(false);
    expect(canSaveFilter({ key: 'country', operand: 'IN', values: ['  '] })).toBe(false);
    expect(canSaveFilter({ key: 'country', operand: 'IN', value: 'GB' })).toBe(false);
    expect(canSaveFilter({ key: 'country', values: ['GB'] })).toBe(false);
    expect(canSaveFilter({ key: 'country', operand: null, values: ['GB'] })).toBe(false);
    expect(canSaveFilter({ key: 'country', operand: 'BETWEEN', values: ['GB'] })).toBe(false);
    expect(canSaveFilter({ operand: 'IN', values: ['GB'] })).toBe(false);
    expect(canSaveFilter({ key: 'browser', operand: 'IN', values: ['GB'] })).toBe(false);
  });
  it('needs one non-blank value for Contains, Does not contain and Equals', () => {
    for (const operand of ['LIKE', 'NOT LIKE', '=']) {
      expect(canSaveFilter({ key: 'utm_source', operand, value: 'mail' })).toBe(true);
      expect(canSaveFilter({ key: 'utm_source', operand, value: ' ' })).toBe(false);
      expect(canSaveFilter({ key: 'utm_source', operand })).toBe(false);
      expect(canSaveFilter({ key: 'utm_source', operand, values: ['mail'] })).toBe(false);
    }
  });
});

describe('the filter condition contract: "Filter condition: id, key, operand, value or values"', () => {
  const issue = (input: unknown) => {
    const result = filterConditionsSchema.safeParse(input);
    return result.success
      ? undefined
      : { path: result.error.issues[0]?.path, message: result.error.issues[0]?.message };
  };

  it('takes values for IN and NOT IN and a value for the others, trimmed', () => {
    expect(
      filterConditionsSchema.parse([
        { id: 'a1', key: 'country', operand: 'IN', values: [' GB ', 'US'] },
        { id: 7, key: 'utm_source', operand: 'LIKE', value: ' mail ', values: ['stale'] },
        { key: 'currency', operand: '=', value: 'EUR' },
      ]),
    ).toEqual([
      { id: 'a1', key: 'country', operand: 'IN', values: ['GB', 'US'] },
      { id: 7, key: 'utm_source', operand: 'LIKE', value: 'mail' },
      { key: 'currency', operand: '=', value: 'EUR' },
    ]);
  });

  it('refuses bad conditions naming the field', () => {
    expect(issue([{ key: 'browser', operand: 'IN', values: ['x'] }])?.path).toEqual([0, 'key']);
    expect(issue([{ key: 'country', operand: 'BETWEEN', values: ['x'] }])?.path).toEqual([0, 'operand']);
    expect(issue([{ key: 'country', operand: 'IN' }])).toEqual({
      path: [0, 'values'],
      message: 'IN needs at least one value',
    });
    expect(issue([{ key: 'country', operand: 'NOT IN', values: ['GB', '  '] }])).toEqual({
      path: [0, 'values', 1],
      message: 'may not be blank',
    });
    expect(issue([{ key: 'referrer', operand: 'LIKE' }])).toEqual({
      path: [0, 'value'],
      message: 'LIKE needs a value',
    });
    expect(issue([{ key: 'referrer', operand: '=', value: '' }])).toEqual({
      path: [0, 'value'],
      message: 'may not be blank',
    });
    expect(issue([{ key: 'referrer', operand: '=', value: 'x'.repeat(501) }])?.path).toEqual([0, 'value']);
    expect(issue([{ key: 'referrer', operand: '=', value: 'a\u0000' }])?.path).toEqual([0, 'value']);
    expect(issue([{ key: 'referrer', operand: '=', value: 3 }])?.path).toEqual([0, 'value']);
    const many = Array.from({ length: MAX_FILTER_CONDITIONS + 1 }, () => ({
      key: 'country',
      operand: '=',
      value: 'GB',
    }));
    expect(issue(many)?.message).toBe('may hold at most 20 conditions');
    expect(
      filterConditionSchema.safeParse({ key: 'country', operand: '=', value: 'GB', id: {} }).success,
    ).toBe(false);
  });
});

describe('matchesFilters, the oracle of the server filters', () => {
  const visit: FilterableRecord = {
    country: 'GB',
    currency: 'GBP',
    utm_source: 'Facebook',
    referrer: 'https://m.facebook.com/story?id=1',
    referrer_domain: 'm.facebook.com',
    utm_campaign: '50%_off',
  };
  const when = (condition: FilterCondition) => matchesFilters(visit, [condition]);

  it('Is one of, Is none of and Equals compare whole values, ignoring case', () => {
    expect(when({ key: 'country', operand: 'IN', values: ['us', 'gb'] })).toBe(true);
    expect(when({ key: 'country', operand: 'IN', values: ['US'] })).toBe(false);
    expect(when({ key: 'country', operand: 'NOT IN', values: ['US'] })).toBe(true);
    expect(when({ key: 'country', operand: 'NOT IN', values: ['Gb'] })).toBe(false);
    expect(when({ key: 'utm_source', operand: '=', value: 'facebook' })).toBe(true);
    expect(when({ key: 'utm_source', operand: '=', value: 'face' })).toBe(false);
  });

  it('Contains and Does not contain are substring tests ignoring case, with % and _ literal', () => {
    expect(when({ key: 'referrer', operand: 'LIKE', value: 'FACEBOOK.com' })).toBe(true);
    expect(when({ key: 'referrer', operand: 'NOT LIKE', value: 'facebook' })).toBe(false);
    expect(when({ key: 'referrer', operand: 'NOT LIKE', value: 'google' })).toBe(true);
    expect(when({ key: 'utm_campaign', operand: 'LIKE', value: '50%_' })).toBe(true);
    expect(when({ key: 'utm_campaign', operand: 'LIKE', value: '5%off' })).toBe(false);
    expect(when({ key: 'utm_campaign', operand: 'LIKE', value: '_' })).toBe(true);
    expect(when({ key: 'country', operand: 'LIKE', value: '_' })).toBe(false);
  });

  it('a missing value is none of any values and contains nothing', () => {
    expect(when({ key: 'utm_medium', operand: 'NOT IN', values: ['email'] })).toBe(true);
    expect(when({ key: 'utm_medium', operand: 'IN', values: ['email'] })).toBe(false);
    expect(when({ key: 'utm_term', operand: 'NOT LIKE', value: 'x' })).toBe(true);
    expect(when({ key: 'utm_term', operand: 'LIKE', value: 'x' })).toBe(false);
    expect(matchesFilters({ utm_term: null }, [{ key: 'utm_term', operand: '=', value: 'x' }])).toBe(false);
  });

  it('joins conditions with AND; no conditions pass everything', () => {
    expect(matchesFilters(visit, [])).toBe(true);
    expect(
      matchesFilters(visit, [
        { key: 'country', operand: '=', value: 'GB' },
        { key: 'currency', operand: 'IN', values: ['USD'] },
      ]),
    ).toBe(false);
  });

  it('each negated operand is the complement of its positive one, and Equals is Is one of one value', () => {
    const text = fc.option(fc.stringMatching(/^[a-zA-Z%_ .-]{0,6}$/), { nil: undefined });
    const value = fc.stringMatching(/^[a-zA-Z%_ .-]{1,4}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...FILTER_KEYS),
        text,
        value,
        fc.array(value, { minLength: 1, maxLength: 3 }),
        (key, actual, v, vs) => {
          const record: FilterableRecord = { [key]: actual };
          const m = (c: FilterCondition) => matchesFilters(record, [c]);
          expect(m({ key, operand: 'NOT IN', values: vs })).toBe(!m({ key, operand: 'IN', values: vs }));
          expect(m({ key, operand: 'NOT LIKE', value: v })).toBe(!m({ key, operand: 'LIKE', value: v }));
          expect(m({ key, operand: '=', value: v })).toBe(m({ key, operand: 'IN', values: [v] }));
          if (m({ key, operand: '=', value: v })) expect(m({ key, operand: 'LIKE', value: v })).toBe(true);
          expect(m({ key, operand: '=', value: v.toUpperCase() })).toBe(
            m({ key, operand: '=', value: v.toLowerCase() }),
          );
        },
      ),
    );
  });
});
