import type { StepTemplateOut } from '@funnelwork/domain';
import { templatesEndpoints } from '@funnelwork/domain/api/templates';
import { nextOrderIndex, stepPathFromName } from '@funnelwork/domain/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { createStep, type FunnelKind, funnelKeys, readSteps } from '../funnels/api.ts';
import { useMe } from '../session/api.ts';

export const templateKeys = {
  all: ['templates'] as const,
  kits: ['templates', 'kits'] as const,
  list: (filter: { stepType: number | null; query: string }) => ['templates', 'list', filter] as const,
};

/** The built-in step templates, of one step type and matching words when given (GET templates). */
export function useStepTemplates(filter: { stepType: number | null; query: string }, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(filter),
    placeholderData: keepPreviousData,
    enabled,
    queryFn: () =>
      callOrThrow(templatesEndpoints.listTemplates, {
        query: { step_type: filter.stepType ?? undefined, query: filter.query.trim() || undefined },
      }),
  });
}

/** The funnel kits, the formats the gallery filters by and the number of templates (GET templates/kits). */
export function useFunnelKits() {
  return useQuery({
    queryKey: templateKeys.kits,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => callOrThrow(templatesEndpoints.listTemplatesKits),
  });
}

/** Creates a funnel with a kit's steps; the name's error shows beside the field. */
export function useCreateKitFunnel() {
  return useApiMutation({
    mutationFn: ({ kitId, name }: { kitId: string; name: string }) =>
      callOrThrow(templatesEndpoints.createTemplatesKitFunnel, {
        params: { id: encodeURIComponent(kitId) },
        body: { data: { name: name.trim() } },
      }),
    invalidates: [funnelKeys.all],
  });
}

/** Likes or unlikes a template, then refreshes every template list (also after a failure). */
export function useToggleLike() {
  return useApiMutation({
    mutationFn: (template: StepTemplateOut) =>
      callOrThrow(template.liked ? templatesEndpoints.deleteTemplateLike : templatesEndpoints.likeTemplate, {
        params: { id: template.id },
      }),
    invalidates: [templateKeys.all],
    invalidateAfterFailure: true,
  });
}

export type TemplateStep = { template: StepTemplateOut; kind: FunnelKind; funnelId: number; name: string };

/** Adds a step made from a template after a funnel's last step; a taken path answers 409. */
export function useAddTemplateStep() {
  const me = useMe();
  return useApiMutation({
    mutationFn: async ({ template, kind, funnelId, name }: TemplateStep) => {
      const count = await readSteps(kind, funnelId).then(
        (steps) => steps.length,
        () => 0,
      );
      const path = stepPathFromName(name);
      return createStep(kind, funnelId, {
        name: name.trim(),
        path,
        url: path,
        type: template.step.step_type,
        user_id: me.id,
        template_id: template.template_id,
        order_index: nextOrderIndex(count),
      });
    },
    invalidates: [funnelKeys.all],
    failure: (error) => error.message,
  });
}
