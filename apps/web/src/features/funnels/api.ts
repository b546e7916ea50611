import type {
  ClonedFunnel,
  Domain,
  Folder,
  Funnel,
  FunnelAddresses,
  PatchFunnelBody,
  PatchStepBody,
  Step,
  TrackingCode,
} from '@funnelwork/domain';
import { domainsEndpoints } from '@funnelwork/domain/api/domains';
import { funnelsEndpoints } from '@funnelwork/domain/api/funnels';
import { geoFunnelsEndpoints } from '@funnelwork/domain/api/geo-funnels';
import { runtimeEndpoints } from '@funnelwork/domain/api/runtime';
import { sharingEndpoints } from '@funnelwork/domain/api/sharing';
import { stepsEndpoints } from '@funnelwork/domain/api/steps';
import { storeEndpoints } from '@funnelwork/domain/api/store';
import { trackingCodesEndpoints } from '@funnelwork/domain/api/tracking-codes';
import { funnelKind, reorderIndexes } from '@funnelwork/domain/rules';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  call,
  callOrThrow,
  callPageOrThrow,
  type SentDataOf,
} from '../../shared/api-client.ts';
import { fieldError, useApiMutation } from '../../shared/use-api-mutation.ts';
import { useFinishOnboardingQuietly } from '../onboarding/api.ts';

export type FunnelKind = 'funnel' | 'wfunnel';

/** The route prefix of a funnel: /funnel for the classic kind, /wfunnel for the second (spec §2.3). */
export const kindOf = (funnel: { funnel_type?: number | null }): FunnelKind =>
  funnelKind(funnel.funnel_type) === 'second' ? 'wfunnel' : 'funnel';

export const funnelKeys = {
  all: ['funnels'] as const,
  list: (archived: boolean, params: { page: number; folderId: number | null; query: string }) =>
    ['funnels', archived ? 'archive' : 'list', params] as const,
  one: (id: number) => ['funnels', 'one', id] as const,
  folders: ['funnels', 'folders'] as const,
  subFunnels: (id: number) => ['funnels', 'sub-funnels', id] as const,
  steps: (id: number) => ['funnels', 'steps', id] as const,
  products: (id: number) => ['funnels', 'products', id] as const,
  domains: ['domains'] as const,
  trackingCodes: (funnelId: number) => ['tracking-codes', funnelId] as const,
};

/** A run around a call, such as a progress counter (useProgressRun's start). */
export type CallRun<T> = (call: () => Promise<T>) => Promise<T>;
const direct = <T>(call: () => Promise<T>) => call();

/** The failure's own message, also when it names a field (these forms show it both ways). */
const serverMessage = (error: ApiError) => error.message;

/* Funnels */

export function useFunnelPage(
  archived: boolean,
  params: { page: number; folderId: number | null; query: string },
) {
  return useQuery({
    queryKey: funnelKeys.list(archived, params),
    placeholderData: keepPreviousData,
    queryFn: () =>
      callPageOrThrow(archived ? funnelsEndpoints.getFunnelsArchive : funnelsEndpoints.listFunnels, {
        query: {
          page: params.page,
          folder_id: params.folderId ?? undefined,
          query: params.query.trim() || undefined,
        },
      }),
  });
}

export function useFunnel(id: number) {
  return useQuery({
    queryKey: funnelKeys.one(id),
    queryFn: () => callOrThrow(funnelsEndpoints.getFunnel, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export type NewFunnel = SentDataOf<typeof funnelsEndpoints.createFunnel>;

export const createFunnel = (data: NewFunnel) =>
  callOrThrow(funnelsEndpoints.createFunnel, { body: { data } });

/** Creates a funnel: "creating a funnel sets onboarding_finished true by a user update". */
export function useCreateFunnel() {
  const finishOnboarding = useFinishOnboardingQuietly();
  return useApiMutation({
    mutationFn: async (data: NewFunnel) => {
      const funnel = await createFunnel(data);
      await finishOnboarding();
      return funnel;
    },
    invalidates: [funnelKeys.all],
    failure: serverMessage,
  });
}

/** Saves the funnel settings form; a taken path (409) is the path field's error. */
export function usePatchFunnel(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (data: PatchFunnelBody['data']) => {
      const funnel = await callOrThrow(funnelsEndpoints.updateFunnel, { params: { id }, body: { data } });
      queryClient.setQueryData(funnelKeys.one(id), funnel);
      return funnel;
    },
    invalidates: [funnelKeys.all],
    success: () => 'Funnel settings saved',
    failure: serverMessage,
  });
}

/** Spec §8: "Pin failure: 'Unable to pin/unpin funnel'; flag unchanged". */
export const PIN_ERROR = 'Unable to pin/unpin funnel';

export function usePinFunnel() {
  return useApiMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) =>
      callOrThrow(funnelsEndpoints.updateFunnelPin, { params: { id }, query: { pinned } }),
    invalidates: [funnelKeys.all],
    failure: () => PIN_ERROR,
  });
}

