import { OutboundRefusedError, type SafeFetch } from '../../net/safe-fetch.ts';
import { eventIdOf, webhookBody } from '../integrations/webhook/webhook.payload.ts';
import { signedHeaders } from '../integrations/webhook/webhook.signature.ts';

/** One subscription as a delivery needs it: where to, and the secret that signs. */
export type HookTarget = { id: number; targetUrl: string; secret: string };
/** One event as it is delivered: the outbox row's id, type, time and payload. */
export type HookEvent = { id: number; type: string; createdAt: Date; payload: unknown };
export type HookDeliveryResult = { status: number; latencyMs: number };

/** The body every delivery of an event carries, whatever its subscription: the Webhook integration's. */
export const hookBody = (event: HookEvent): string =>
  webhookBody({ ...event, payload: event.payload as Record<string, unknown> });

export type DeliverHook = (subscription: HookTarget, event: HookEvent) => Promise<HookDeliveryResult>;

/**
 * POSTs one event to one subscriber through the outbound guard (the checked address pinned, no redirect
 * followed: a 3xx is a failed attempt), signed as the Webhook integration signs, and answers the
 * response's status. A refused address (OutboundRefusedError), a network error or the timeout throws.
 */
export function createDeliverHook({
  timeoutMs = 10_000,
  now = Date.now,
  checkTarget,
  fetch,
}: {
  timeoutMs?: number;
  now?: () => number;
  /** Why the URL may not be called now (it resolves to a private address), or null. */
  checkTarget: (url: string) => Promise<string | null>;
  fetch: SafeFetch;
}): DeliverHook {
  return async (subscription, event) => {
    const refused = await checkTarget(subscription.targetUrl);
    if (refused) throw new OutboundRefusedError(`target_url ${refused}`);
    const body = hookBody(event);
    const started = now();
    const response = await fetch(subscription.targetUrl, {
      method: 'POST',
      body,
      maxRedirects: 0,
      timeoutMs,
      // Only the status matters: the answer's body is hardly read.
      maxResponseBytes: 1024,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Funnelwork-Hooks/1',
        'funnelwork-event-id': String(event.id),
        // Standard Webhooks, as the Webhook integration signs (docs/webhooks.md).
        ...signedHeaders({
          id: eventIdOf(event.id),
          body,
          secrets: [subscription.secret],
          timestampSeconds: Math.floor(started / 1000),
        }),
      },
    });
    return { status: response.status, latencyMs: Math.round(now() - started) };
  };
}
