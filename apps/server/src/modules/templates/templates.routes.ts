import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { KitFunnels } from './kit-funnels.ts';
import type { TemplatesService } from './templates.service.ts';

/**
 * The built-in template gallery (spec §7.2: "templates (list, steps, like) … page-templates and
 * users/page-templates"). Reading and liking need only a signed-in member with a selected account.
 */
export function templatesRoutes(
  app: FastifyInstance,
  { templates, kitFunnels }: { templates: TemplatesService; kitFunnels: KitFunnels },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/templates',
    {
      schema: schemaOf(endpoints.templates.listTemplates),
    },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.list(sessionOf(request).userId, request.query) };
    },
  );

  r.get(
    '/templates/kits',
    {
      schema: schemaOf(endpoints.templates.listTemplatesKits),
    },
    async (request) => {
      accountIdOf(request);
      return { data: templates.kits() };
    },
  );

  r.post(
    '/templates/kits/:id/funnels',
    {
      schema: schemaOf(endpoints.templates.createTemplatesKitFunnel),
    },
    async (request, reply) => {
      const funnel = await kitFunnels.create(
        accountIdOf(request),
        sessionOf(request).userId,
        request.params.id,
        request.body.data.name,
      );
      return reply.status(201).send({ data: funnel });
    },
  );

  r.get(
    '/templates/:id',
    {
      schema: schemaOf(endpoints.templates.getTemplate),
    },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.get(sessionOf(request).userId, request.params.id) };
    },
  );

  r.post('/templates/:id/like', { schema: schemaOf(endpoints.templates.likeTemplate) }, async (request) => {
    accountIdOf(request);
    return { data: await templates.setLike(sessionOf(request).userId, request.params.id, true) };
  });

  r.delete(
    '/templates/:id/like',
    { schema: schemaOf(endpoints.templates.deleteTemplateLike) },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.setLike(sessionOf(request).userId, request.params.id, false) };
    },
  );

  r.get('/page-templates', { schema: schemaOf(endpoints.templates.listPageTemplates) }, async (request) => {
    accountIdOf(request);
    return { data: templates.pageTemplates() };
  });

  r.get(
    '/users/page-templates',
    { schema: schemaOf(endpoints.templates.listUsersPageTemplates) },
    async (request) => ({ data: await templates.userPageTemplates(accountIdOf(request)) }),
  );
}
