import type { ApiClient } from '@funnelwork/domain/api/client';
import { endpoints } from '@funnelwork/domain/api/endpoints';

/**
 * A published funnel holding one step from each built-in template, each at the template's id as its URL
 * (`/{funnel path}/{template id}`): what accessibility-templates.spec.ts walks with axe and bench/lighthouse.ts
 * measures. Answers the funnel and each template with its step.
 */
export async function publishedTemplateFunnel(client: ApiClient, funnel: { name: string; path: string }) {
  const templates = await client.call(endpoints.templates.listTemplates);
  const created = await client.call(endpoints.funnels.createFunnel, {
    body: { data: { ...funnel, funnel_type: 1 } },
  });
  const steps = [];
  for (const template of templates) {
    const step = await client.call(endpoints.steps.createWfunnelStep, {
      params: { id: created.id },
      body: {
        data: {
          name: template.name,
          type: template.step.step_type,
          url: template.template_id,
          template_id: template.template_id,
        },
      },
    });
    steps.push({ template, step });
  }
  await client.call(endpoints.publishing.publishFunnel, { params: { id: created.id } });
  return { funnel: created, steps };
}
