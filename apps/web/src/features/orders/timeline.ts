import { gatewayById, HOST_GATEWAY_NAME, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';

/** "value (JSON text holding amount, ref, desc, error, can_retry, gatewayId)". */
export type EventValue = {
  amount?: number;
  ref?: string;
  desc?: string;
  error?: string;
  can_retry?: boolean;
  gatewayId?: number;
};

/** Reads an event's value; unreadable text or fields of the wrong type count as absent. */
export function parseEventValue(value: string): EventValue {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const r = raw as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    amount: num(r.amount),
    ref: str(r.ref),
    desc: str(r.desc),
    error: str(r.error),
    can_retry: r.can_retry === true,
    gatewayId: num(r.gatewayId),
  };
}

/**
 * "For the timeline: app_id 1 means a PayPal plugin, 8 means a gateway looked up by gateway id,
 * anything else the default provider."
 */
export function paymentProviderName(appId: number | null, gatewayId: number | null | undefined): string {
  if (appId === 1) return 'PayPal';
  if (appId === 8) return gatewayById(gatewayId).name;
  return HOST_GATEWAY_NAME;
}

const TYPE_LABELS: Record<number, string> = {
  [TIMELINE_EVENT_TYPES.error]: 'Error',
  [TIMELINE_EVENT_TYPES.info]: 'Info',
  [TIMELINE_EVENT_TYPES.warning]: 'Warning',
  [TIMELINE_EVENT_TYPES.refund]: 'Refund',
  [TIMELINE_EVENT_TYPES.cancel]: 'Cancel',
  [TIMELINE_EVENT_TYPES.action]: 'Action',
  [TIMELINE_EVENT_TYPES.email]: 'E-mail',
  [TIMELINE_EVENT_TYPES.fulfillment]: 'Fulfillment',
  [TIMELINE_EVENT_TYPES.otherPayment]: 'Payment',
};

/** "Types: 1 error, 2 info, 3 warning, 4 refund, 5 cancel, 6 action, 7 email, 8 fulfillment, 9 other payment." */
export const eventTypeLabel = (type: number) => TYPE_LABELS[type] ?? 'Event';

/** "events whose value has can_retry offer a Retry action". */
export const offersRetry = (value: EventValue) => value.can_retry === true;
