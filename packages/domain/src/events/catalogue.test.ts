import { describe, expect, it } from 'vitest';
import { FUNNEL_WEBHOOK_EVENTS } from '../apps/catalogue.ts';
import { AUTOMATION_TRIGGERS } from '../automations/rules.ts';
import { HOOK_EVENTS } from '../developers/rules.ts';
import { INTEGRATION_EVENT_LABELS, INTEGRATION_EVENTS } from '../integrations/catalogue.ts';
import { EVENT_CATALOGUE, EVENT_NAMES, eventsOf, publicPayload } from './catalogue.ts';

describe('the event catalogue', () => {
  it('is the one list: REST hooks, integrations and funnel apps take their events from it', () => {
    expect(EVENT_NAMES).toHaveLength(10);
    expect(HOOK_EVENTS).toEqual(eventsOf('rest_hooks'));
    expect(INTEGRATION_EVENTS).toEqual(eventsOf('integrations'));
    expect(FUNNEL_WEBHOOK_EVENTS).toEqual(['order.paid', 'order.payment_failed', 'optin.created']);
    expect(INTEGRATION_EVENT_LABELS['order.payment_failed']).toBe('Purchase attempt (payment failed)');
  });

  it('an automation trigger exists for each event whose channels name automations, and only those', () => {
    expect(AUTOMATION_TRIGGERS.map((trigger) => trigger.event).sort()).toEqual(
      [...eventsOf('automations')].sort(),
    );
  });

  it('publishes the snake_case payload of its schema, leaving out what the schema does not name', () => {
    expect(
      publicPayload('order.paid', {
        accountId: 1,
        orderId: 2,
        customerId: null,
        funnelId: 3,
        amountMinor: 4900,
        currency: 'USD',
        source: 'checkout',
        internalNote: 'not for receivers',
      }),
    ).toEqual({
      account_id: 1,
      order_id: 2,
      customer_id: null,
      funnel_id: 3,
      amount_minor: 4900,
      currency: 'USD',
      source: 'checkout',
    });
    expect(() => publicPayload('order.paid', { accountId: 1 })).toThrow();
  });

  it('every event has a label, a version and at least one channel', () => {
    for (const name of EVENT_NAMES) {
      const event = EVENT_CATALOGUE[name];
      expect(event.label, name).toBeTruthy();
      expect(event.version, name).toBeGreaterThanOrEqual(1);
      expect(event.channels.length, name).toBeGreaterThan(0);
    }
  });
});
