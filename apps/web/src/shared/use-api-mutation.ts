/**
 * The web's write layer. Each feature's `api.ts` offers its writes as hooks named for the write
 * (`useDeleteFunnel()`, `useConnectGateway()`), each a `useApiMutation` around `callOrThrow`, stating
 * the queries the write changes and the spec's notices. A popup then holds only its own fields and
 * texts: `write.mutate(vars, { onSuccess: onClose })`, `loading={write.isPending}`, and
 * `fieldError(write.error, 'name')` or `write.error?.message` beside a field (`write.reset()` clears
 * it); no busy state of its own and no result checks. A write whose every failure is a notice, also
 * one naming a field, says `failure: (error) => error.message`. Delete popups are a
 * `ConfirmDeletePopup` (shared/confirm-delete-popup.tsx) given the delete hook.
 */
import { PLAN_LIMIT_CODE, RATE_LIMIT_CODE } from '@funnelwork/domain/rules';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-client.ts';
import { notifyError, notifySuccess, notifyWarn } from './notices.ts';

type ApiMutationOptions<TVars, TData> = {
  /** The call; a failure throws an ApiError (callOrThrow). */
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The queries the write changes, fetched again after it succeeds. */
  invalidates: QueryKey[];
  /** The notice after success. */
  success?: (data: TData, vars: TVars) => string;
  /**
   * The notice after a failure, or null for none (the popup shows the failure itself). Without it:
   * the server's message, unless the failure names a field (the form shows it beside that field).
   */
  failure?: (error: ApiError, vars: TVars) => string | null;
  /** The failure notice as a warning (stays until clicked) rather than an error. */
  failureAsWarning?: boolean;
  /** Fetch `invalidates` again after a failure too: the server may have kept part of the write. */
  invalidateAfterFailure?: boolean;
  /**
   * Runs on success before the refetch, even when the refetch replaces the form that asked (a form
   * keyed by the record's `updated_at`): where a result shown once, such as a secret, must not be lost.
   * `mutate(vars, { onSuccess })` runs only while its component is mounted.
   */
  onSuccess?: (data: TData, vars: TVars) => void;
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
  failure,
  failureAsWarning,
  invalidateAfterFailure,
  onSuccess,
}: ApiMutationOptions<TVars, TData>) {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<TData, ApiError, TVars>({
    mutationFn,
    onSuccess: async (data, vars) => {
      onSuccess?.(data, vars);
      await refetch();
      if (success) notifySuccess(success(data, vars));
    },
    onError: async (error, vars) => {
      // The plan's rate and its limits have their own notice (session-notices.tsx), with the upgrade text.
      const planNotice = isPlanRefusal(error);
      const own = failure ? failure(error, vars) : error.failure.info.field ? null : error.message;
      const notice = planNotice ? null : own;
      if (notice !== null) {
        if (failureAsWarning) notifyWarn(notice);
        else notifyError(notice);
      }
      if (invalidateAfterFailure) await refetch();
    },
  });
}

/** A refusal the session's plan notice shows (the API rate, a plan limit): screens need not repeat it. */
export function isPlanRefusal(error: ApiError | null): boolean {
  const code = error?.failure.info.code;
  return code === RATE_LIMIT_CODE || code === PLAN_LIMIT_CODE;
}

/** The message of a failure that names `field`, without the server's 'data.credentials.x: ' prefix. */
export function fieldError(error: ApiError | null, field: string): string | undefined {
  if (error?.failure.info.field !== field) return undefined;
  return error.message.replace(/^[\w.]+: /, '');
}
