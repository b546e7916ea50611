import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { MailSettingsService } from './mail-settings.service.ts';

/** The account's sender name and address, reply-to and DKIM; changing them is an admin's. */
export function mailSettingsRoutes(app: FastifyInstance, { settings }: { settings: MailSettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/mail-settings', { schema: schemaOf(endpoints.mailSettings.listMailSettings) }, async (request) => ({
    data: await settings.get(accountIdOf(request)),
  }));
  r.put(
    '/mail-settings',
    { schema: schemaOf(endpoints.mailSettings.updateMailSettings) },
    async (request) => {
      return { data: await settings.update(accountIdOf(request), request.body.data) };
    },
  );
}