/** Spec §8 names 'Delete error' for a failed delete. */
export const DELETE_ERROR = 'Delete error';

/** Moves a funnel to the archive (a geo-funnel stops being shown). */
export function useDeleteFunnel() {
  return useApiMutation({
    mutationFn: (funnel: { id: number; name: string }) =>
      callOrThrow(funnelsEndpoints.deleteFunnel, { params: { id: funnel.id } }),
    invalidates: [funnelKeys.all],
    success: (_, funnel) => `“${funnel.name}” was deleted`,
    failure: () => DELETE_ERROR,
  });
}

export function useRestoreFunnel() {
  return useApiMutation({
    mutationFn: (funnel: { id: number; name: string }) =>
      callOrThrow(funnelsEndpoints.updateFunnelRestore, { params: { id: funnel.id } }),
    invalidates: [funnelKeys.all],
    success: (_, funnel) => `“${funnel.name}” was restored`,
  });
}

export type CloneFunnel = SentDataOf<typeof funnelsEndpoints.createCloneFunnel>;

export function useCloneFunnel() {
  return useApiMutation({
    mutationFn: (data: CloneFunnel) => callOrThrow(funnelsEndpoints.createCloneFunnel, { body: { data } }),
    invalidates: [funnelKeys.all],
    failure: serverMessage,
  });
}

/** Renames a geo-funnel or sets its countries; a failure is a warning and nothing is refetched. */
export function useSaveFunnelProps(id: number) {
  return useApiMutation({
    mutationFn: (data: { name?: string; ab_geo?: string[] }) =>
      callOrThrow(funnelsEndpoints.updateFunnelSaveProps, { params: { id }, body: { data } }),
    invalidates: [],
    failure: serverMessage,
    failureAsWarning: true,
  });
}

/* Folders */

export function useFolders() {
  return useQuery({
    queryKey: funnelKeys.folders,
    queryFn: () => callOrThrow(funnelsEndpoints.listFunnelsFolders),
  });
}

/** Creates a folder (no id) or renames one; the popup shows a failure beside the name. */
export function useSaveFolder() {
  return useApiMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null
        ? callOrThrow(funnelsEndpoints.createFunnelsFolder, { body: { data: { name } } })
        : callOrThrow(funnelsEndpoints.updateFunnelsFolder, {
            params: { folderId: id },
            body: { data: { name } },
          }),
    invalidates: [funnelKeys.folders],
    failure: () => null,
  });
}

/** Deletes a folder; its funnels stay, outside any folder. */
export function useDeleteFolder() {
  return useApiMutation({
    mutationFn: (folder: Folder) =>
      callOrThrow(funnelsEndpoints.deleteFunnelsFolder, { params: { folderId: folder.id } }),
    invalidates: [funnelKeys.all],
  });
}

export type MoveToFolder = {
  funnel: { id: number; name: string };
  folderId: number | null;
  /** The target folder's name, for the notice; none says the funnel is in no folder now. */
  folderName?: string;
};

export function useMoveToFolder() {
  return useApiMutation({
    mutationFn: ({ funnel, folderId }: MoveToFolder) =>
      folderId === null
        ? callOrThrow(funnelsEndpoints.updateFunnel, {
            params: { id: funnel.id },
            body: { data: { folder_id: null } },
          })
        : callOrThrow(funnelsEndpoints.updateFunnelsFolderAdd, {
            params: { folderId },
            query: { funnel_id: funnel.id },
          }),
    invalidates: [funnelKeys.all],
    success: (_, { funnel, folderName }) =>
      folderName ? `“${funnel.name}” moved to ${folderName}` : `“${funnel.name}” is in no folder now`,
  });
}

/* Geo-funnels */

