import type { stepsEndpoints } from '@funnelwork/domain/api/steps';
import { queryOptions } from '@tanstack/react-query';
import { addressOf, callOrThrow } from '../../shared/api-client.ts';

/** Which page the editor edits: a page of a step of a funnel (spec §2.4 page-editor route). */
export type PageRef = { funnel: number; step: number; page: number };

/** The page's path parameters in the endpoint table. */
export const pageParams = (ref: PageRef) => ({ id: ref.funnel, stepId: ref.step, pageId: ref.page });

export const pageEditorKeys = {
  page: (ref: PageRef) => ['page-editor', 'page', ref.funnel, ref.step, ref.page] as const,
  step: (ref: PageRef) => ['page-editor', 'step', ref.funnel, ref.step] as const,
};

// By address: the entry starts a cold editor's page with the session (app/route-data.ts), without zod.
const getPage = addressOf<(typeof stepsEndpoints)['getWfunnelStepPage']>(
  'GET',
  '/api/wfunnels/:id/steps/:stepId/pages/:pageId',
);

/** The edited page, read once: the editor's own saves keep the cached copy current. */
export const pageQuery = (ref: PageRef) =>
  queryOptions({
    queryKey: pageEditorKeys.page(ref),
    queryFn: () => callOrThrow(getPage, { params: pageParams(ref) }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
