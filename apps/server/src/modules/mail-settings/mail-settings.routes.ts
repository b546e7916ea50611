import { mailSettingsAnswerSchema, updateMailSettingsBodySchema } from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { MailSettingsService } from './mail-settings.service.ts';

const tags = ['mail settings'];

/** The account's sender name and address, reply-to and DKIM; changing them is an admin's. */
export function mailSettingsRoutes(app: FastifyInstance, { settings }: { settings: MailSettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/mail-settings',
    { schema: { tags, response: { 200: mailSettingsAnswerSchema } } },
    async (request) => ({
      data: await settings.get(accountIdOf(request)),
    }),
  );
  r.put(
    '/mail-settings',
    { schema: { tags, body: updateMailSettingsBodySchema, response: { 200: mailSettingsAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await settings.update(accountIdOf(request), request.body.data) };
    },
  );
}
