import { endpoints } from '@funnelwork/domain/api/endpoints';
import { GOOGLE_SHEETS_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { GoogleConnect } from '../integrations/google-sheets/google-sheets.routes.ts';
import type { AppsService } from './apps.service.ts';

/**
 * Apps (spec §7.4 "Apps"): the catalogue, how-tos, the account's switch, the apps' methods per funnel
 * and the OAuth connect of an app's integration that completes at /apps/{id}/connect-redirect. Reading
 * is open to every member; "Funnel apps and settings … are locked without funnels permission", so every
 * write here needs the funnels flag, and connecting an integration needs admin, as under Integrations.
 */
export function appsRoutes(
  app: FastifyInstance,
  { apps, google, publicUrl }: { apps: AppsService; google: GoogleConnect; publicUrl: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = publicUrl.replace(/\/+$/, '');
  /** The dashboard route the OAuth service sends the browser back to. */
  const redirectUriOf = (slug: string) => `${origin}/apps/${slug}/connect-redirect`;

  r.get('/apps', { schema: schemaOf(endpoints.apps.listApps) }, async (request) => ({
    data: await apps.catalogue(accountIdOf(request)),
  }));

  r.get(
    '/apps/:id',
    {
      // {id} is the catalogue's app (id or slug), the same for every account.
      config: { catalogueParams: ['id'] },
      schema: schemaOf(endpoints.apps.getApp),
    },
    async (request) => ({ data: await apps.get(accountIdOf(request), request.params.id) }),
  );

  r.get(
    '/app-howtos/:id',
    {
      // {id} is the catalogue's app (id or slug), the same for every account.
      config: { catalogueParams: ['id'] },
      schema: schemaOf(endpoints.apps.getAppHowto),
    },
    async (request) => ({ data: apps.howto(request.params.id) }),
  );

  r.patch(
    '/user-apps/:id',
    {
      // {id} is the catalogue's app (id or slug), the same for every account.
      config: { catalogueParams: ['id'] },
      schema: schemaOf(endpoints.apps.updateUserApp),
    },
    async (request) => {
      return {
        data: await apps.setActive(accountIdOf(request), request.params.id, request.body.data.active),
      };
    },
  );

  r.post(
    '/apps/:id/call-method',
    {
      // {id} is the catalogue's app (id or slug), the same for every account.
      config: { catalogueParams: ['id'] },
      schema: schemaOf(endpoints.apps.callMethodApp),
    },
    async (request) => {
      const { method, funnelId } = request.query;
      return { data: await apps.callMethod(accountIdOf(request), request.params.id, method, funnelId) };
    },
  );

  /** The app's integration when it connects with OAuth here, else 422. */
  function oauthApp(key: string) {
    const info = apps.appOf(key);
    if (info.integrationId !== GOOGLE_SHEETS_INTEGRATION_ID) {
      throw new HttpError(422, `${info.name} connects under Integrations`, 'integration_error');
    }
    return info;
  }

  r.post(
    '/apps/:id/connect',
    {
      // {id} is the catalogue's app (id or slug), the same for every account.
      config: { catalogueParams: ['id'] },
      schema: schemaOf(endpoints.apps.connectApp),
    },
    async (request) => {
      const info = oauthApp(request.params.id);
      const data = await google.start(
        { accountId: accountIdOf(request), memberId: request.membership?.id },
        redirectUriOf(info.slug),
      );
      return { data };
    },
  );

  r.post(
    '/apps/:id/connect-redirect',
    {
      // {id} is the catalogue's app (id or slug), the same for every account.
      config: { catalogueParams: ['id'] },
      schema: schemaOf(endpoints.apps.connectRedirectApp),
    },
    async (request) => {
      const info = oauthApp(request.params.id);
      const { state, code, error } = request.body.data;
      const outcome = await google.complete(
        { state, code, error, accountId: accountIdOf(request) },
        redirectUriOf(info.slug),
      );
      if ('denied' in outcome) {
        throw new HttpError(422, `Google did not connect: ${outcome.denied}`, 'integration_error');
      }
      if ('refused' in outcome) throw new HttpError(422, outcome.refused, 'integration_error');
      return { data: { connected: true, integration_id: GOOGLE_SHEETS_INTEGRATION_ID } };
    },
  );
}
