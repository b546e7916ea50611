import type { FunnelsService } from '../funnels/funnels.service.ts';
import type { StepsService } from '../steps/steps.service.ts';
import type { TemplatesService } from './templates.service.ts';

type Deps = { templates: TemplatesService; funnels: FunnelsService; steps: StepsService };

/**
 * A new funnel from a funnel kit: the funnel, then each of the kit's steps from its template, in order.
 * A step that fails deletes the half-made funnel again, so the funnel list never shows one.
 */
export function createKitFunnels({ templates, funnels, steps }: Deps) {
  return {
    async create(accountId: number, userId: number, kitId: string, name: string) {
      const kitSteps = templates.kitSteps(kitId);
      const funnel = await funnels.create(accountId, { name, funnel_type: 1 });
      try {
        for (const step of kitSteps) {
          await steps.create(accountId, userId, funnel.id, {
            name: step.name,
            type: step.stepType,
            template_id: step.templateId,
          });
        }
      } catch (error) {
        await funnels.remove(accountId, funnel.id);
        throw error;
      }
      return funnels.get(accountId, funnel.id);
    },
  };
}

export type KitFunnels = ReturnType<typeof createKitFunnels>;
