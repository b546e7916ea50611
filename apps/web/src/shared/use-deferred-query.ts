import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A query's answer, drawn at background priority. TanStack Query hands a new answer over synchronously,
 * so React drew a page of 25 orders in one task on its arrival (~250 ms at 1×, four times that on
 * Lighthouse's phone); deferred, React draws it in slices of a few milliseconds with the main thread
 * free between them. Until it is drawn the answer counts as pending: a list's skeleton or a screen's
 * loader stays, and no "empty" text flashes.
 */
export function useDeferredQuery<TData, TError extends Error>(query: UseQueryResult<TData, TError>) {
  const data = useDeferredValue(query.data);
  return {
    data,
    isPending: data === undefined && !query.isError,
    isError: query.isError,
    error: query.error,
  };
}
