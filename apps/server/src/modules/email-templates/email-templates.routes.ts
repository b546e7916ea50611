import {
  createEmailTemplateBodySchema,
  dataAnswer,
  emailTemplateBriefSchema,
  emailTemplateIdAnswerSchema,
  emailTemplateSchema,
  okAnswerSchema,
  patchEmailTemplateBodySchema,
  userEmailTemplateItemParamsSchema,
  userEmailTemplateParamsSchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

const tags = ['e-mail templates'];
const base = '/users/:userId/email-templates';

/** "email templates for users": listing, reading and saving; writes need the automations permission. */
export function emailTemplatesRoutes(
  app: FastifyInstance,
  { templates }: { templates: EmailTemplatesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    base,
    {
      schema: {
        tags,
        description: "A member's e-mail templates in the selected account (without their documents).",
        params: userEmailTemplateParamsSchema,
        response: { 200: dataAnswer(z.array(emailTemplateBriefSchema)) },
      },
    },
    async (request) => {
      const list = await templates.list(accountIdOf(request), request.params.userId);
      return { data: list.map(({ html: _h, css: _c, config: _d, ...brief }) => brief) };
    },
  );

  r.post(
    base,
    {
      schema: {
        tags,
        description:
          'Create user email template: payload userId and data (name, html, id, css, tags, config); reads id.',
        params: userEmailTemplateParamsSchema,
        body: createEmailTemplateBodySchema,
        response: { 201: emailTemplateIdAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'automations');
      const created = await templates.create(accountIdOf(request), request.params.userId, request.body.data);
      return reply.status(201).send({ data: created });
    },
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: userEmailTemplateItemParamsSchema,
        response: { 200: dataAnswer(emailTemplateSchema) },
      },
    },
    async (request) => ({
      data: await templates.get(accountIdOf(request), request.params.userId, request.params.id),
    }),
  );

  r.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: userEmailTemplateItemParamsSchema,
        body: patchEmailTemplateBodySchema,
        response: { 200: dataAnswer(emailTemplateSchema) },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      const { userId, id } = request.params;
      return { data: await templates.patch(accountIdOf(request), userId, id, request.body.data) };
    },
  );

  r.delete(
    `${base}/:id`,
    { schema: { tags, params: userEmailTemplateItemParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'automations');
      await templates.remove(accountIdOf(request), request.params.userId, request.params.id);
      return { data: { success: true as const } };
    },
  );
}
