import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-client.ts';
import { notifyError, notifySuccess } from './notices.ts';

type ApiMutationOptions<TVars, TData> = {
  /** The call; a failure throws an ApiError (apiOrThrow). */
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The queries the write changes, fetched again after it succeeds. */
  invalidates: QueryKey[];
  /** The notice after success. */
  success?: (data: TData, vars: TVars) => string;
};

/**
 * A dashboard write: its busy state (isPending), the refetch of what it changed and its notices. A
 * failure that names a field stays on the mutation's error for the form to show beside that field;
 * any other failure is an error notice.
 */
export function useApiMutation<TVars, TData>({
  mutationFn,
  invalidates,
  success,
}: ApiMutationOptions<TVars, TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TVars>({
    mutationFn,
    onSuccess: async (data, vars) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (success) notifySuccess(success(data, vars));
    },
    onError: (error) => {
      if (!error.failure.info.field) notifyError(error.message);
    },
  });
}

/** The message of a failure that names `field`, without the server's 'data.credentials.x: ' prefix. */
export function fieldError(error: ApiError | null, field: string): string | undefined {
  if (error?.failure.info.field !== field) return undefined;
  return error.message.replace(/^[\w.]+: /, '');
}
