import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { PREVIEW_CSP } from '../steps/page-preview.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

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
      schema: schemaOf(endpoints.emailTemplates.listUserEmailTemplates),
    },
    async (request) => {
      const list = await templates.list(accountIdOf(request), request.params.userId);
      return { data: list.map(({ html: _h, css: _c, config: _d, ...brief }) => brief) };
    },
  );

  r.post(
    base,
    {
      schema: schemaOf(endpoints.emailTemplates.createUserEmailTemplate),
    },
    async (request, reply) => {
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
      schema: schemaOf(endpoints.emailTemplates.getEmailTemplatesShared),
    },
    async () => ({ data: await templates.shared() }),
  );

  r.post(
    `${base}/from-shared`,
    {
      schema: schemaOf(endpoints.emailTemplates.createUserEmailTemplatesFromShared),
    },
    async (request, reply) => {
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
      schema: schemaOf(endpoints.emailTemplates.getUserEmailTemplate),
    },
    async (request) => ({
      data: await templates.get(accountIdOf(request), request.params.userId, request.params.id),
    }),
  );

  r.get(
    `${base}/:id/preview`,
    {
      schema: schemaOf(endpoints.emailTemplates.getUserEmailTemplatePreview),
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
      schema: schemaOf(endpoints.emailTemplates.updateUserEmailTemplate),
    },
    async (request) => {
      const { userId, id } = request.params;
      const savedBy = sessionOf(request).userId;
      return { data: await templates.patch(accountIdOf(request), userId, id, request.body.data, savedBy) };
    },
  );

  r.get(
    `${base}/:id/versions`,
    {
      schema: schemaOf(endpoints.emailTemplates.listUserEmailTemplateVersions),
    },
    async (request) => {
      const { userId, id } = request.params;
      return { data: await templates.listVersions(accountIdOf(request), userId, id) };
    },
  );

  r.get(
    `${base}/:id/versions/:versionId`,
    {
      schema: schemaOf(endpoints.emailTemplates.getUserEmailTemplateVersion),
    },
    async (request) => {
      const { userId, id, versionId } = request.params;
      return { data: await templates.getVersion(accountIdOf(request), userId, id, versionId) };
    },
  );

  r.post(
    `${base}/:id/versions/:versionId/restore`,
    {
      schema: schemaOf(endpoints.emailTemplates.restoreUserEmailTemplateVersion),
    },
    async (request) => {
      const { userId, id, versionId } = request.params;
      const savedBy = sessionOf(request).userId;
      return { data: await templates.restoreVersion(accountIdOf(request), userId, id, versionId, savedBy) };
    },
  );

  r.delete(
    `${base}/:id`,
    { schema: schemaOf(endpoints.emailTemplates.deleteUserEmailTemplate) },
    async (request) => {
      await templates.remove(accountIdOf(request), request.params.userId, request.params.id);
      return { data: { success: true as const } };
    },
  );

  r.post(
    '/email-templates/send-test',
    {
      schema: schemaOf(endpoints.emailTemplates.createEmailTemplatesSendTest),
    },
    async (request) => {
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
      schema: { ...schemaOf(endpoints.emailTemplates.getPreviewUserTemplate), hide: true },
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
