import type { FilterCondition } from '@funnelwork/domain/rules';
import { use, useMemo, useState } from 'react';
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

/** What the analytics screens need of the account: its zone, creation day and currency. */
export function useAnalyticsAccount() {
  const me = useMe();
  const answerZone = useAnswerZone();
  return useMemo(
    () => ({
      zone: answerZone ?? me.time_zone,
      // 'All time' starts where the account's data does (seeded or imported history may predate it).
      createdAt: new Date(me.data_since ?? me.account_created_at ?? me.created_at),
      currency: me.currency_code ?? me.default_currency_code,
    }),
    [
      answerZone,
      me.time_zone,
      me.data_since,
      me.account_created_at,
      me.created_at,
      me.currency_code,
      me.default_currency_code,
    ],
  );
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
  const days = useMemo(
    () => rangeDays(range, new Date(), account.createdAt, account.zone),
    [range, account.createdAt, account.zone],
  );
  const seconds = useMemo(() => rangeSeconds(days, account.zone), [days, account.zone]);
  const setRange = (next: StoredRange) => {
    writeStoredRange(localStorage, next);
    setState(next);
  };
  return { range: days, seconds, setRange };
}

/**
 * The filter conditions, kept in local storage; they apply to every number on the screen. The screen
 * suspends while a stored list is checked (readStoredFilters), so its first request carries them.
 */
export function useAnalyticsFilters(): {
  conditions: FilterCondition[];
  setConditions: (conditions: FilterCondition[]) => void;
} {
  // Read once, at mount: a later render must not suspend on the list the panel has just written.
  const [read] = useState(() => readStoredFilters(localStorage));
  const [conditions, setState] = useState(Array.isArray(read) ? read : use(read));
  const setConditions = (next: FilterCondition[]) => {
    writeStoredFilters(localStorage, next);
    setState(next);
  };
  return { conditions, setConditions };
}