export function useSubFunnels(id: number, enabled: boolean) {
  return useQuery({
    queryKey: funnelKeys.subFunnels(id),
    queryFn: () => callOrThrow(geoFunnelsEndpoints.getSubFunnel, { params: { id } }),
    enabled,
  });
}

/** Splits a second-kind funnel into a geo-funnel (or duplicates a geo-funnel), inside `run`. */
export function useSplitFunnel(run: CallRun<Funnel> = direct) {
  return useApiMutation({
    mutationFn: (id: number) =>
      run(() => callOrThrow(geoFunnelsEndpoints.abSplitWfunnel, { params: { id } })),
    invalidates: [funnelKeys.all],
  });
}

/* Sharing */

export function useShareFunnel(id: number) {
  return useApiMutation({
    mutationFn: () => callOrThrow(sharingEndpoints.shareFunnel, { params: { id } }),
    invalidates: [funnelKeys.one(id)],
  });
}

export function useStopSharing(id: number) {
  return useApiMutation({
    mutationFn: () => callOrThrow(sharingEndpoints.unshareFunnel, { params: { id } }),
    invalidates: [funnelKeys.one(id)],
  });
}

/** What a share link offers; its failure is shown in the popup, without a notice or a retry. */
export function useSharedFunnel(funnel: string, code: string) {
  return useQuery({
    queryKey: ['share', funnel, code],
    queryFn: () => call(sharingEndpoints.getSharedFunnel, { query: { funnel, code } }),
  });
}

/**
 * The share popup's choices, not the row's: the row takes a query (`clone-geo-funnels`, `folder_id`, text
 * values), which the call below writes from these, trimming the name and leaving out "no folder".
 */
export type CloneSharedFunnel = {
  funnel: string;
  code: string;
  name?: string;
  cloneGeoFunnels: boolean;
  folderId?: number | null;
};

/** Clones a shared funnel into this account, inside `run`; the popup shows a failure itself. */
export function useCloneSharedFunnel(run: CallRun<ClonedFunnel> = direct) {
  return useApiMutation({
    mutationFn: (clone: CloneSharedFunnel) =>
      run(() =>
        callOrThrow(sharingEndpoints.cloneSharedFunnel, {
          query: {
            funnel: clone.funnel,
            code: clone.code,
            name: clone.name?.trim() || undefined,
            'clone-geo-funnels': clone.cloneGeoFunnels,
            folder_id: clone.folderId ?? undefined,
          },
        }),
      ),
    invalidates: [funnelKeys.all],
    failure: () => null,
  });
}

/* Steps (the two kinds call different paths for the same thing, spec §7.2) */

/** A funnel's steps, in their order. */
export const readSteps = async (kind: FunnelKind, funnelId: number) =>
  [
    ...(await callOrThrow(
      kind === 'wfunnel' ? stepsEndpoints.listWfunnelSteps : stepsEndpoints.listFunnelSteps,
      {
        params: { id: funnelId },
      },
    )),
  ].sort((a, b) => a.order_index - b.order_index);

export function useSteps(kind: FunnelKind, funnelId: number) {
  return useQuery({
    queryKey: funnelKeys.steps(funnelId),
    queryFn: () => readSteps(kind, funnelId),
    enabled: funnelId > 0,
  });
}

/** A new step's fields; the funnel comes from where it is added. */
export type NewStep = Omit<SentDataOf<typeof stepsEndpoints.createFunnelStep>, 'funnel_id'>;

export function createStep(kind: FunnelKind, funnelId: number, step: NewStep) {
  const data = { ...step, funnel_id: funnelId };
  return kind === 'wfunnel'
    ? callOrThrow(stepsEndpoints.createWfunnelStep, { params: { id: funnelId }, body: { data } })
    : callOrThrow(stepsEndpoints.createFunnelStep, { body: { data } });
}

function patchStep(kind: FunnelKind, funnelId: number, stepId: number, data: PatchStepBody['data']) {
  return kind === 'wfunnel'
    ? callOrThrow(stepsEndpoints.updateWfunnelStep, { params: { id: funnelId, stepId }, body: { data } })
    : callOrThrow(stepsEndpoints.updateFunnelStep, { params: { stepId }, body: { data } });
}

/** Spec §8: "status 409 marks the path as taken". */
export const PATH_TAKEN = 'This path is already taken in this funnel';

