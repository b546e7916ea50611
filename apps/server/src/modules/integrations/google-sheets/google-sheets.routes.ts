import { endpoints } from '@funnelwork/domain/api/endpoints';
import { GOOGLE_SHEETS_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import {
  GOOGLE_OAUTH_CALLBACK_PATH,
  GOOGLE_OAUTH_START_PATH,
  GOOGLE_SHEETS_SCOPE,
  GOOGLE_SHEETS_SCREEN_PATH,
} from '@funnelwork/domain/integrations/google-sheets';
import { hasPermission } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { GoogleSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { members } from '../../../db/schema/index.ts';
import { accountIdOf } from '../../../plugins/auth.ts';
import { schemaOf } from '../../../plugins/endpoints.ts';
import { forbidden, HttpError } from '../../../plugins/errors.ts';
import type { IntegrationsService } from '../integrations.service.ts';
import { GoogleAuthorizationGrant } from './google-sheets.adapter.ts';
import { createOAuthStates } from './google-sheets.oauth.ts';

/**
 * "Connect with Google" (OAuth 2.0 authorization code with PKCE, S256) as two steps any screen can use:
 * `start` answers Google's consent URL for a redirect address with a signed, single-use state bound to
 * the account and member; `complete` uses the state once, checks the member is still an administrator,
 * exchanges the code with the verifier (the same redirect address) and stores the tokens sealed.
 * The integration's own callback and the apps' `/apps/{id}/connect-redirect` both use it.
 */
export function createGoogleConnect({
  db,
  integrations,
  settings,
  serverSecret,
}: {
  db: Db;
  integrations: IntegrationsService;
  settings: GoogleSettings;
  serverSecret: Buffer;
}) {
  const states = createOAuthStates({ db, serverSecret, ttlMs: settings.stateTtlMs });
  return {
    async start(owner: { accountId: number; memberId: number | undefined }, redirectUri: string) {
      integrations.adapterFor(GOOGLE_SHEETS_INTEGRATION_ID);
      if (!owner.memberId || !settings.clientId) throw forbidden();
      const { state, codeChallenge, expiresAt } = await states.start({
        accountId: owner.accountId,
        memberId: owner.memberId,
        integrationId: GOOGLE_SHEETS_INTEGRATION_ID,
      });
      const url = new URL(settings.authorizeUrl);
      for (const [key, value] of Object.entries({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SHEETS_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      })) {
        url.searchParams.set(key, value);
      }
      return { authorize_url: url.toString(), expires_at: expiresAt.toISOString() };
    },

    /**
     * Uses the state once (400 when forged, used, expired or, with `accountId`, another account's);
     * answers `denied` with Google's error, `refused` when Google refused the code (a wrong verifier,
     * an old code), else connects.
     */
    async complete(
      input: { state: string; code?: string; error?: string; accountId?: number },
      redirectUri: string,
    ): Promise<{ denied: string } | { refused: string } | { connected: true }> {
      const owner = await states.consume(input.state, GOOGLE_SHEETS_INTEGRATION_ID);
      if (input.accountId !== undefined && owner.accountId !== input.accountId) {
        throw new HttpError(400, 'state: is not valid', 'validation_error', 'state');
      }
      if (input.error) return { denied: input.error };
      if (!input.code) throw new HttpError(400, 'code is required', 'validation_error', 'code');
      // Who started it must still be an administrator of the account.
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.id, owner.memberId), eq(members.accountId, owner.accountId)));
      if (!member || !hasPermission({ permissions: JSON.stringify(member.permissions) }, 'admin')) {
        throw forbidden();
      }
      try {
        await integrations.connect(owner.accountId, {
          integrationId: GOOGLE_SHEETS_INTEGRATION_ID,
          fields: { grant: new GoogleAuthorizationGrant(input.code, owner.codeVerifier, redirectUri) },
          apiBase: null,
        });
      } catch (failure) {
        if (failure instanceof HttpError && failure.status < 500) return { refused: failure.message };
        throw failure;
      }
      return { connected: true };
    },
  };
}
export type GoogleConnect = ReturnType<typeof createGoogleConnect>;

/**
 * "Connect with Google" for Google Sheets: OAuth 2.0 authorization code with PKCE (S256). `start`
 * (admins) answers Google's consent URL with a signed, single-use state bound to the account and
 * member; Google sends the browser back to `callback` (public: the browser carries no bearer token, the
 * state names who started it), which exchanges the code with the verifier, stores the tokens sealed
 * and sends the browser to the integration's screen.
 */
export function googleSheetsRoutes(
  app: FastifyInstance,
  {
    db,
    integrations,
    settings,
    serverSecret,
    publicUrl,
  }: {
    db: Db;
    integrations: IntegrationsService;
    settings: GoogleSettings;
    serverSecret: Buffer;
    publicUrl: string;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const google = createGoogleConnect({ db, integrations, settings, serverSecret });
  const origin = publicUrl.replace(/\/+$/, '');
  const redirectUri = `${origin}/api/${GOOGLE_OAUTH_CALLBACK_PATH}`;
  const screen = (query: Record<string, string>) =>
    `${origin}${GOOGLE_SHEETS_SCREEN_PATH}?${new URLSearchParams(query).toString()}`;

  r.post(
    `/${GOOGLE_OAUTH_START_PATH}`,
    {
      schema: schemaOf(endpoints.integrations.createIntegrationsGoogleSheetsOauthStart),
    },
    async (request) => {
      const data = await google.start(
        { accountId: accountIdOf(request), memberId: request.membership?.id },
        redirectUri,
      );
      return { data };
    },
  );

  r.get(
    `/${GOOGLE_OAUTH_CALLBACK_PATH}`,
    {
      schema: schemaOf(endpoints.integrations.getIntegrationsGoogleSheetsOauthCallback),
    },
    async (request, reply) => {
      const { state, code, error } = request.query;
      if (!state) throw new HttpError(400, 'state is required', 'validation_error', 'state');
      const outcome = await google.complete({ state, code, error }, redirectUri);
      if ('denied' in outcome) {
        return reply.redirect(screen({ error: `Google did not connect: ${outcome.denied}` }), 303);
      }
      // Google refused the code: back to the screen, which says so.
      if ('refused' in outcome) return reply.redirect(screen({ error: outcome.refused }), 303);
      return reply.redirect(screen({ connected: '1' }), 303);
    },
  );
}
