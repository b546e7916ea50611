import { createHmac } from 'node:crypto';

/** One subscription as a delivery needs it: where to, and the secret that signs. */
export type HookTarget = { id: number; targetUrl: string; secret: string };
/** One event as it is delivered: the outbox row's id, type, time and payload. */
export type HookEvent = { id: number; type: string; createdAt: Date; payload: unknown };
export type HookDeliveryResult = { status: number; latencyMs: number };

/** `Funnelwork-Signature: t=…,v1=…`: HMAC-SHA256 with the secret over `${timestamp}.${body}`, hex. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** The body every delivery of an event carries, whatever its subscription. */
export function hookBody(event: HookEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    data: event.payload,
  });
}

export type DeliverHook = (subscription: HookTarget, event: HookEvent) => Promise<HookDeliveryResult>;

/**
 * POSTs one event to one subscriber, signed as the Webhook integration signs (the same header names and
 * scheme), and answers the response's status. Redirects are not followed (a 3xx is a failed attempt);
 * a network error or the timeout throws. This is the seam the integrations' delivery engine replaces.
 */
export function createDeliverHook({
  timeoutMs = 10_000,
  now = Date.now,
  checkTarget,
}: {
  timeoutMs?: number;
  now?: () => number;
  /** Why the URL may not be called now (it resolves to a private address), or null. */
  checkTarget: (url: string) => Promise<string | null>;
}): DeliverHook {
  return async (subscription, event) => {
    const refused = await checkTarget(subscription.targetUrl);
    if (refused) throw new Error(`target_url ${refused}`);
    const body = hookBody(event);
    const started = now();
    const response = await fetch(subscription.targetUrl, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Funnelwork-Hooks/1',
        'funnelwork-event-id': String(event.id),
        'funnelwork-signature': signatureHeader(subscription.secret, Math.floor(started / 1000), body),
      },
    });
    // Only the status matters: the body is never read, however large.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, latencyMs: Math.round(now() - started) };
  };
}
