import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_FILTERS_KEY,
  conditionsParam,
  readStoredFilters,
  writeStoredFilters,
} from './filters-storage.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
};

describe('filter conditions kept in local storage', () => {
  it('come back as they were written', async () => {
    const storage = memoryStorage();
    const conditions = [
      { id: 'a1', key: 'utm_source' as const, operand: 'IN' as const, values: ['facebook', 'google'] },
      { id: 'b2', key: 'country' as const, operand: '=' as const, value: 'GB' },
    ];
    writeStoredFilters(storage, conditions);
    expect(storage.items.has(ANALYTICS_FILTERS_KEY)).toBe(true);
    expect(await readStoredFilters(storage)).toEqual(conditions);
  });

  it('are none when nothing, broken JSON or a list the API would refuse is stored', async () => {
    for (const stored of [
      undefined,
      '{oops',
      '{"key":"country"}',
      '[{"key":"city","operand":"=","value":"Paris"}]',
      '[{"key":"country","operand":"IN","values":[]}]',
      '[{"key":"country","operand":"LIKE","value":"  "}]',
    ]) {
      const storage = memoryStorage(stored === undefined ? {} : { [ANALYTICS_FILTERS_KEY]: stored });
      expect(await readStoredFilters(storage)).toEqual([]);
    }
  });

  it('are known at once, without loading the contract, when none are stored', () => {
    for (const stored of [undefined, '[]', '{oops']) {
      const storage = memoryStorage(stored === undefined ? {} : { [ANALYTICS_FILTERS_KEY]: stored });
      expect(readStoredFilters(storage)).toEqual([]);
    }
    const storage = memoryStorage({
      [ANALYTICS_FILTERS_KEY]: '[{"key":"country","operand":"=","value":"GB"}]',
    });
    const first = readStoredFilters(storage);
    expect(first).toBeInstanceOf(Promise);
    // The same list gives the same promise: a suspended screen retries on the one it waited for.
    expect(readStoredFilters(storage)).toBe(first);
  });
});

describe('conditions on a request', () => {
  it('are the JSON list without the panel’s ids, and no parameter when there are none', () => {
    expect(conditionsParam([])).toBeUndefined();
    expect(
      JSON.parse(conditionsParam([{ id: 'x', key: 'utm_medium', operand: 'NOT LIKE', value: 'cpc' }]) ?? ''),
    ).toEqual([{ key: 'utm_medium', operand: 'NOT LIKE', value: 'cpc' }]);
  });
});
