import { describe, expect, it } from 'vitest';
import { stepSummary, triggerLabel } from './labels.ts';

const name = (id: number) => (id === 7 ? 'Welcome' : `Template ${id}`);

describe('triggerLabel', () => {
  it("names the spec's triggers as the builder shows them", () => {
    expect(triggerLabel('purchase')).toBe('On Purchase');
    expect(triggerLabel('subscription_cancelled')).toBe('Subscription Canceled');
    expect(triggerLabel('recurring_payment_failed')).toBe('Recurring Payment Fails');
    expect(triggerLabel('unknown')).toBe('unknown');
  });
});

describe('stepSummary', () => {
  it('summarises an e-mail by its template, recipient and subject', () => {
    expect(
      stepSummary({ type: 'send_email', email_template_id: 7, to: 'customer', subject: 'Hi' }, name),
    ).toBe('Send "Welcome" to the customer — Hi');
    expect(
      stepSummary(
        { type: 'send_email', email_template_id: 9, to: 'address', address: 'a@b.test', subject: 'New' },
        name,
      ),
    ).toBe('Send "Template 9" to a@b.test — New');
  });

  it('summarises both kinds of wait', () => {
    expect(stepSummary({ type: 'wait', mode: 'delay', amount: 0, unit: 'minutes' }, name)).toBe(
      'Wait 0 minutes',
    );
    expect(stepSummary({ type: 'wait', mode: 'delay', amount: 1, unit: 'days' }, name)).toBe('Wait 1 day');
    expect(stepSummary({ type: 'wait', mode: 'delay', amount: 1, unit: 'hours' }, name)).toBe('Wait 1 hour');
    expect(stepSummary({ type: 'wait', mode: 'delay', amount: 3, unit: 'days' }, name)).toBe('Wait 3 days');
    expect(stepSummary({ type: 'wait', mode: 'until', weekday: 7, time: '09:30' }, name)).toBe(
      'Wait until Sunday 09:30',
    );
  });

  it("summarises a condition's filter conditions with the spec's operand labels", () => {
    expect(
      stepSummary(
        {
          type: 'condition',
          match: 'any',
          conditions: [
            { key: 'order_currency', operand: 'IN', values: ['USD', 'EUR'] },
            { key: 'customer_email', operand: 'NOT LIKE', value: 'test' },
          ],
          yes: [],
          no: [],
        },
        name,
      ),
    ).toBe('If any of: Order currency is one of USD, EUR; Customer e-mail does not contain test');
    expect(stepSummary({ type: 'end' }, name)).toBe('End automation');
  });
});
