import { imagesEndpoints } from '@funnelwork/domain/api/images';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, callOrThrow, callPageOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

/** Which images the library shows: every image, those in no folder (0), or one folder's. */
export type FolderFilter = 'all' | number;

export const imageKeys = {
  all: ['images'] as const,
  list: (folder: FolderFilter) => ['images', 'list', folder] as const,
  folders: ['images', 'folders'] as const,
};

export function useImages(folder: FolderFilter, enabled: boolean) {
  return useQuery({
    queryKey: imageKeys.list(folder),
    enabled,
    queryFn: () =>
      callPageOrThrow(imagesEndpoints.listImages, {
        query: { per_page: 100, folder_id: folder === 'all' ? undefined : folder },
      }),
  });
}

export function useImageFolders(enabled: boolean) {
  return useQuery({
    queryKey: imageKeys.folders,
    enabled,
    queryFn: () => callOrThrow(imagesEndpoints.listImageFolders),
  });
}

/** The library's writes: every failure is a notice (it shows none beside its fields). */
const LIBRARY_WRITE = { failure: (error: ApiError) => error.message };

/**
 * POST images: one multipart `file` part, the folder in the query. The library refreshes once after a
 * batch, so an upload invalidates nothing itself; its failure notice names the file.
 */
export function useUploadImage() {
  return useApiMutation({
    mutationFn: ({ file, folderId }: { file: File; folderId: number | null }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callOrThrow(imagesEndpoints.createImage, {
        multipart: form,
        query: { folder_id: folderId ?? undefined },
      });
    },
    invalidates: [],
    failure: (error, { file }) => `${file.name}: ${error.message}`,
  });
}

/** A failed delete refreshes too: an image deleted elsewhere leaves the grid. */
export function useDeleteImage() {
  return useApiMutation({
    mutationFn: (id: number) => callOrThrow(imagesEndpoints.deleteImage, { params: { id } }),
    invalidates: [imageKeys.all],
    invalidateAfterFailure: true,
    ...LIBRARY_WRITE,
  });
}

/** The library refreshes after it has moved to the new folder's view, so this invalidates nothing itself. */
export function useCreateImageFolder() {
  return useApiMutation({
    mutationFn: (name: string) =>
      callOrThrow(imagesEndpoints.createImageFolder, { body: { data: { name } } }),
    invalidates: [],
    ...LIBRARY_WRITE,
  });
}

/** The library refreshes after it has moved to "All images", so this invalidates nothing itself. */
export function useDeleteImageFolder() {
  return useApiMutation({
    mutationFn: (id: number) => callOrThrow(imagesEndpoints.deleteImageFolder, { params: { id } }),
    invalidates: [],
    ...LIBRARY_WRITE,
  });
}

export function useRefreshImages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: imageKeys.all });
}
