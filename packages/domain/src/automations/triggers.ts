import { type EventName, type EventPayload, isEventName, publicPayload } from '../events/catalogue.ts';
import { AUTOMATION_TRIGGERS, type BoughtLine, triggerQtyHolds } from './rules.ts';

/**
 * What an automation run reads of its event: the ids and e-mail its payload names. The payload is read
 * through the event catalogue's schema, so a recorded payload that does not fit it throws instead of
 * running with no order.
 */
export type EventSubject = {
  orderId: number | null;
  customerId: number | null;
  productId: number | null;
  funnelId: number | null;
  stepId: number | null;
  subscriptionId: number | null;
  email: string;
};

const NOTHING: EventSubject = {
  orderId: null,
  customerId: null,
  productId: null,
  funnelId: null,
  stepId: null,
  subscriptionId: null,
  email: '',
};

/** Each event's subject from its public payload: a new event does not compile until it says what it names. */
const SUBJECT_OF: { [K in EventName]: (payload: EventPayload<K>) => Partial<EventSubject> } = {
  'order.paid': (p) => ({ orderId: p.order_id, customerId: p.customer_id, funnelId: p.funnel_id }),
  'order.upsell_accepted': (p) => ({
    orderId: p.order_id,
    customerId: p.customer_id,
    funnelId: p.funnel_id,
    stepId: p.step_id,
    productId: p.product_id,
  }),
  'order.payment_failed': (p) => ({ orderId: p.order_id, customerId: p.customer_id, funnelId: p.funnel_id }),
  'order.refunded': (p) => ({ orderId: p.order_id, customerId: p.customer_id }),
  'order.fulfilled': (p) => ({ orderId: p.order_id, customerId: p.customer_id }),
  'subscription.started': subscriptionSubject,
  'subscription.renewed': subscriptionSubject,
  'subscription.failed': subscriptionSubject,
  'subscription.cancelled': subscriptionSubject,
  'optin.created': (p) => ({
    customerId: p.customer_id,
    funnelId: p.funnel_id,
    stepId: p.step_id ?? null,
    email: p.email,
  }),
};

function subscriptionSubject(p: EventPayload<'subscription.started'>): Partial<EventSubject> {
  return {
    subscriptionId: p.subscription_id,
    customerId: p.customer_id,
    productId: p.product_id,
    orderId: p.order_id ?? null,
  };
}

/** The subject of a recorded event (camelCase, as the outbox holds it); none for a type outside the catalogue. */
export function eventSubjectOf(type: string, recorded: Record<string, unknown>): EventSubject {
  if (!isEventName(type)) return NOTHING;
  const read = SUBJECT_OF[type] as (payload: Record<string, unknown>) => Partial<EventSubject>;
  return { ...NOTHING, ...read(publicPayload(type, recorded)) };
}

/**
 * The trigger ids an event fires: those naming its type; "Order Fulfilled" only by the fulfil action
 * with trigger_automations on (not by a later tracking change).
 */
export function triggerIdsOf(type: string, recorded: Record<string, unknown>): string[] {
  if (type === 'order.fulfilled') {
    const payload = publicPayload(type, recorded) as EventPayload<'order.fulfilled'>;
    if (payload.change !== 'fulfilled' || !payload.trigger_automations) return [];
  }
  return AUTOMATION_TRIGGERS.filter((t) => t.event === type).map((t) => t.id);
}

/** An automation as trigger matching sees it: its funnel (a funnel's own automation) and its trigger's limits. */
export type TriggeredAutomation = {
  funnelId: number | null;
  trigger: {
    funnel_ids: readonly number[];
    product_ids: readonly number[];
    /** Absent from triggers saved before steps could be chosen: every step. */
    step_ids?: readonly number[];
    /** Absent from triggers saved before the quantity could be: 1. */
    qty?: number;
  };
};

/** Whether matching needs the event's order or customer: the automation is limited to funnels, products, steps or a quantity. */
export function triggerIsLimited({ funnelId, trigger }: TriggeredAutomation): boolean {
  return (
    funnelId !== null ||
    trigger.funnel_ids.length > 0 ||
    trigger.product_ids.length > 0 ||
    (trigger.step_ids ?? []).length > 0 ||
    (trigger.qty ?? 1) > 1
  );
}

/** Whether matching needs what the event bought: "Quantity bought at least" above 1. */
export const triggerCountsQty = ({ trigger }: TriggeredAutomation) => (trigger.qty ?? 1) > 1;

/** What the event is about, as the limits test it. `bought` is read only when `triggerCountsQty`. */
export type TriggerFacts = {
  funnelId: number | null;
  productIds: readonly number[];
  stepId: number | null;
  bought: readonly BoughtLine[];
};

/**
 * Whether an event's facts meet an automation's limits: its own funnel, the trigger's funnels, products
 * (any of them bought), steps (the page it happened on) and the quantity bought.
 */
export function triggerMatches(automation: TriggeredAutomation, facts: TriggerFacts): boolean {
  const { funnel_ids: funnelIds, product_ids: productIds } = automation.trigger;
  const stepIds = automation.trigger.step_ids ?? [];
  if (triggerCountsQty(automation) && !triggerQtyHolds(automation.trigger, facts.bought)) return false;
  if (automation.funnelId !== null && automation.funnelId !== facts.funnelId) return false;
  if (funnelIds.length > 0 && (facts.funnelId === null || !funnelIds.includes(facts.funnelId))) return false;
  if (productIds.length > 0 && !facts.productIds.some((id) => productIds.includes(id))) return false;
  if (stepIds.length > 0 && (facts.stepId === null || !stepIds.includes(facts.stepId))) return false;
  return true;
}
