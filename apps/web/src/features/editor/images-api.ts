import type { Image, ImageFolder } from '@funnelwork/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOrThrow, apiPageOrThrow } from '../../shared/api-client.ts';

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
      apiPageOrThrow<Image>('images', { per_page: 100, folder_id: folder === 'all' ? undefined : folder }),
  });
}

export function useImageFolders(enabled: boolean) {
  return useQuery({
    queryKey: imageKeys.folders,
    enabled,
    queryFn: () => apiOrThrow<ImageFolder[]>('GET', 'image-folders'),
  });
}

/** POST images: one multipart `file` part, the folder in the query. */
export function uploadImage(file: File, folderId: number | null) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<Image>('POST', 'images', { multipart: form, query: { folder_id: folderId ?? undefined } });
}

export const deleteImage = (id: number) => api<unknown>('DELETE', `images/${id}`);
export const createImageFolder = (name: string) =>
  api<ImageFolder>('POST', 'image-folders', { body: { data: { name } } });
export const deleteImageFolder = (id: number) => api<unknown>('DELETE', `image-folders/${id}`);

export function useRefreshImages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: imageKeys.all });
}
