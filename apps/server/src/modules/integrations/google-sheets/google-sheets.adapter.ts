import {
  GOOGLE_SHEETS_INTEGRATION_ID,
  NOT_AVAILABLE_HERE_TEXT,
} from '@funnelwork/domain/integrations/catalogue';
import {
  appendRowInputSchema,
  GOOGLE_SHEETS_SCOPE,
  listSheetsInputSchema,
} from '@funnelwork/domain/integrations/google-sheets';
import type { IntegrationMethodAnswer } from '@funnelwork/domain/integrations/methods';
import type { GoogleSettings } from '../../../config.ts';
import type { SafeFetchResponse } from '../../../net/safe-fetch.ts';
import { TooManyRequestsError } from '../../../plugins/errors.ts';
import type { Throttle } from '../../../plugins/throttle.ts';
import {
  type Connection,
  type IntegrationAdapter,
  type IntegrationContext,
  IntegrationError,
  integrationMethod,
} from '../integrations.adapter.ts';
import { retryAfterOf, sendWithBackoff } from '../integrations.http.ts';
import {
  createWriteLimiter,
  exchangeCode,
  type GoogleClient,
  refreshTokens,
  revokeToken,
  sheetsErrorMessage,
  type TokenSet,
} from './google-sheets.api.ts';

/**
 * What the OAuth callback hands to `connect`: the authorization code and the PKCE verifier of a state
 * it has just used. Only the callback can make one (a JSON body of POST /connect cannot), so the Sheets
 * connection is made through "Connect with Google" and nowhere else.
 */
export class GoogleAuthorizationGrant {
  constructor(
    readonly code: string,
    readonly codeVerifier: string,
    readonly redirectUri: string,
  ) {}
}

/** An access token this close to its expiry is refreshed before it is used. */
const EXPIRY_MARGIN_MS = 60_000;

/** A1 notation of a whole sheet: its title in single quotes, quotes doubled ('Q1 ''24'). */
export const sheetRange = (title: string) => `'${title.replaceAll("'", "''")}'`;

/**
 * Google Sheets (spec §3: the spreadsheet service): connected with OAuth 2.0 (authorization code with
 * PKCE, google-sheets.routes.ts), then `list-sheets` of a spreadsheet and `append-row` to one of its
 * sheets. Tokens are the connection's sealed secrets; an expired access token (or a 401) is refreshed
 * with the refresh token and stored again. Writes keep to Sheets' 60 per minute per user, and a 429 is
 * retried with exponential back-off and jitter.
 */