/** The step URL field's error after a failed step write. */
export const stepPathError = (error: ApiError | null, field = 'data.url') =>
  error?.failure.info.status === 409
    ? field === 'data.url'
      ? PATH_TAKEN
      : undefined
    : (fieldError(error, field) ?? fieldError(error, field.replace('data.', '')));

/** A step write's notice: none for a refused URL, which its field shows. */
const stepFailure = (error: ApiError) =>
  error.failure.info.status === 400 && /^(data\.)?(url2?|path)$/.test(error.failure.info.field ?? '')
    ? null
    : error.message;

export function useCreateStep(kind: FunnelKind, funnelId: number) {
  return useApiMutation({
    mutationFn: (step: NewStep) => createStep(kind, funnelId, step),
    invalidates: [funnelKeys.steps(funnelId)],
    failure: stepFailure,
  });
}

export function usePatchStep(kind: FunnelKind, funnelId: number) {
  return useApiMutation({
    mutationFn: ({ id, data }: { id: number; data: PatchStepBody['data'] }) =>
      patchStep(kind, funnelId, id, data),
    invalidates: [funnelKeys.steps(funnelId)],
    success: () => 'Step settings saved',
    failure: stepFailure,
  });
}

/**
 * "Reorder steps: every step is patched with a new order_index, 1-based." The list shows the new
 * order at once; it is read again afterwards, also when a patch failed.
 */
export function useReorderSteps(kind: FunnelKind, funnelId: number) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (ordered: Step[]) => {
      queryClient.setQueryData<Step[]>(
        funnelKeys.steps(funnelId),
        ordered.map((step, i) => ({ ...step, order_index: i + 1 })),
      );
      const patches = await Promise.allSettled(
        reorderIndexes(ordered).map(({ id, order_index }) => patchStep(kind, funnelId, id, { order_index })),
      );
      const failed = patches.find((patch) => patch.status === 'rejected');
      if (failed) throw failed.reason;
    },
    invalidates: [funnelKeys.steps(funnelId)],
    invalidateAfterFailure: true,
  });
}

/** "delete (success status 204)", inside `run`; the popup shows a failure itself. */
export function useDeleteStep(kind: FunnelKind, funnelId: number, run: CallRun<null> = direct) {
  return useApiMutation({
    mutationFn: (step: Step) =>
      run(() =>
        kind === 'wfunnel'
          ? callOrThrow(stepsEndpoints.deleteWfunnelStep, { params: { id: funnelId, stepId: step.id } })
          : callOrThrow(stepsEndpoints.deleteFunnelStep, { params: { stepId: step.id } }),
      ),
    invalidates: [funnelKeys.steps(funnelId)],
    failure: () => null,
  });
}

/* Products */

export function useFunnelProducts(kind: FunnelKind, funnelId: number) {
  return useQuery({
    queryKey: funnelKeys.products(funnelId),
    queryFn: () =>
      callOrThrow(
        kind === 'wfunnel' ? storeEndpoints.listWfunnelProducts : storeEndpoints.listFunnelProducts,
        {
          params: { id: funnelId },
        },
      ),
    enabled: funnelId > 0,
  });
}

/* Domains */

export function useDomains() {
  return useQuery({ queryKey: funnelKeys.domains, queryFn: () => callOrThrow(domainsEndpoints.listDomains) });
}

/** Adds a domain to verify; the popup shows a failure beside the name. */
export function useCreateDomain() {
  return useApiMutation({
    mutationFn: (name: string) => callOrThrow(domainsEndpoints.createDomain, { body: { data: { name } } }),
    invalidates: [funnelKeys.domains],
    failure: () => null,
  });
}

export function useVerifyDomain() {
  return useApiMutation({
    mutationFn: (domain: Domain) => callOrThrow(domainsEndpoints.verifyDomain, { params: { id: domain.id } }),
    invalidates: [funnelKeys.domains],
  });
}

/* Tracking codes */

/** A funnel's tracking codes (head or body scripts), in their order. */
export function useTrackingCodes(funnelId: number) {
  return useQuery({
    queryKey: funnelKeys.trackingCodes(funnelId),
    queryFn: async () =>
      (await callOrThrow(trackingCodesEndpoints.listTrackingCodes, { query: { funnel_id: funnelId } })).sort(
        (a, b) => a.order_index - b.order_index,
      ),
  });
}

