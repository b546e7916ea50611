import type { SafeFetchRequest, SafeFetchResponse } from '../../net/safe-fetch.ts';
import { type IntegrationContext, IntegrationError } from './integrations.adapter.ts';

/**
 * What the API adapters (Mailchimp, GA4, Shopify) share: one request through the SSRF guard, with
 * transport failures turned into a refusal the merchant can read. The message names the service and
 * the host only, never the URL (GA4 carries its secret in the query string) or a header.
 */
export type ServiceAnswer = SafeFetchResponse & { json: unknown };

export async function callService(
  context: IntegrationContext,
  service: string,
  url: string,
  request: SafeFetchRequest,
): Promise<ServiceAnswer> {
  let answer: SafeFetchResponse;
  try {
    // No redirects: a credential header must not follow an API answer to another address.
    answer = await context.fetch(url, { maxRedirects: 0, ...request });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IntegrationError(`Could not reach ${service}: ${reason}`, 422, undefined, { cause: error });
  }
  return { ...answer, json: parseJson(answer.body) };
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/** A string property of a JSON answer, or undefined. */
export function textOf(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
}

/** The refusal for an answer a service gave that the adapter has no better words for. */
export function unexpectedAnswer(service: string, status: number): IntegrationError {
  if (status >= 500)
    return new IntegrationError(`${service} is not answering properly (${status}); try again later`);
  return new IntegrationError(`${service} answered ${status}`);
}

/** The form field `key` as trimmed text ('' when absent or not text). */
export function fieldText(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A field the connect form requires, as `read` makes it of the typed text ('' or null when it cannot):
 * "<key> is required" when left empty, "<key>: <hint>" when it cannot be read, each naming the field.
 */
export function requiredField(
  fields: Record<string, unknown>,
  key: string,
  read: (text: string) => string | null | undefined,
  hint: string,
): string {
  const text = fieldText(fields, key);
  if (!text) throw new IntegrationError(`${key} is required`, 400, key);
  const value = read(text);
  if (!value) throw new IntegrationError(`${key}: ${hint}`, 400, key);
  return value;
}

/**
 * A secret the connect form asks for (API key, token): what was typed; else, when the field is left
 * empty, the stored one — only while the connection still points where it did (`sameTarget`), so a
 * secret never follows the connection to another account or store; else "<key> is required". A typed
 * secret that does not match `format` is refused with its message, naming the field.
 */
export function secretField(
  fields: Record<string, unknown>,
  key: string,
  previous: { secrets: Record<string, string> } | null | undefined,
  { sameTarget = true, format }: { sameTarget?: boolean; format?: { pattern: RegExp; message: string } } = {},
): string {
  const typed = fieldText(fields, key);
  const value = typed || (sameTarget ? (previous?.secrets[key] ?? '') : '');
  if (!value) throw new IntegrationError(`${key} is required`, 400, key);
  if (format && !format.pattern.test(value))
    throw new IntegrationError(`${key}: ${format.message}`, 400, key);
  return value;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The delay before retry `attempt` (0-based) after a 429: truncated exponential back-off with jitter,
 * `min(max, base·2^attempt + random(0, base))`, or the server's Retry-After when it gives one (bounded).
 */
export function backoffDelayMs(
  attempt: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.min(maxMs, retryAfterSeconds * 1000);
  }
  return Math.min(maxMs, baseMs * 2 ** attempt + Math.floor(random() * baseMs));
}

/** How an adapter backs off a service that is limiting or failing: first delay, its cap, how many retries. */
export type BackoffPolicy = { baseMs: number; maxMs: number; maxRetries: number };

/** The Retry-After header in seconds, when the answer has a numeric one. */
export function retryAfterOf(answer: { headers: Record<string, unknown> }): number | undefined {
  const header = answer.headers['retry-after'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * Sends, and while the answer is one to retry (`retryable`: 429 by default) waits (truncated exponential
 * back-off with jitter, or the service's Retry-After) and sends again, at most `maxRetries` times. Answers
 * the last answer; the adapter decides what a still-limited one means (Sheets and Mailchimp: a 429).
 */
export async function sendWithBackoff<T extends { status: number; headers: Record<string, unknown> }>(
  send: () => Promise<T>,
  policy: BackoffPolicy,
  retryable: (status: number) => boolean = (status) => status === 429,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await send();
    if (!retryable(answer.status) || attempt >= policy.maxRetries) return answer;
    await sleep(backoffDelayMs(attempt, policy, retryAfterOf(answer)));
  }
}
