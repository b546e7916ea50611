import { publishingEndpoints } from '@funnelwork/domain/api/publishing';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

/** A page of a step of a funnel, as the publishing calls name it. */
export type PageIds = { funnel: number; step: number; page: number };

/** The page's path parameters in the endpoint table. */
const pageParams = (ids: PageIds) => ({ id: ids.funnel, stepId: ids.step, pageId: ids.page });

export const publishingKeys = {
  all: ['publishing'] as const,
  funnel: (funnelId: number) => ['publishing', 'funnel', funnelId] as const,
  versions: (ids: PageIds) => ['publishing', 'versions', ids.page] as const,
  version: (ids: PageIds, versionId: number) => ['publishing', 'versions', ids.page, versionId] as const,
};

/** What a publish or unpublish changes: the publish states, the funnel lists and the steps' pages. */
const CHANGED = [publishingKeys.all, ['funnels']];

export function useFunnelPublishing(funnelId: number) {
  return useQuery({
    queryKey: publishingKeys.funnel(funnelId),
    queryFn: () => callOrThrow(publishingEndpoints.getFunnelPublishing, { params: { id: funnelId } }),
    enabled: Number.isInteger(funnelId) && funnelId > 0,
  });
}

const withNote = (note: string) => ({ body: { data: note.trim() ? { note: note.trim() } : {} } });

export function usePublishPage(ids: PageIds) {
  return useApiMutation({
    mutationFn: ({ note }: { note: string }) =>
      callOrThrow(publishingEndpoints.publishWfunnelStepPage, { params: pageParams(ids), ...withNote(note) }),
    invalidates: [...CHANGED, publishingKeys.versions(ids)],
    success: () => 'The page is published',
  });
}

export function usePublishStep(funnelId: number, stepId: number) {
  return useApiMutation({
    mutationFn: ({ note }: { note: string }) =>
      callOrThrow(publishingEndpoints.publishWfunnelStep, {
        params: { id: funnelId, stepId },
        ...withNote(note),
      }),
    invalidates: CHANGED,
    success: () => 'The step is published',
  });
}

export function usePublishFunnel(funnelId: number) {
  return useApiMutation({
    mutationFn: ({ note }: { note: string }) =>
      callOrThrow(publishingEndpoints.publishFunnel, { params: { id: funnelId }, ...withNote(note) }),
    invalidates: CHANGED,
    success: () => 'The funnel is published',
  });
}

export function useUnpublishFunnel(funnelId: number) {
  return useApiMutation({
    mutationFn: () => callOrThrow(publishingEndpoints.unpublishFunnel, { params: { id: funnelId } }),
    invalidates: CHANGED,
    success: () => 'The funnel is unpublished',
  });
}

export function usePageVersions(ids: PageIds) {
  return useQuery({
    queryKey: publishingKeys.versions(ids),
    queryFn: () => callOrThrow(publishingEndpoints.listWfunnelStepPageVersions, { params: pageParams(ids) }),
  });
}

export function usePageVersion(ids: PageIds, versionId: number | null) {
  return useQuery({
    queryKey: publishingKeys.version(ids, versionId ?? 0),
    queryFn: () =>
      callOrThrow(publishingEndpoints.getWfunnelStepPageVersion, {
        params: { ...pageParams(ids), versionId },
      }),
    enabled: versionId !== null,
  });
}

/** The version becomes the draft; the editor then loads it (`onSuccess` of the caller). */
export function useRestoreVersion(ids: PageIds) {
  return useApiMutation({
    mutationFn: (versionId: number) =>
      callOrThrow(publishingEndpoints.restoreWfunnelStepPageVersion, {
        params: { ...pageParams(ids), versionId },
      }),
    invalidates: CHANGED,
    success: () => 'The version is restored as the draft. Publish it to make it live.',
  });
}
