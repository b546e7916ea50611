/**
 * The SMS provider behind one interface: the platform's own provider account buys numbers for every
 * merchant and sends their messages; merchants pay through their prepaid balance. `twilio.ts` speaks
 * Twilio's REST API; tests run it against `fake-twilio.fixtures.ts`.
 */

export type ProviderNumber = {
  phoneNumber: string;
  friendlyName: string;
  locality: string;
  region: string;
  country: string;
};

export type SmsProvider = {
  /** False when the server has no provider credentials: every call then throws `SmsNotConfigured`. */
  readonly configured: boolean;
  availableNumbers(country: string): Promise<ProviderNumber[]>;
  /** Buys the number and points its incoming messages at `smsUrl`; answers the provider's id of it. */
  buyNumber(phoneNumber: string, smsUrl: string): Promise<{ sid: string; phoneNumber: string }>;
  releaseNumber(sid: string): Promise<void>;
  send(message: { to: string; from: string; body: string }): Promise<{ sid: string; status: string }>;
  /** Whether a webhook's `X-Twilio-Signature` is the provider's for this URL and form. */
  verifySignature(url: string, params: Record<string, string>, signature: string): boolean;
};

export class SmsNotConfigured extends Error {}

/** A failed provider call: `retryable` for rate limits (429), server errors and the network. */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}
