import { RATE_LIMIT_CODE } from '@funnelwork/domain/rules';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api-client.ts';
import { GENERIC_WARN, notifyError, notifyWarn } from '../shared/notices.ts';

/** A failed network call or a server fault may pass on a second try; a refusal will not. */
const worthRetrying = (error: Error) =>
  error instanceof ApiError && (error.failure.info.status === 0 || error.failure.info.status >= 500);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A query whose failure has a warning of its own (spec §8) shows it, once while it is on screen.
      const warning = query.meta?.failureWarning;
      if (warning) {
        notifyWarn(warning, undefined, warning);
        return;
      }
      if (query.meta?.silent) return;
      // An ended session (401) or a lost account choice already sends the user to sign in again.
      if (
        error instanceof ApiError &&
        (error.failure.info.status === 401 ||
          error.failure.info.code === 'no_account' ||
          // The plan's rate limit has its own notice (session-notices.tsx).
          error.failure.info.code === RATE_LIMIT_CODE)
      ) {
        return;
      }
      if (error instanceof ApiError && error.failure.info.status === 403) notifyError(error.message);
      else notifyWarn(GENERIC_WARN, undefined, 'generic-warn');
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && worthRetrying(error),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The screen reports the failure itself: no notice. */
      silent?: boolean;
      /** The warning the failure shows instead of the generic one. */
      failureWarning?: string;
    };
  }
}
