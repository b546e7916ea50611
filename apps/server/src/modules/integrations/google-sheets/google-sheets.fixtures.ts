import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Google APIs the Sheets integration speaks, on 127.0.0.1 and port 0:
 * - the consent screen `GET /o/oauth2/v2/auth` (it consents at once: 302 to redirect_uri with a code,
 *   the code bound to the client, redirect_uri and PKCE challenge);
 * - the token endpoint `POST /token` (authorization_code with the code_verifier checked against the
 *   S256 challenge; refresh_token) and `POST /revoke`, answering Google's JSON and error shapes;
 * - Sheets API v4 `GET /v4/spreadsheets/{id}?fields=sheets.properties` and
 *   `POST /v4/spreadsheets/{id}/values/{range}:append`, checking the bearer token, answering 401 for an
 *   expired one and 429 when told to.
 */
export type FakeGoogleOptions = {
  clientId: string;
  clientSecret: string;
  /** 0 (any free port) unless given; the browser tests use a fixed one. */
  port?: number;
};
type Code = { clientId: string; redirectUri: string; challenge: string; scope: string; used: boolean };
export type AppendCall = {
  spreadsheetId: string;
  range: string;
  query: URLSearchParams;
  body: unknown;
  token: string;
};

const b64url = (bytes = 24) => randomBytes(bytes).toString('base64url');

