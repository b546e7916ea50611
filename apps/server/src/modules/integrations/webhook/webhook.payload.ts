import { EVENT_CATALOGUE, isEventName, publicPayload } from '@funnelwork/domain/events/catalogue';

/** camelCase keys of a recorded event as the snake_case the API speaks (orderId → order_id). */
function snakeKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), child]),
  );
}

/** `webhook-id` (and `Funnelwork-Event-Id`) of an outbox event: the same for every connection, attempt and resend. */
export const eventIdOf = (outboxEventId: number) => `evt_${outboxEventId}`;

/**
 * The JSON a webhook or REST hook receives: `{id, type, version, created_at, data}`, `data` being the
 * event's public payload of that version (events/catalogue.ts; the OpenAPI document's `webhooks`).
 * `ping`, the test event, has no catalogue entry: its data is `{account_id, message}`.
 */
export function webhookBody(event: {
  id: string | number;
  type: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}): string {
  const { type } = event;
  return JSON.stringify({
    id: event.id,
    type,
    version: isEventName(type) ? EVENT_CATALOGUE[type].version : 1,
    created_at: event.createdAt.toISOString(),
    data: isEventName(type) ? publicPayload(type, event.payload) : snakeKeys(event.payload),
  });
}
