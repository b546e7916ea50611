import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A list query's answer, drawn at background priority. TanStack Query hands a new answer over
 * synchronously, so React drew a page of 25 orders in one task on its arrival (~250 ms at 1×, four times
 * that on Lighthouse's phone); deferred, React draws the rows in slices of a few milliseconds with the
 * main thread free between them. Until the rows are drawn the list counts as loading: its skeleton
 * stays, and no "empty" text flashes.
 */
export function useDeferredList<TData, TError extends Error>(query: UseQueryResult<TData, TError>) {
  const data = useDeferredValue(query.data);
  return {
    data,
    isPending: data === undefined && !query.isError,
    isError: query.isError,
    error: query.error,
  };
}
