/** camelCase keys of a recorded event as the snake_case the API speaks (orderId → order_id). */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        snakeKeys(child),
      ]),
    );
  }
  return value;
}

/** `Funnelwork-Event-Id` of an outbox event: the same for every connection, attempt and resend. */
export const eventIdOf = (outboxEventId: number) => `evt_${outboxEventId}`;

/**
 * The JSON a webhook receives: `{id, type, created_at, data}`, `data` being the event as recorded
 * (account, order, customer and funnel ids; amounts in minor units with their currency).
 */
export function webhookBody(event: {
  id: string;
  type: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    data: snakeKeys(event.payload),
  });
}
