import { describe, expect, it } from 'vitest';
import type { FilterOperand } from '../analytics/filters.ts';
import {
  AUTOMATION_TRIGGERS,
  type AutomationStep,
  branchPath,
  conditionComplete,
  conditionHolds,
  conditionsHold,
  nextPath,
  parsePathKey,
  pathKey,
  quantityBought,
  stepAt,
  triggerQtyError,
  triggerQtyHolds,
} from './rules.ts';
import { waitEndsAt } from './waits.ts';

const send = (id: number): AutomationStep => ({
  type: 'send_email',
  email_template_id: id,
  to: 'customer',
  subject: 's',
});
const tree: AutomationStep[] = [
  send(1),
  {
    type: 'condition',
    match: 'all',
    conditions: [],
    yes: [send(2), { type: 'condition', match: 'any', conditions: [], yes: [send(3)], no: [] }],
    no: [],
  },
  { type: 'end' },
];

describe('triggers', () => {
  it('"On Purchase, On Refund, New Subscription, Subscription Canceled" and the five merchants expect, as the wizard lists them', () => {
    expect(AUTOMATION_TRIGGERS.map((t) => `${t.label} (${t.event})`)).toEqual([
      'On Purchase (order.paid)',
      'On Refund (order.refunded)',
      'New Subscription (subscription.started)',
      'Subscription Canceled (subscription.cancelled)',
      'Purchase Attempt (order.payment_failed)',
      'Optin (optin.created)',
      'Recurring Payment (subscription.renewed)',
      'Recurring Payment Fails (subscription.failed)',
      'Order Fulfilled (order.fulfilled)',
    ]);
  });
});

describe('walking an automation', () => {
  it('goes to the next step, out of finished branches, and ends after the last', () => {
    expect(nextPath(tree, [0])).toEqual([1]);
    expect(nextPath(tree, [1, 'yes', 0])).toEqual([1, 'yes', 1]);
    expect(nextPath(tree, [1, 'yes', 1, 'yes', 0])).toEqual([2]);
    expect(nextPath(tree, [2])).toBeNull();
  });

  it('enters a branch, or skips the condition when its branch is empty', () => {
    expect(branchPath(tree, [1], 'yes')).toEqual([1, 'yes', 0]);
    expect(branchPath(tree, [1], 'no')).toEqual([2]);
    expect(branchPath(tree, [1, 'yes', 1], 'no')).toEqual([2]);
  });

  it('keeps paths as keys and finds their steps', () => {
    const path = [1, 'yes', 1, 'yes', 0] as const;
    expect(pathKey([...path])).toBe('1/yes/1/yes/0');
    expect(parsePathKey('1/yes/1/yes/0')).toEqual(path);
    expect(stepAt(tree, [...path])).toEqual(send(3));
    expect(stepAt(tree, [9])).toBeUndefined();
  });
});

describe('conditions ("Is one of (IN), Is none of (NOT IN), Contains (LIKE), Does not contain (NOT LIKE), Equals (=)")', () => {
  const values = { customer_email: 'Ann@Example.test', product_id: ['4', '7'], order_total: '' };
  const cases: Array<[FilterOperand, { value?: string; values?: string[] }, boolean]> = [
    ['IN', { values: ['ann@example.test', 'b@x.test'] }, true],
    ['IN', { values: ['b@x.test'] }, false],
    ['NOT IN', { values: ['b@x.test'] }, true],
    ['NOT IN', { values: ['ANN@example.test'] }, false],
    ['LIKE', { value: 'example' }, true],
    ['LIKE', { value: 'gmail' }, false],
    ['NOT LIKE', { value: 'gmail' }, true],
    ['NOT LIKE', { value: '@EXAMPLE' }, false],
    ['=', { value: 'ann@example.test' }, true],
    ['=', { value: 'ann' }, false],
  ];
  it.each(cases)('customer_email %s %j → %s', (operand, given, expected) => {
    expect(conditionHolds({ key: 'customer_email', operand, ...given }, values)).toBe(expected);
  });

  it('a list holds for IN when any value does and for NOT IN only when none does', () => {
    expect(conditionHolds({ key: 'product_id', operand: 'IN', values: ['7'] }, values)).toBe(true);
    expect(conditionHolds({ key: 'product_id', operand: 'NOT IN', values: ['7'] }, values)).toBe(false);
    expect(conditionHolds({ key: 'product_id', operand: 'NOT IN', values: ['9'] }, values)).toBe(true);
  });

  it('all and any', () => {
    const yes = { key: 'customer_email' as const, operand: 'LIKE' as const, value: 'ann' };
    const no = { key: 'customer_email' as const, operand: '=' as const, value: 'bob' };
    expect(conditionsHold({ match: 'all', conditions: [yes, no] }, values)).toBe(false);
    expect(conditionsHold({ match: 'any', conditions: [yes, no] }, values)).toBe(true);
    expect(conditionsHold({ match: 'all', conditions: [] }, values)).toBe(true);
  });

  it('"Add/Save disabled without operand or value(s)"', () => {
    expect(conditionComplete({ key: 'customer_email' })).toBe(false);
    expect(conditionComplete({ key: 'customer_email', operand: 'IN', values: [' '] })).toBe(false);
    expect(conditionComplete({ key: 'customer_email', operand: 'IN', values: ['a'] })).toBe(true);
    expect(conditionComplete({ key: 'customer_email', operand: '=', value: '' })).toBe(false);
    expect(conditionComplete({ key: 'customer_email', operand: '=', value: 'a' })).toBe(true);
  });
});

