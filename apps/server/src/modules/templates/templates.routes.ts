import {
  createKitFunnelBodySchema,
  dataAnswer,
  funnelAnswerSchema,
  funnelKitsAnswerSchema,
  kitParamsSchema,
  pageTemplateSchema,
  stepTemplateDetailSchema,
  stepTemplateSchema,
  templateLikeAnswerSchema,
  templateParamsSchema,
  templatesQuerySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
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
  const tags = ['templates'];

  r.get(
    '/templates',
    {
      schema: {
        tags,
        description: 'The built-in step templates, optionally of one step type or matching words.',
        querystring: templatesQuerySchema,
        response: { 200: dataAnswer(z.array(stepTemplateSchema)) },
      },
    },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.list(sessionOf(request).userId, request.query) };
    },
  );

  r.get(
    '/templates/kits',
    {
      schema: {
        tags,
        description: 'The funnel kits the gallery groups templates in, with the steps of each kit.',
        response: { 200: funnelKitsAnswerSchema },
      },
    },
    async (request) => {
      accountIdOf(request);
      return { data: templates.kits() };
    },
  );

  r.post(
    '/templates/kits/:id/funnels',
    {
      schema: {
        tags,
        description: "Creates a funnel with the kit's steps, each from its template.",
        params: kitParamsSchema,
        body: createKitFunnelBodySchema,
        response: { 201: funnelAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
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
      schema: { tags, params: templateParamsSchema, response: { 200: dataAnswer(stepTemplateDetailSchema) } },
    },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.get(sessionOf(request).userId, request.params.id) };
    },
  );

  r.post(
    '/templates/:id/like',
    { schema: { tags, params: templateParamsSchema, response: { 200: templateLikeAnswerSchema } } },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.setLike(sessionOf(request).userId, request.params.id, true) };
    },
  );

  r.delete(
    '/templates/:id/like',
    { schema: { tags, params: templateParamsSchema, response: { 200: templateLikeAnswerSchema } } },
    async (request) => {
      accountIdOf(request);
      return { data: await templates.setLike(sessionOf(request).userId, request.params.id, false) };
    },
  );

  r.get(
    '/page-templates',
    { schema: { tags, response: { 200: dataAnswer(z.array(pageTemplateSchema)) } } },
    async (request) => {
      accountIdOf(request);
      return { data: templates.pageTemplates() };
    },
  );

  r.get(
    '/users/page-templates',
    { schema: { tags, response: { 200: dataAnswer(z.array(pageTemplateSchema)) } } },
    async (request) => ({ data: await templates.userPageTemplates(accountIdOf(request)) }),
  );
}
