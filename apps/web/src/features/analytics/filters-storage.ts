import { filterConditionsSchema } from '@funnelwork/domain';
import type { FilterCondition } from '@funnelwork/domain/rules';

/** The dashboard's filter conditions, "stored in local storage" under this key. */
export const ANALYTICS_FILTERS_KEY = 'analytics-filters';

/** The stored conditions; a list the API would refuse (edited by hand, an older shape) counts as none. */
export function readStoredFilters(storage: Pick<Storage, 'getItem'>): FilterCondition[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(ANALYTICS_FILTERS_KEY) ?? '[]');
  } catch {
    return [];
  }
  const parsed = filterConditionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

export function writeStoredFilters(storage: Pick<Storage, 'setItem'>, conditions: FilterCondition[]): void {
  storage.setItem(ANALYTICS_FILTERS_KEY, JSON.stringify(conditions));
}

/** The conditions as a request carries them: none is no parameter at all. */
export function conditionsParam(conditions: ReadonlyArray<FilterCondition>): string | undefined {
  return conditions.length === 0 ? undefined : JSON.stringify(conditions.map(({ id: _id, ...rest }) => rest));
}