describe('the draft’s qty: "Quantity bought at least" of the trigger’s products', () => {
  const lines = [
    { productId: 1, qty: 2 },
    { productId: 2, qty: 1 },
    { productId: 1, qty: 1 },
  ];

  it('counts the units of the trigger’s products in the order, of every product when none are chosen', () => {
    expect(quantityBought(lines, [1])).toBe(3);
    expect(quantityBought(lines, [2, 9])).toBe(1);
    expect(quantityBought(lines, [])).toBe(4);
    expect(quantityBought([], [1])).toBe(0);
  });

  it('starts a run when at least qty were bought; 1, or none saved, starts on every event', () => {
    expect(triggerQtyHolds({ qty: 3, product_ids: [1] }, lines)).toBe(true);
    expect(triggerQtyHolds({ qty: 4, product_ids: [1] }, lines)).toBe(false);
    expect(triggerQtyHolds({ qty: 4, product_ids: [] }, lines)).toBe(true);
    expect(triggerQtyHolds({ qty: 1, product_ids: [1] }, [])).toBe(true);
    expect(triggerQtyHolds({ product_ids: [1] }, [])).toBe(true);
  });

  it('is a whole number from 1 to 10000, and 1 for Optin, which buys nothing', () => {
    expect(triggerQtyError('purchase', 1)).toBeNull();
    expect(triggerQtyError('refund', 10_000)).toBeNull();
    expect(triggerQtyError('purchase', 0)).toBe('must be a whole number, at least 1');
    expect(triggerQtyError('purchase', 1.5)).toBe('must be a whole number, at least 1');
    expect(triggerQtyError('purchase', Number.NaN)).toBe('must be a whole number, at least 1');
    expect(triggerQtyError('purchase', '2')).toBe('must be a whole number, at least 1');
    expect(triggerQtyError('purchase', 10_001)).toBe('must be at most 10000');
    expect(triggerQtyError('optin', 2)).toBe('must be 1 for Optin, which buys no products');
    expect(triggerQtyError('optin', 1)).toBeNull();
  });
});

describe('waits in the account’s time zone', () => {
  it('a day is the same wall-clock time the next day, across the spring change', () => {
    // 2026-03-28 09:00 London (GMT) + 1 day = 2026-03-29 09:00 BST: 23 hours later.
    const from = new Date('2026-03-28T09:00:00Z');
    const end = waitEndsAt({ type: 'wait', mode: 'delay', amount: 1, unit: 'days' }, from, 'Europe/London');
    expect(end.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    const hours = waitEndsAt(
      { type: 'wait', mode: 'delay', amount: 24, unit: 'hours' },
      from,
      'Europe/London',
    );
    expect(hours.toISOString()).toBe('2026-03-29T09:00:00.000Z');
  });

  it('waits until the next given weekday and time, strictly later', () => {
    // Wednesday 2026-11-25 10:00 in New York.
    const from = new Date('2026-11-25T15:00:00Z');
    const monday = waitEndsAt(
      { type: 'wait', mode: 'until', weekday: 1, time: '09:30' },
      from,
      'America/New_York',
    );
    expect(monday.toISOString()).toBe('2026-11-30T14:30:00.000Z');
    const sameDayLater = waitEndsAt(
      { type: 'wait', mode: 'until', weekday: 3, time: '11:00' },
      from,
      'America/New_York',
    );
    expect(sameDayLater.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    const sameDayPast = waitEndsAt(
      { type: 'wait', mode: 'until', weekday: 3, time: '10:00' },
      from,
      'America/New_York',
    );
    expect(sameDayPast.toISOString()).toBe('2026-12-02T15:00:00.000Z');
  });
});
