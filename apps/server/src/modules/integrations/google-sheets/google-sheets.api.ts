import { setTimeout as sleep } from 'node:timers/promises';
import type { SafeFetch, SafeFetchResponse } from '../../../net/safe-fetch.ts';
import { TooManyRequestsError } from '../../../plugins/errors.ts';
import type { Limit, Throttle } from '../../../plugins/throttle.ts';
import { IntegrationError } from '../integrations.adapter.ts';

/**
 * Google's HTTP APIs as the Sheets integration uses them: the OAuth 2.0 token endpoint (authorization
 * code with PKCE, refresh, revoke) and Sheets API v4 (`spreadsheets.get`, `spreadsheets.values.append`).
 * Every request goes through the SSRF guard (`SafeFetch`); the bases are settings so tests can point
 * them at a local fake.
 */
export type GoogleClient = { clientId: string; clientSecret: string; oauthBase: string };

export type TokenSet = {
  access_token: string;
  /** Unix milliseconds, as text (secrets are strings). */
  expires_at: string;
  refresh_token: string;
};

type TokenAnswer = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  token_type?: string;
  error?: string;
  error_description?: string;
};

const TIMEOUT_MS = 15_000;
const trim = (base: string) => base.replace(/\/+$/, '');

function json<T>(response: SafeFetchResponse): T | null {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    return null;
  }
}

async function tokenRequest(fetch: SafeFetch, client: GoogleClient, form: Record<string, string>) {
  const response = await fetch(`${trim(client.oauthBase)}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...form,
    }).toString(),
    timeoutMs: TIMEOUT_MS,
    maxRedirects: 0,
  });
  const answer = json<TokenAnswer>(response) ?? {};
  if (response.status !== 200 || !answer.access_token) {
    const reason = answer.error_description ?? answer.error ?? `status ${response.status}`;
    throw new IntegrationError(`Google refused the authorization: ${reason}`, 422);
  }
  return answer;
}

const expiresAt = (answer: TokenAnswer) =>
  String(Date.now() + Math.max(0, Number(answer.expires_in ?? 3600)) * 1000);

/** Exchanges the authorization code with its PKCE verifier; answers the tokens and the granted scope. */
export async function exchangeCode(
  fetch: SafeFetch,
  client: GoogleClient,
  grant: { code: string; codeVerifier: string; redirectUri: string },
): Promise<{ tokens: Omit<TokenSet, 'refresh_token'> & { refresh_token?: string }; scope: string }> {
  const answer = await tokenRequest(fetch, client, {
    grant_type: 'authorization_code',
    code: grant.code,
    code_verifier: grant.codeVerifier,
    redirect_uri: grant.redirectUri,
  });
  return {
    tokens: {
      access_token: answer.access_token as string,
      expires_at: expiresAt(answer),
      ...(answer.refresh_token ? { refresh_token: answer.refresh_token } : {}),
    },
    scope: answer.scope ?? '',
  };
}

/** A new access token for the refresh token (Google keeps the refresh token unless it answers a new one). */
export async function refreshTokens(
  fetch: SafeFetch,
  client: GoogleClient,
  refreshToken: string,
): Promise<TokenSet> {
  const answer = await tokenRequest(fetch, client, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
  return {
    access_token: answer.access_token as string,
    expires_at: expiresAt(answer),
    refresh_token: answer.refresh_token ?? refreshToken,
  };
}

/** Revokes the grant (the refresh token and its access tokens). */
export async function revokeToken(fetch: SafeFetch, client: GoogleClient, token: string): Promise<void> {
  await fetch(`${trim(client.oauthBase)}/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    timeoutMs: TIMEOUT_MS,
    maxRedirects: 0,
  });
}

/** Shared with the other adapters (integrations.http.ts); exported here too for the Sheets tests. */
export { backoffDelayMs } from '../integrations.http.ts';

/**
 * Sheets allows 60 write requests per minute per user: each connection gets that many writes in any
 * window of `windowMs`, counted in the database (plugins/throttle.ts) so that every server process
 * shares them. A write beyond it waits for a slot, or is refused (429 with Retry-After) when the wait
 * would be longer than `maxWaitMs`.
 */
export function createWriteLimiter({
  perWindow,
  windowMs,
  maxWaitMs,
  throttle,
  wait: pause = sleep,
}: {
  perWindow: number;
  windowMs: number;
  maxWaitMs: number;
  throttle: Pick<Throttle, 'takeMs'>;
  /** Tests pass a pause of their own (with the throttle's clock), so the window is checked without real time. */
  wait?: (ms: number) => Promise<unknown>;
}) {
  const limits: Limit[] = [{ per: ['subject'], max: perWindow, windowMs }];
  return {
    async acquire(connectionId: number): Promise<void> {
      for (;;) {
        const attempt = { scope: 'google-sheets-write', subject: String(connectionId), ip: '' };
        const wait = await throttle.takeMs(attempt, limits);
        if (wait === 0) return;
        if (wait > maxWaitMs) {
          const seconds = Math.max(1, Math.ceil(wait / 1000));
          throw new TooManyRequestsError(
            `Google Sheets takes at most ${perWindow} rows a minute per connection; try again in ${seconds} s`,
            seconds,
          );
        }
        await pause(wait);
      }
    },
  };
}
export type WriteLimiter = ReturnType<typeof createWriteLimiter>;

/** Sheets' error body: `{"error": {"code": 404, "message": "…", "status": "NOT_FOUND"}}`. */
export function sheetsErrorMessage(response: SafeFetchResponse): string {
  const answer = json<{ error?: { message?: string; status?: string } }>(response);
  return answer?.error?.message ?? answer?.error?.status ?? `status ${response.status}`;
}
