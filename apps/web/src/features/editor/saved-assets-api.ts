import type { BodyOf } from '@funnelwork/domain/api/endpoint';
import { libraryEndpoints } from '@funnelwork/domain/api/library';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

const SAVED_ASSETS_KEY = ['saved-assets'] as const;

/** The account's saved assets: sections, rows and elements saved alone in a document. */
export function useSavedAssets() {
  return useQuery({
    queryKey: SAVED_ASSETS_KEY,
    queryFn: () => callOrThrow(libraryEndpoints.listSavedAssets),
  });
}

/** Every failure is a notice: the asset popup shows none beside its name. */
const failure = (error: ApiError) => error.message;

export type NewSavedAsset = BodyOf<typeof libraryEndpoints.createSavedAsset>['data'];

export function useSaveAsset() {
  return useApiMutation({
    mutationFn: (data: NewSavedAsset) => callOrThrow(libraryEndpoints.createSavedAsset, { body: { data } }),
    invalidates: [SAVED_ASSETS_KEY],
    success: (saved) => `Saved "${saved.name}"`,
    failure,
  });
}

/** A failed delete refreshes too: an asset deleted elsewhere leaves the list. */
export function useDeleteSavedAsset() {
  return useApiMutation({
    mutationFn: (id: number) => callOrThrow(libraryEndpoints.deleteSavedAsset, { params: { id } }),
    invalidates: [SAVED_ASSETS_KEY],
    failure,
    invalidateAfterFailure: true,
  });
}
