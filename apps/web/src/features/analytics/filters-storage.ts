import type { FilterCondition } from '@funnelwork/domain/rules';

/** The dashboard's filter conditions, "stored in local storage" under this key. */
export const ANALYTICS_FILTERS_KEY = 'analytics-filters';

/** Each stored list's check, by its text: the same list is checked once and gives the same promise. */
const checks = new Map<string, Promise<FilterCondition[]>>();

/**
 * The stored conditions; a list the API would refuse (edited by hand, an older shape) counts as none.
 * Nothing stored, an empty list or broken JSON is known at once. A stored list is checked against the
 * contract, whose schemas (zod) load only then: the promise a screen suspends on (React's `use`).
 */
export function readStoredFilters(
  storage: Pick<Storage, 'getItem'>,
): FilterCondition[] | Promise<FilterCondition[]> {
  const text = storage.getItem(ANALYTICS_FILTERS_KEY) ?? '[]';
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return [];
  }
  if (Array.isArray(stored) && stored.length === 0) return [];
  let check = checks.get(text);
  if (!check) {
    check = import('@funnelwork/domain/analytics/contracts').then(({ filterConditionsSchema }) => {
      const parsed = filterConditionsSchema.safeParse(stored);
      return parsed.success ? parsed.data : [];
    });
    checks.set(text, check);
  }
  return check;
}

export function writeStoredFilters(storage: Pick<Storage, 'setItem'>, conditions: FilterCondition[]): void {
  storage.setItem(ANALYTICS_FILTERS_KEY, JSON.stringify(conditions));
}

/** The conditions as a request carries them: none is no parameter at all. */
export function conditionsParam(conditions: ReadonlyArray<FilterCondition>): string | undefined {
  return conditions.length === 0 ? undefined : JSON.stringify(conditions.map(({ id: _id, ...rest }) => rest));
}
