import type { StepTemplateOut } from '@funnelwork/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOrThrow } from '../../shared/api-client.ts';

export const templateKeys = {
  all: ['templates'] as const,
  list: (filter: { stepType: number | null; query: string }) => ['templates', 'list', filter] as const,
};

/** The built-in step templates, of one step type and matching words when given (GET templates). */
export function useStepTemplates(filter: { stepType: number | null; query: string }, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(filter),
    placeholderData: keepPreviousData,
    enabled,
    queryFn: () =>
      apiOrThrow<StepTemplateOut[]>('GET', 'templates', {
        query: { step_type: filter.stepType ?? undefined, query: filter.query.trim() || undefined },
      }),
  });
}

/** Likes or unlikes a template, then refreshes every template list. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return async (template: StepTemplateOut) => {
    const result = await api<{ id: string; likes: number; liked: boolean }>(
      template.liked ? 'DELETE' : 'POST',
      `templates/${encodeURIComponent(template.id)}/like`,
    );
    await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    return result;
  };
}
