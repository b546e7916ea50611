import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ProviderNumber, SmsNotConfigured, type SmsProvider, SmsProviderError } from './provider.ts';

export type TwilioSettings = {
  apiBase: string;
  accountSid: string | undefined;
  authToken: string | undefined;
  /** How many times a rate-limited (429) call is tried again, honouring Retry-After up to `maxWaitMs`. */
  rateLimitRetries?: number;
  maxWaitMs?: number;
  timeoutMs?: number;
};

/** Twilio's signature: HMAC-SHA1 under the auth token of the URL followed by each sorted name and value. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

type TwilioError = { code?: number; message?: string; status?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Twilio's REST API (2010-04-01): AvailablePhoneNumbers/{Country}/Local.json, IncomingPhoneNumbers.json
 * and Messages.json, with form-encoded bodies and Basic auth AccountSid:AuthToken.
 */
export function createTwilioProvider(settings: TwilioSettings): SmsProvider {
  const { accountSid, authToken } = settings;
  const configured = Boolean(accountSid && authToken);
  const retries = settings.rateLimitRetries ?? 2;
  const maxWaitMs = settings.maxWaitMs ?? 2_000;
  const base = settings.apiBase.replace(/\/+$/, '');

  async function call<T>(method: string, path: string, form?: Record<string, string>): Promise<T> {
    if (!configured) throw new SmsNotConfigured('SMS provider not configured');
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid ?? '')}${path}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            accept: 'application/json',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form ? new URLSearchParams(form).toString() : undefined,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsProviderError(
          `The SMS provider could not be reached: ${(error as Error).message}`,
          503,
          null,
          true,
        );
      }
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (response.ok) return body as T;
      const error = (body ?? {}) as TwilioError;
      const retryAfter = Number(response.headers.get('retry-after'));
      const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
      if (response.status === 429 && attempt < retries && (retryAfterSeconds ?? 0) * 1000 <= maxWaitMs) {
        await sleep(retryAfterSeconds === null ? 250 * 2 ** attempt : retryAfterSeconds * 1000);
        continue;
      }
      const retryable = response.status === 429 || response.status >= 500;
      throw new SmsProviderError(
        error.message ?? `The SMS provider answered ${response.status}`,
        response.status,
        typeof error.code === 'number' ? error.code : null,
        retryable,
        retryAfterSeconds,
      );
    }
  }

  return {
    configured,

    async availableNumbers(country) {
      const answer = await call<{
        available_phone_numbers?: Array<{
          phone_number: string;
          friendly_name?: string;
          locality?: string | null;
          region?: string | null;
          iso_country?: string;
          capabilities?: { SMS?: boolean; sms?: boolean };
        }>;
      }>(
        'GET',
        `/AvailablePhoneNumbers/${encodeURIComponent(country)}/Local.json?SmsEnabled=true&PageSize=20`,
      );
      return (answer.available_phone_numbers ?? []).map(
        (number): ProviderNumber => ({
          phoneNumber: number.phone_number,
          friendlyName: number.friendly_name ?? number.phone_number,
          locality: number.locality ?? '',
          region: number.region ?? '',
          country: number.iso_country ?? country,
        }),
      );
    },

    async buyNumber(phoneNumber, smsUrl) {
      const answer = await call<{ sid: string; phone_number: string }>('POST', '/IncomingPhoneNumbers.json', {
        PhoneNumber: phoneNumber,
        SmsUrl: smsUrl,
        SmsMethod: 'POST',
      });
      return { sid: answer.sid, phoneNumber: answer.phone_number };
    },

    async releaseNumber(sid) {
      try {
        await call('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`);
      } catch (error) {
        // Already released at the provider (20404): the number is gone either way.
        if (error instanceof SmsProviderError && error.status === 404) return;
        throw error;
      }
    },

    async send({ to, from, body }) {
      const answer = await call<{ sid: string; status: string }>('POST', '/Messages.json', {
        To: to,
        From: from,
        Body: body,
      });
      return { sid: answer.sid, status: answer.status };
    },

    verifySignature(url, params, signature) {
      if (!authToken || !signature) return false;
      const expected = Buffer.from(twilioSignature(authToken, url, params));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
