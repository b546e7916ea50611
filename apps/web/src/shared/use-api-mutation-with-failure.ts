import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { notifyError } from './notices.ts';
import { useApiMutation } from './use-api-mutation.ts';

type ApiMutationWithFailureOptions<TVars, TData> = Parameters<typeof useApiMutation<TVars, TData>>[0] & {
  /**
   * The notice after a failure, or null for none (the screen shows the failure itself). Without it:
   * the server's message, unless the failure names a field (the form shows it beside that field).
   */
  failure?: (error: ApiError, vars: TVars) => string | null;
  /** Fetch `invalidates` again after a failure too: the server may have kept part of the write. */
  invalidateAfterFailure?: boolean;
};

/** The field of a failure whose notice is already decided here: useApiMutation then shows none. */
const ANSWERED = 'answered';

/** The field a failure names, if it names one. */
export function failureField(error: ApiError | null): string | undefined {
  const field = error?.failure.info.field;
  return field === ANSWERED ? undefined : field;
}

/**
 * useApiMutation with the failure's own notice. These two options are meant for useApiMutation itself;
 * once it has them, this wrapper goes and its callers call useApiMutation with the same options.
 */
export function useApiMutationWithFailure<TVars, TData>({
  failure,
  invalidateAfterFailure,
  ...options
}: ApiMutationWithFailureOptions<TVars, TData>) {
  const queryClient = useQueryClient();
  return useApiMutation<TVars, TData>({
    ...options,
    mutationFn: async (vars) => {
      try {
        return await options.mutationFn(vars);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const { info } = error.failure;
        const notice = failure ? failure(error, vars) : info.field ? null : error.message;
        if (notice !== null) notifyError(notice);
        if (invalidateAfterFailure) {
          await Promise.all(
            options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          );
        }
        throw new ApiError({ ...error.failure, info: { ...info, field: info.field || ANSWERED } });
      }
    },
  });
}
