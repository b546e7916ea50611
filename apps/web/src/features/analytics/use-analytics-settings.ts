import type { Me } from '@funnelwork/domain';
import type { FilterCondition } from '@funnelwork/domain/rules';
import { useMemo, useState } from 'react';
import { useMe } from '../session/api.ts';
import { useAnswerZone } from './answer-zone.ts';
import { readStoredFilters, writeStoredFilters } from './filters-storage.ts';
import {
  type RangeSeconds,
  rangeDays,
  rangeSeconds,
  readStoredRange,
  type StoredRange,
  writeStoredRange,
} from './range.ts';

/** The zone the last answer named, else the member's; 'All time' from where the account's data starts. */
export const analyticsAccountOf = (me: Me, answerZone: string | null) => ({
  zone: answerZone ?? me.time_zone,
  // 'All time' starts where the account's data does (seeded or imported history may predate it).
  createdAt: new Date(me.data_since ?? me.account_created_at ?? me.created_at),
  currency: me.currency_code ?? me.default_currency_code,
});
/** The account as the analytics screens count it: its zone, creation day and currency. */
export type AnalyticsAccount = ReturnType<typeof analyticsAccountOf>;

/** The range kept in local storage, as its days and in unix seconds, for the account at `now`. */
export function storedRangeOf(account: AnalyticsAccount, stored: StoredRange, now: Date) {
  const days = rangeDays(stored, now, account.createdAt, account.zone);
  return { days, seconds: rangeSeconds(days, account.zone) };
}

/** What the analytics screens need of the account: its zone, creation day and currency. */
export function useAnalyticsAccount(): AnalyticsAccount {
  const me = useMe();
  const answerZone = useAnswerZone();
  // The query's structural sharing keeps `me` the same object until the user changes.
  return useMemo(() => analyticsAccountOf(me, answerZone), [me, answerZone]);
}

/** The chosen range, kept in local storage, and the same range in unix seconds with its prior period. */
export function useAnalyticsRange(): {
  range: StoredRange;
  seconds: RangeSeconds;
  setRange: (range: StoredRange) => void;
} {
  const account = useAnalyticsAccount();
  const [range, setState] = useState(() =>
    readStoredRange(localStorage, new Date(), account.createdAt, account.zone),
  );
  // A preset's days follow the zone (it may be learnt from the first answer).
  const { days, seconds } = useMemo(() => storedRangeOf(account, range, new Date()), [account, range]);
  const setRange = (next: StoredRange) => {
    writeStoredRange(localStorage, next);
    setState(next);
  };
  return { range: days, seconds, setRange };
}

/** The filter conditions, kept in local storage; they apply to every number on the screen. */
export function useAnalyticsFilters(): {
  conditions: FilterCondition[];
  setConditions: (conditions: FilterCondition[]) => void;
} {
  const [conditions, setState] = useState(() => readStoredFilters(localStorage));
  const setConditions = (next: FilterCondition[]) => {
    writeStoredFilters(localStorage, next);
    setState(next);
  };
  return { conditions, setConditions };
}