export function createGoogleSheetsAdapter({
  settings,
  throttle,
}: {
  settings: GoogleSettings;
  throttle: Throttle;
}): IntegrationAdapter {
  const client: GoogleClient | null =
    settings.clientId && settings.clientSecret
      ? { clientId: settings.clientId, clientSecret: settings.clientSecret, oauthBase: settings.oauthBase }
      : null;
  const limiter = createWriteLimiter({
    perWindow: settings.writesPerMinute,
    windowMs: settings.writeWindowMs,
    maxWaitMs: settings.maxWaitMs,
    throttle,
  });
  const api = settings.sheetsApiBase.replace(/\/+$/, '');

  function clientOrRefuse(): GoogleClient {
    if (!client) throw new IntegrationError('Google Sheets is not configured on this server', 422);
    return client;
  }

  /** Refreshes the access token and stores the new tokens sealed; the connection sees them at once. */
  async function refresh(connection: Connection, context: IntegrationContext): Promise<TokenSet> {
    const refreshToken = connection.secrets.refresh_token;
    if (!refreshToken) throw new IntegrationError('Google Sheets has no refresh token; connect again', 422);
    const tokens = await refreshTokens(context.fetch, clientOrRefuse(), refreshToken);
    await context.replaceSecrets(tokens);
    connection.secrets = { ...tokens };
    return tokens;
  }

  /** Sends with a fresh access token; a 401 refreshes it once and sends again. */
  async function authorized(
    connection: Connection,
    context: IntegrationContext,
    send: (accessToken: string) => Promise<SafeFetchResponse>,
  ): Promise<SafeFetchResponse> {
    let accessToken = connection.secrets.access_token ?? '';
    const expiresAt = Number(connection.secrets.expires_at ?? 0);
    if (!accessToken || expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
      accessToken = (await refresh(connection, context)).access_token;
    }
    const response = await send(accessToken);
    if (response.status !== 401) return response;
    return send((await refresh(connection, context)).access_token);
  }

  /** `authorized`, and on 429 waits (exponential back-off with jitter) and tries again, a bounded number of times. */
  async function withBackoff(
    connection: Connection,
    context: IntegrationContext,
    send: (accessToken: string) => Promise<SafeFetchResponse>,
    beforeEach?: () => Promise<void>,
  ): Promise<SafeFetchResponse> {
    const response = await sendWithBackoff(
      async () => {
        await beforeEach?.();
        return authorized(connection, context, send);
      },
      { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs, maxRetries: settings.maxRetries },
    );
    if (response.status !== 429) return response;
    throw new TooManyRequestsError(
      'Google Sheets is limiting requests of this connection; try again in a minute',
      Math.max(1, Math.ceil(retryAfterOf(response) ?? 60) || 60),
    );
  }

  function refusal(response: SafeFetchResponse, spreadsheetId: string): IntegrationError {
    const message = sheetsErrorMessage(response);
    if (response.status === 404) {
      return new IntegrationError(
        `spreadsheet_id: Google Sheets has no spreadsheet ${spreadsheetId} this Google account can open`,
        404,
        'spreadsheet_id',
      );
    }
    if (response.status === 400)
      return new IntegrationError(`Google Sheets refused the request: ${message}`, 400, 'sheet');
    if (response.status === 403) {
      return new IntegrationError(
        `Google Sheets refused access to spreadsheet ${spreadsheetId}: ${message}`,
        422,
      );
    }
    if (response.status === 401)
      return new IntegrationError('Google refused the stored authorization; connect again', 422);
    return new IntegrationError(`Google Sheets answered ${response.status}: ${message}`, 422);
  }

  const bearer = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    accept: 'application/json',
  });

  return {
    integrationId: GOOGLE_SHEETS_INTEGRATION_ID,
    customConnect: false,
    connectFields: [],
    ...(client ? {} : { notConfigured: NOT_AVAILABLE_HERE_TEXT }),

    async connect({ fields, previous }, context) {
      const grant = fields.grant;
      if (!(grant instanceof GoogleAuthorizationGrant)) {
        throw new IntegrationError(
          'Google Sheets is connected with "Connect with Google" (POST /api/integrations/google-sheets/oauth/start)',
          400,
          'grant',
        );
      }
      const { tokens, scope } = await exchangeCode(context.fetch, clientOrRefuse(), grant);
      // Google's consent screen lets people untick scopes: without this one nothing would work.
      if (!scope.split(' ').includes(GOOGLE_SHEETS_SCOPE)) {
        throw new IntegrationError(
          'Google did not grant access to your spreadsheets; connect again and allow it',
          422,
        );
      }
      const refreshToken = tokens.refresh_token ?? previous?.secrets.refresh_token;
      if (!refreshToken) {
        throw new IntegrationError('Google did not grant offline access; connect again', 422);
      }
      return {
        settings: { scope: GOOGLE_SHEETS_SCOPE },
        secrets: {
          access_token: tokens.access_token,
          expires_at: tokens.expires_at,
          refresh_token: refreshToken,
        },
      };
    },

    async test(connection, context) {
      try {
        await refresh(connection, context);
        return { ok: true, message: 'Google accepted the connection' };
      } catch (error) {
        if (error instanceof IntegrationError) return { ok: false, message: error.message };
        throw error;
      }
    },

    methods: {
      'list-sheets': integrationMethod({
        description: "Lists the sheets (tabs) of a spreadsheet: its id is in the spreadsheet's address.",
        permission: 'member',
        input: listSheetsInputSchema,
        async run(connection, input, context): Promise<IntegrationMethodAnswer<'list-sheets'>> {
          const url = `${api}/v4/spreadsheets/${encodeURIComponent(input.spreadsheet_id)}?fields=sheets.properties`;
          const response = await withBackoff(connection, context, (token) =>
            context.fetch(url, { headers: bearer(token), timeoutMs: 15_000, maxRedirects: 0 }),
          );
          if (response.status !== 200) throw refusal(response, input.spreadsheet_id);
          const answer = JSON.parse(response.body.toString('utf8')) as {
            sheets?: Array<{
              properties?: {
                sheetId?: number;
                title?: string;
                index?: number;
                gridProperties?: { rowCount?: number };
              };
            }>;
          };
          return {
            spreadsheet_id: input.spreadsheet_id,
            sheets: (answer.sheets ?? []).map(({ properties = {} }) => ({
              sheet_id: properties.sheetId ?? 0,
              title: properties.title ?? '',
              index: properties.index ?? 0,
              rows: properties.gridProperties?.rowCount ?? null,
            })),
          };
        },
      }),
      'append-row': integrationMethod({
        description: 'Adds a row after the last row of the table on a sheet (values as typed: USER_ENTERED).',
        permission: 'member',
        input: appendRowInputSchema,
        async run(connection, input, context): Promise<IntegrationMethodAnswer<'append-row'>> {
          const range = sheetRange(input.sheet);
          const url =
            `${api}/v4/spreadsheets/${encodeURIComponent(input.spreadsheet_id)}/values/` +
            `${encodeURIComponent(range)}:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS`;
          const body = JSON.stringify({ range, majorDimension: 'ROWS', values: [input.values] });
          const response = await withBackoff(
            connection,
            context,
            (token) =>
              context.fetch(url, {
                method: 'POST',
                headers: { ...bearer(token), 'content-type': 'application/json' },
                body,
                timeoutMs: 15_000,
                maxRedirects: 0,
              }),
            () => limiter.acquire(connection.id),
          );
          if (response.status !== 200) throw refusal(response, input.spreadsheet_id);
          const answer = JSON.parse(response.body.toString('utf8')) as {
            updates?: { updatedRange?: string; updatedRows?: number; updatedCells?: number };
          };
          return {
            updated_range: answer.updates?.updatedRange ?? '',
            updated_rows: answer.updates?.updatedRows ?? 0,
            updated_cells: answer.updates?.updatedCells ?? 0,
          };
        },
      }),
    },

    async disconnect(connection, context) {
      const token = connection.secrets.refresh_token ?? connection.secrets.access_token;
      if (token && client) await revokeToken(context.fetch, client, token);
    },
  };
}
