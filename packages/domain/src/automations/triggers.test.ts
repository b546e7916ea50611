import { describe, expect, it } from 'vitest';
import {
  eventSubjectOf,
  type TriggeredAutomation,
  type TriggerFacts,
  triggerIdsOf,
  triggerIsLimited,
  triggerMatches,
} from './triggers.ts';

const paid = {
  accountId: 1,
  orderId: 10,
  customerId: 20,
  funnelId: 30,
  amountMinor: 4900,
  currency: 'USD',
  source: 'checkout',
};
const fulfilled = {
  accountId: 1,
  orderId: 10,
  customerId: 20,
  trackingNumber: null,
  triggerAutomations: true,
  change: 'fulfilled',
};

describe('eventSubjectOf', () => {
  it("reads a purchase's order, customer and funnel through the catalogue's payload", () => {
    expect(eventSubjectOf('order.paid', paid)).toEqual({
      orderId: 10,
      customerId: 20,
      productId: null,
      funnelId: 30,
      stepId: null,
      subscriptionId: null,
      email: '',
    });
  });

  it("reads an opt-in's customer, page step and e-mail, and a subscription's product", () => {
    expect(
      eventSubjectOf('optin.created', {
        accountId: 1,
        customerId: 5,
        funnelId: null,
        stepId: 7,
        email: 'a@b.test',
      }),
    ).toMatchObject({ customerId: 5, funnelId: null, stepId: 7, email: 'a@b.test', orderId: null });
    expect(
      eventSubjectOf('subscription.renewed', {
        accountId: 1,
        subscriptionId: 3,
        customerId: null,
        productId: 8,
        orderId: 11,
      }),
    ).toMatchObject({ subscriptionId: 3, productId: 8, orderId: 11, customerId: null });
  });

  it('throws on a payload that does not fit its event, rather than running with no order', () => {
    expect(() => eventSubjectOf('order.paid', { ...paid, orderId: undefined, order: 10 })).toThrow();
  });

  it('knows nothing of a type outside the catalogue', () => {
    expect(eventSubjectOf('bench.busy', {})).toMatchObject({ orderId: null, customerId: null, email: '' });
  });
});

describe('triggerIdsOf', () => {
  it('fires the triggers that name the event', () => {
    expect(triggerIdsOf('order.paid', paid)).toEqual(['purchase']);
    expect(triggerIdsOf('order.upsell_accepted', {})).toEqual([]);
  });

  it('"Order Fulfilled" fires only by the fulfil action with trigger_automations on', () => {
    expect(triggerIdsOf('order.fulfilled', fulfilled)).toEqual(['order_fulfilled']);
    expect(triggerIdsOf('order.fulfilled', { ...fulfilled, triggerAutomations: false })).toEqual([]);
    expect(triggerIdsOf('order.fulfilled', { ...fulfilled, change: 'tracking' })).toEqual([]);
  });
});

describe('triggerMatches', () => {
  const any: TriggeredAutomation = { funnelId: null, trigger: { funnel_ids: [], product_ids: [] } };
  const facts: TriggerFacts = {
    funnelId: 30,
    productIds: [1, 2],
    stepId: 40,
    bought: [
      { productId: 1, qty: 2 },
      { productId: 2, qty: 1 },
    ],
  };
  const limit = (trigger: Partial<TriggeredAutomation['trigger']>, funnelId: number | null = null) => ({
    funnelId,
    trigger: { ...any.trigger, ...trigger },
  });

  it('an automation without limits matches every event and needs no facts', () => {
    expect(triggerIsLimited(any)).toBe(false);
    expect(triggerMatches(any, { funnelId: null, productIds: [], stepId: null, bought: [] })).toBe(true);
  });

  it("a funnel's own automation matches only that funnel's events", () => {
    expect(triggerIsLimited(limit({}, 30))).toBe(true);
    expect(triggerMatches(limit({}, 30), facts)).toBe(true);
    expect(triggerMatches(limit({}, 31), facts)).toBe(false);
  });

  it('funnels, products and steps each limit; an event without a funnel or step fails their limit', () => {
    expect(triggerMatches(limit({ funnel_ids: [29, 30] }), facts)).toBe(true);
    expect(triggerMatches(limit({ funnel_ids: [29] }), facts)).toBe(false);
    expect(triggerMatches(limit({ funnel_ids: [30] }), { ...facts, funnelId: null })).toBe(false);
    expect(triggerMatches(limit({ product_ids: [2, 9] }), facts)).toBe(true);
    expect(triggerMatches(limit({ product_ids: [9] }), facts)).toBe(false);
    expect(triggerMatches(limit({ step_ids: [40] }), facts)).toBe(true);
    expect(triggerMatches(limit({ step_ids: [40] }), { ...facts, stepId: null })).toBe(false);
  });

  it('"Quantity bought at least" counts the units of the chosen products, or of all', () => {
    expect(triggerIsLimited(limit({ qty: 2 }))).toBe(true);
    expect(triggerMatches(limit({ qty: 3 }), facts)).toBe(true);
    expect(triggerMatches(limit({ qty: 4 }), facts)).toBe(false);
    expect(triggerMatches(limit({ qty: 2, product_ids: [1] }), facts)).toBe(true);
    expect(triggerMatches(limit({ qty: 2, product_ids: [2] }), facts)).toBe(false);
  });
});
