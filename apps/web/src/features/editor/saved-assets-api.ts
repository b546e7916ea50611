import type { LibraryItem } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, apiOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

const SAVED_ASSETS_KEY = ['saved-assets'] as const;

/** The account's saved assets: sections, rows and elements saved alone in a document. */
export function useSavedAssets() {
  return useQuery({
    queryKey: SAVED_ASSETS_KEY,
    queryFn: () => apiOrThrow<LibraryItem[]>('GET', 'saved-assets'),
  });
}

/** Every failure is a notice: the asset popup shows none beside its name. */
const failure = (error: ApiError) => error.message;

export type NewSavedAsset = { name: string; node_type: string; config: unknown };

export function useSaveAsset() {
  return useApiMutation({
    mutationFn: (data: NewSavedAsset) => apiOrThrow<LibraryItem>('POST', 'saved-assets', { body: { data } }),
    invalidates: [SAVED_ASSETS_KEY],
    success: (saved) => `Saved "${saved.name}"`,
    failure,
  });
}

/** A failed delete refreshes too: an asset deleted elsewhere leaves the list. */
export function useDeleteSavedAsset() {
  return useApiMutation({
    mutationFn: (id: number) => apiOrThrow<unknown>('DELETE', `saved-assets/${id}`),
    invalidates: [SAVED_ASSETS_KEY],
    failure,
    invalidateAfterFailure: true,
  });
}