export async function startFakeGoogle({ clientId, clientSecret, port: wanted = 0 }: FakeGoogleOptions) {
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, { refreshToken: string; expired: boolean }>();
  const refreshTokens = new Set<string>();
  const revoked: string[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const appends: AppendCall[] = [];
  const requests: Array<{ method: string; path: string; status: number; at: number }> = [];
  /** Spreadsheets by id: their sheets' titles. */
  const spreadsheets = new Map<string, string[]>([['sheet-abc_123', ['Orders', "Q1 '24"]]]);
  const state = { throttleNext: 0, grantedScope: null as string | null, retryAfter: null as string | null };

  function send(
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  }
  const googleError = (code: number, status: string, message: string) => ({
    error: { code, message, status },
  });

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = url.pathname;
      const at = Date.now();
      const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
        requests.push({ method: request.method ?? 'GET', path, status, at });
        send(response, status, body, headers);
      };

      if (request.method === 'GET' && path === '/o/oauth2/v2/auth') {
        const q = url.searchParams;
        if (q.get('client_id') !== clientId) return answer(400, { error: 'invalid_client' });
        if (
          q.get('response_type') !== 'code' ||
          q.get('code_challenge_method') !== 'S256' ||
          !q.get('code_challenge')
        ) {
          return answer(400, { error: 'invalid_request' });
        }
        const redirectUri = q.get('redirect_uri') ?? '';
        const code = `4/${b64url()}`;
        codes.set(code, {
          clientId,
          redirectUri,
          challenge: q.get('code_challenge') ?? '',
          scope: state.grantedScope ?? q.get('scope') ?? '',
          used: false,
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        back.searchParams.set('scope', q.get('scope') ?? '');
        requests.push({ method: 'GET', path, status: 302, at });
        response.writeHead(302, { location: back.toString() }).end();
        return;
      }

      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return answer(401, {
            error: 'invalid_client',
            error_description: 'The OAuth client was not found.',
          });
        }
        if (form.get('grant_type') === 'authorization_code') {
          const code = codes.get(form.get('code') ?? '');
          if (!code || code.used)
            return answer(400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
          code.used = true;
          if (code.redirectUri !== form.get('redirect_uri')) {
            return answer(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
          }
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
            return answer(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
          }
          const refreshToken = `1//${b64url()}`;
          const accessToken = `ya29.${b64url()}`;
          refreshTokens.add(refreshToken);
          accessTokens.set(accessToken, { refreshToken, expired: false });
          return answer(200, {
            access_token: accessToken,
            expires_in: 3599,
            refresh_token: refreshToken,
            scope: code.scope,
            token_type: 'Bearer',
          });
        }
        if (form.get('grant_type') === 'refresh_token') {
          const refreshToken = form.get('refresh_token') ?? '';
          if (!refreshTokens.has(refreshToken)) {
            return answer(400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            });
          }
          const accessToken = `ya29.${b64url()}`;
          accessTokens.set(accessToken, { refreshToken, expired: false });
          return answer(200, {
            access_token: accessToken,
            expires_in: 3599,
            scope: '',
            token_type: 'Bearer',
          });
        }
        return answer(400, { error: 'unsupported_grant_type' });
      }

      if (request.method === 'POST' && path === '/revoke') {
        const token = new URLSearchParams(raw).get('token') ?? '';
        revoked.push(token);
        refreshTokens.delete(token);
        for (const [access, info] of accessTokens)
          if (info.refreshToken === token) accessTokens.delete(access);
        return answer(200, {});
      }

      const sheets = /^\/v4\/spreadsheets\/([^/]+?)(?:\/values\/(.+):append)?$/.exec(path);
      if (sheets) {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        const known = accessTokens.get(token);
        if (!known || known.expired) {
          return answer(
            401,
            googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
          );
        }
        const spreadsheetId = decodeURIComponent(sheets[1] ?? '');
        const titles = spreadsheets.get(spreadsheetId);
        if (!titles) return answer(404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
        if (request.method === 'GET' && !sheets[2]) {
          if (url.searchParams.get('fields') !== 'sheets.properties')
            return answer(400, googleError(400, 'INVALID_ARGUMENT', 'fields'));
          return answer(200, {
            sheets: titles.map((title, index) => ({
              properties: {
                sheetId: index * 1000,
                title,
                index,
                sheetType: 'GRID',
                gridProperties: { rowCount: 1000, columnCount: 26 },
              },
            })),
          });
        }
        if (request.method === 'POST' && sheets[2]) {
          if (state.throttleNext > 0) {
            state.throttleNext--;
            return answer(
              429,
              googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Write requests'."),
              state.retryAfter ? { 'retry-after': state.retryAfter } : {},
            );
          }
          const range = decodeURIComponent(sheets[2]);
          const title = /^'((?:[^']|'')*)'$/.exec(range)?.[1]?.replaceAll("''", "'") ?? range;
          if (!titles.includes(title)) {
            return answer(400, googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${range}`));
          }
          if (url.searchParams.get('valueInputOption') !== 'USER_ENTERED') {
            return answer(400, googleError(400, 'INVALID_ARGUMENT', 'valueInputOption'));
          }
          const body = JSON.parse(raw || '{}') as { values?: unknown[][] };
          appends.push({ spreadsheetId, range, query: url.searchParams, body, token });
          const row =
            appends.filter((a) => a.spreadsheetId === spreadsheetId && a.range === range).length + 1;
          const cells = body.values?.[0]?.length ?? 0;
          const lastColumn = String.fromCharCode(64 + Math.max(1, cells));
          return answer(200, {
            spreadsheetId,
            tableRange: `${range}!A1:${lastColumn}${row - 1}`,
            updates: {
              spreadsheetId,
              updatedRange: `${range}!A${row}:${lastColumn}${row}`,
              updatedRows: 1,
              updatedColumns: cells,
              updatedCells: cells,
            },
          });
        }
      }
      answer(404, googleError(404, 'NOT_FOUND', 'Not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    host: `127.0.0.1:${port}`,
    authorizeUrl: `${base}/o/oauth2/v2/auth`,
    codes,
    accessTokens,
    refreshTokens,
    revoked,
    tokenRequests,
    appends,
    requests,
    /** Spreadsheets by id with their sheets' titles: add one to create it. */
    spreadsheets,
    /** The next `n` appends answer 429 (with Retry-After when `retryAfter` is given). */
    throttle(n: number, retryAfter: string | null = null) {
      state.throttleNext = n;
      state.retryAfter = retryAfter;
    },
    /** Every access token given so far answers 401 from now on (as an expired one does). */
    expireAccessTokens() {
      for (const info of accessTokens.values()) info.expired = true;
    },
    /** The scope the next consents grant (a merchant who unticks it), or null for what was asked. */
    grantScope(scope: string | null) {
      state.grantedScope = scope;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

/** The OAuth client the browser tests' server is configured with (e2e/playwright.config.ts). */
export const FAKE_GOOGLE_CLIENT = {
  clientId: 'funnelwork-e2e.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-e2e-secret',
};