export type NewTrackingCode = Omit<SentDataOf<typeof trackingCodesEndpoints.createTrackingCode>, 'funnel_id'>;

export function useAddTrackingCode(funnelId: number) {
  return useApiMutation({
    mutationFn: (code: NewTrackingCode) =>
      callOrThrow(trackingCodesEndpoints.createTrackingCode, {
        body: { data: { ...code, funnel_id: funnelId } },
      }),
    invalidates: [funnelKeys.trackingCodes(funnelId)],
    failure: serverMessage,
  });
}

export function useDeleteTrackingCode(funnelId: number) {
  return useApiMutation({
    mutationFn: (code: TrackingCode) =>
      callOrThrow(trackingCodesEndpoints.deleteTrackingCode, { params: { id: code.id } }),
    invalidates: [funnelKeys.trackingCodes(funnelId)],
  });
}

/** Saves the codes' new order; the list is read again, also after a failure. */
export function useReorderTrackingCodes(funnelId: number) {
  return useApiMutation({
    mutationFn: (ordered: TrackingCode[]) =>
      callOrThrow(trackingCodesEndpoints.updateTrackingCodesUpdateIndex, {
        body: { data: ordered.map((c, i) => ({ id: c.id, order_index: i + 1 })) },
      }),
    invalidates: [funnelKeys.trackingCodes(funnelId)],
    invalidateAfterFailure: true,
  });
}

/* Publish state */

export type PublishedStep = FunnelAddresses['steps'][number];

/** The server's publish state (GET /api/funnels/:id/publish); under the steps key, so step changes refresh it. */
export function usePublishState(funnelId: number) {
  return useQuery({
    queryKey: [...funnelKeys.steps(funnelId), 'publish'] as const,
    queryFn: () => callOrThrow(runtimeEndpoints.getFunnelAddresses, { params: { id: funnelId } }),
    enabled: Number.isInteger(funnelId) && funnelId > 0,
  });
}

/* A/B variants of a step (issue 36 §3) */

/** What a split write changes: the step's pages, the publish states and the analytics. */
const SPLIT_CHANGED = (funnelId: number) => [funnelKeys.steps(funnelId), ['publishing'], ['analytics']];

/** A duplicate of a page of the step (`source_page_id`), or `template_id`, or neither for a blank page. */
export type NewVariant = SentDataOf<typeof stepsEndpoints.createWfunnelStepPage>;

/** Adds a variant; the step's other running variants share the rest of 100 % (the server's rule). */
export function useAddVariant(funnelId: number, stepId: number) {
  return useApiMutation({
    mutationFn: (variant: NewVariant) =>
      callOrThrow(stepsEndpoints.createWfunnelStepPage, {
        params: { id: funnelId, stepId },
        body: { data: variant },
      }),
    invalidates: SPLIT_CHANGED(funnelId),
    success: (page) => `${page.name} added`,
  });
}

/** The running variants' shares at once (they add up to 100). */
export function useSetShares(funnelId: number, stepId: number) {
  return useApiMutation({
    mutationFn: (shares: Array<{ page_id: number; ab_percent: number }>) =>
      callOrThrow(stepsEndpoints.setWfunnelStepShares, {
        params: { id: funnelId, stepId },
        body: { data: { shares } },
      }),
    invalidates: SPLIT_CHANGED(funnelId),
    success: () => 'Shares saved',
  });
}

const SPLIT_ACTIONS = {
  pause: stepsEndpoints.pauseWfunnelStepPage,
  resume: stepsEndpoints.resumeWfunnelStepPage,
  winner: stepsEndpoints.declareWfunnelStepPageWinner,
};

const SPLIT_ACTION_NOTICES = {
  pause: 'The variant is paused',
  resume: 'The variant runs again at 0 %: give it a share',
  winner: 'The winner gets 100 % of visitors',
} as const;

/** Pause, resume or declare the winner of a variant. */
export function useSplitAction(funnelId: number, stepId: number) {
  return useApiMutation({
    mutationFn: ({ pageId, action }: { pageId: number; action: keyof typeof SPLIT_ACTION_NOTICES }) =>
      callOrThrow(SPLIT_ACTIONS[action], { params: { id: funnelId, stepId, pageId } }),
    invalidates: SPLIT_CHANGED(funnelId),
    success: (_, { action }) => SPLIT_ACTION_NOTICES[action],
    failure: (error) => error.message,
  });
}
