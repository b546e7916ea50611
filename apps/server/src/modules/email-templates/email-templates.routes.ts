import {
  createEmailTemplateBodySchema,
  dataAnswer,
  emailTemplateBriefSchema,
  emailTemplateIdAnswerSchema,
  emailTemplateOrderPreviewQuerySchema,
  emailTemplateOrderPreviewSchema,
  emailTemplatePreviewParamsSchema,
  emailTemplatePreviewQuerySchema,
  emailTemplateSchema,
  emailTemplateVersionAnswerSchema,
  emailTemplateVersionListAnswerSchema,
  emailTemplateVersionParamsSchema,
  okAnswerSchema,
  patchEmailTemplateBodySchema,
  sendTestEmailBodySchema,
  sharedEmailTemplateSchema,
  startFromSharedBodySchema,
  userEmailTemplateItemParamsSchema,
  userEmailTemplateParamsSchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import { PREVIEW_CSP } from '../steps/page-preview.ts';
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
      const created = await templates.create(
        accountIdOf(request),
        request.params.userId,
        request.body.data,
        sessionOf(request).userId,
      );
      return reply.status(201).send({ data: created });
    },
  );

  r.get(
    '/email-templates/shared',
    {
      schema: {
        tags,
        description:
          'The shared e-mail templates (issue 20): designs every account can start a template from, with their documents.',
        response: { 200: dataAnswer(z.array(sharedEmailTemplateSchema)) },
      },
    },
    async () => ({ data: await templates.shared() }),
  );

  r.post(
    `${base}/from-shared`,
    {
      schema: {
        tags,
        description:
          "Start from a shared template: creates the user's template as a copy of the shared design; reads id.",
        params: userEmailTemplateParamsSchema,
        body: startFromSharedBodySchema,
        response: { 201: emailTemplateIdAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'automations');
      const { shared_id: sharedId, name } = request.body.data;
      const created = await templates.startFromShared(
        accountIdOf(request),
        request.params.userId,
        { sharedId, ...(name !== undefined && { name }) },
        sessionOf(request).userId,
      );
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

  r.get(
    `${base}/:id/preview`,
    {
      schema: {
        tags,
        description:
          "The e-mail editor's preview filled from a real order of the account (issue 20): the saved template personalised with the order's merge values (customer, order and product fields), HTML-escaped, with its HTML and text parts. Another account's order answers 404.",
        params: userEmailTemplateItemParamsSchema,
        querystring: emailTemplateOrderPreviewQuerySchema,
        response: { 200: dataAnswer(emailTemplateOrderPreviewSchema) },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      return {
        data: await templates.previewWithOrder(accountIdOf(request), userId, id, request.query.order_id),
      };
    },
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
      const savedBy = sessionOf(request).userId;
      return { data: await templates.patch(accountIdOf(request), userId, id, request.body.data, savedBy) };
    },
  );

  r.get(
    `${base}/:id/versions`,
    {
      schema: {
        tags,
        description:
          "The template's saves, newest first (issue 36 §2): who saved each and when; the newest 50 are kept.",
        params: userEmailTemplateItemParamsSchema,
        response: { 200: emailTemplateVersionListAnswerSchema },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      return { data: await templates.listVersions(accountIdOf(request), userId, id) };
    },
  );

  r.get(
    `${base}/:id/versions/:versionId`,
    {
      schema: {
        tags,
        description: 'One save of the template: its design and the blocks changed since, by block id.',
        params: emailTemplateVersionParamsSchema,
        response: { 200: emailTemplateVersionAnswerSchema },
      },
    },
    async (request) => {
      const { userId, id, versionId } = request.params;
      return { data: await templates.getVersion(accountIdOf(request), userId, id, versionId) };
    },
  );

  r.post(
    `${base}/:id/versions/:versionId/restore`,
    {
      schema: {
        tags,
        description:
          'Restore a save: its design is saved again as the template (a new version), what automations send next.',
        params: emailTemplateVersionParamsSchema,
        response: { 200: dataAnswer(emailTemplateSchema) },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      const { userId, id, versionId } = request.params;
      const savedBy = sessionOf(request).userId;
      return { data: await templates.restoreVersion(accountIdOf(request), userId, id, versionId, savedBy) };
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

  r.post(
    '/email-templates/send-test',
    {
      schema: {
        tags,
        description:
          "Send test email (the spec's operation code 1016): payload recipient and email_template_id; reads success. The template is personalised with the signed-in member's name and sent with its HTML and text parts.",
        body: sendTestEmailBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      await templates.sendTest(accountIdOf(request), sessionOf(request).userId, {
        recipient: request.body.data.recipient,
        templateId: request.body.data.email_template_id,
      });
      return { data: { success: true as const } };
    },
  );
}

/**
 * "Email preview link: /preview-user-template/{templateId} with query parameters uid and key": the
 * link's own document, without a session, on the dashboard's origin; its CSP sandboxes the merchant's
 * HTML (an opaque origin without scripts), as the page preview does.
 */
export function emailTemplatePreviewRoute(
  app: FastifyInstance,
  { templates }: { templates: EmailTemplatesService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/preview-user-template/:templateId',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: emailTemplatePreviewParamsSchema,
        querystring: emailTemplatePreviewQuerySchema,
      },
    },
    async (request, reply) => {
      const { uid, key } = request.query;
      const html = await templates.preview(request.params.templateId, uid, key);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_CSP)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    },
  );
}
