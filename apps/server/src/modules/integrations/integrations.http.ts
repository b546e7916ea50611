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
    throw new IntegrationError(`Could not reach ${service}: ${reason}`, 422);
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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
