import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell } from './csv.ts';
import { ACTIVITY_EVENT_TYPES, activityLabel, TIMELINE_EVENT_TYPES } from './events.ts';
import { GATEWAYS, gatewayById } from './gateways.ts';
import {
  canCancel,
  canFulfill,
  canRefund,
  canUpdateTracking,
  displayedAmount,
  fulfillUnavailableReason,
  isPaymentAttempt,
  orderSearchTerm,
  orderStatus,
  orderStatusDetail,
  PRODUCT_IMAGES_MAX_IDS,
  productImageIds,
  productLink,
  quantitySuffix,
  refundUnavailableReason,
  shownRange,
  shownVariantTitle,
  showsTrackingUrl,
  showsTriggerAutomations,
  summaryTotals,
  trackingSaveLabel,
} from './order-rules.ts';

describe('gateways (orders spec §3)', () => {
  it('lists ids 1 to 18 with the spec’s names and refundability', () => {
    expect(GATEWAYS.map((g) => g.id)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(gatewayById(1)).toMatchObject({ name: 'Stripe', refundable: true });
    expect(gatewayById(2)).toMatchObject({ name: 'PayPal Express', refundable: false, deprecated: true });
    for (const id of [3, 4, 5, 6, 7]) expect(gatewayById(id).refundable, String(id)).toBe(false);
    for (const id of [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18])
      expect(gatewayById(id).refundable, String(id)).toBe(true);
    expect(gatewayById(5).name).toBe('Cash On Delivery');
    expect(gatewayById(18).name).toBe('PayPal Card Payments');
  });
  it('"Any other id is \'Unknown\' and not refundable"', () => {
    expect(gatewayById(19)).toMatchObject({ name: 'Unknown', refundable: false });
    expect(gatewayById(0).name).toBe('Unknown');
    expect(gatewayById(null).name).toBe('Unknown');
  });
});

describe('order status (orders spec §4) — first match wins', () => {
  it("processing gives 'Pending' ('Pending payment'), failed gives 'Failed' ('Payment failed')", () => {
    expect(orderStatus({ payment_status: 'processing', is_fulfilled: true })).toBe('Pending');
    expect(orderStatusDetail({ payment_status: 'processing' })).toBe('Pending payment');
    expect(orderStatus({ payment_status: 'failed', is_refunded: true })).toBe('Failed');
    expect(orderStatusDetail({ payment_status: 'failed' })).toBe('Payment failed');
  });
  it("fulfilled gives 'Fulfilled'; refunded gives 'Refunded'; otherwise 'Paid'", () => {
    expect(orderStatus({ is_fulfilled: true, is_refunded: true })).toBe('Fulfilled');
    expect(orderStatus({ is_refunded: true })).toBe('Refunded');
    expect(orderStatus({ is_canceled: true })).toBe('Paid');
    expect(orderStatusDetail({})).toBe('Paid');
  });
  it('"A canceled order shows amount 0.00"', () => {
    expect(displayedAmount({ is_canceled: true, amount: 25 })).toBe(0);
    expect(displayedAmount({ amount: 25 })).toBe(25);
  });
  it('the summary of a refunded order keeps its original total and the refunded amount beside the 0.00', () => {
    expect(summaryTotals({ amount: 25 })).toEqual({ original: null, refunded: null, total: 25 });
    expect(summaryTotals({ is_canceled: true, is_refunded: true, amount: 25 })).toEqual({
      original: 25,
      refunded: 25,
      total: 0,
    });
    expect(summaryTotals({ is_canceled: true, amount: 25 })).toEqual({
      original: 25,
      refunded: null,
      total: 0,
    });
  });
});

describe('row menu rules (orders spec §4)', () => {
  it('"Fulfill is disabled if the order is fulfilled or canceled"', () => {
    expect(canFulfill({})).toBe(true);
    expect(canFulfill({ is_fulfilled: true })).toBe(false);
    expect(canFulfill({ is_canceled: true })).toBe(false);
  });
  it('"Update tracking info is disabled if the order is canceled or not fulfilled"', () => {
    expect(canUpdateTracking({ is_fulfilled: true })).toBe(true);
    expect(canUpdateTracking({})).toBe(false);
    expect(canUpdateTracking({ is_fulfilled: true, is_canceled: true })).toBe(false);
  });
  it('"Cancel order is disabled if already canceled"', () => {
    expect(canCancel({})).toBe(true);
    expect(canCancel({ is_canceled: true })).toBe(false);
  });
  it('"Refund is enabled only if the gateway supports refunds, the order is not refunded and it has a reference"', () => {
    expect(canRefund({ gateway_id: 1, reference: 'ch_1' })).toBe(true);
    expect(canRefund({ gateway_id: 7, reference: 'PAY-1' })).toBe(false);
    expect(canRefund({ gateway_id: 1, reference: 'ch_1', is_refunded: true })).toBe(false);
    expect(canRefund({ gateway_id: 1, reference: '' })).toBe(false);
  });
  it("cancel popup: 'Order refunded already.' / 'Orders processed using {gateway} gateway cannot be refunded through the product.' / 'This order cannot be refunded through the product.'", () => {
    expect(refundUnavailableReason({ gateway_id: 1, reference: 'ch_1' })).toBeNull();
    expect(refundUnavailableReason({ gateway_id: 1, reference: 'ch_1', is_refunded: true })).toBe(
      'Order refunded already.',
    );
    expect(refundUnavailableReason({ gateway_id: 5, reference: 'cod_1' })).toBe(
      'Orders processed using Cash On Delivery gateway cannot be refunded through the product.',
    );
    expect(refundUnavailableReason({ gateway_id: 1, reference: null })).toBe(
      'This order cannot be refunded through the product.',
    );
    expect(refundUnavailableReason({ gateway_id: 99, reference: 'x' })).toBe(
      'This order cannot be refunded through the product.',
    );
  });
});

describe('unpaid orders (issue 35: "A failed or pending payment cannot be refunded … no merchant ships an unpaid order")', () => {
  const paid = { gateway_id: 1, reference: 'ch_1' };
  it('refuses Refund on a failed or pending payment, saying why', () => {
    expect(canRefund({ ...paid, payment_status: 'failed' })).toBe(false);
    expect(canRefund({ ...paid, payment_status: 'processing' })).toBe(false);
    expect(canRefund({ ...paid, payment_status: null })).toBe(true);
    expect(refundUnavailableReason({ ...paid, payment_status: 'failed' })).toBe(
      'The payment failed: this order cannot be refunded.',
    );
    expect(refundUnavailableReason({ ...paid, payment_status: 'processing' })).toBe(
      'The payment is still pending: this order cannot be refunded until it is paid.',
    );
  });
  it('refuses Fulfil on a failed or pending payment, saying why', () => {
    expect(canFulfill({ payment_status: 'failed' })).toBe(false);
    expect(canFulfill({ payment_status: 'processing' })).toBe(false);
    expect(fulfillUnavailableReason({ payment_status: 'failed' })).toBe(
      'The payment failed: this order cannot be fulfilled.',
    );
    expect(fulfillUnavailableReason({ payment_status: 'processing' })).toBe(
      'The payment is still pending: this order cannot be fulfilled until it is paid.',
    );
    expect(fulfillUnavailableReason({ is_fulfilled: true })).toBe('Order fulfilled already.');
    expect(fulfillUnavailableReason({ is_canceled: true })).toBe('A canceled order cannot be fulfilled.');
    expect(fulfillUnavailableReason({})).toBeNull();
  });
  it('"show them as attempts of that customer, not as orders to ship": a failed payment is an attempt', () => {
    expect(isPaymentAttempt({ payment_status: 'failed' })).toBe(true);
    expect(isPaymentAttempt({ payment_status: 'processing' })).toBe(false);
    expect(isPaymentAttempt({})).toBe(false);
  });
});

describe('orders search term (issue 35: "Search finds an order by anything the list shows for it")', () => {
  it("takes '#4997' as displayed for the number, lower-cased; blank is no search", () => {
    expect(orderSearchTerm('#4997')).toBe('4997');
    expect(orderSearchTerm('  #4997 ')).toBe('4997');
    expect(orderSearchTerm('Olivia3@Mail.Example')).toBe('olivia3@mail.example');
    expect(orderSearchTerm('#')).toBeUndefined();
    expect(orderSearchTerm('   ')).toBeUndefined();
    expect(orderSearchTerm(undefined)).toBeUndefined();
  });
});

describe('tracking details (orders spec §4, §5)', () => {
  it('"The tracking URL field shows only when the carrier is empty or \'other\'"', () => {
    expect(showsTrackingUrl('')).toBe(true);
    expect(showsTrackingUrl('other')).toBe(true);
    expect(showsTrackingUrl('fedex')).toBe(false);
  });
  it("\"the save button reads 'Update' when the order already has a tracking_number, otherwise 'Add'\"", () => {
    expect(trackingSaveLabel('1Z999')).toBe('Update');
    expect(trackingSaveLabel(null)).toBe('Add');
  });
  it('"the trigger-automations switch appears only when no tracking number is entered"', () => {
    expect(showsTriggerAutomations('')).toBe(true);
    expect(showsTriggerAutomations('  ')).toBe(true);
    expect(showsTriggerAutomations('1Z999')).toBe(false);
  });
});

describe('order summary (orders spec §2)', () => {
  it('"variant title (hidden when it is \'Main Product\')" and "\' x qty\' when qty is above 1"', () => {
    expect(
      shownVariantTitle({ product_id: 5, name: 'Tee', variant_title: 'Main Product', qty: 1 }),
    ).toBeNull();
    expect(shownVariantTitle({ product_id: 5, name: 'Tee', variant_title: 'Large', qty: 1 })).toBe('Large');
    expect(quantitySuffix({ product_id: 5, name: 'Tee', qty: 3 })).toBe(' x 3');
    expect(quantitySuffix({ product_id: 5, name: 'Tee', qty: 1 })).toBe('');
  });
  it('"Only items with product_id above 2 are linked", under /funnel for is_apps and /wfunnel otherwise', () => {
    const order = { funnel_id: 7, step_id: 9 };
    expect(productLink({ ...order, is_apps: true }, { product_id: 3 })).toBe('/funnel/7/steps/9/product/3');
    expect(productLink(order, { product_id: 3 })).toBe('/wfunnel/7/steps/9/product/3');
    expect(productLink(order, { product_id: 2 })).toBeNull();
  });
  it('asks the wfunnel product images call only for wfunnel items above 2 without a picture, each id once', () => {
    const items = [
      { product_id: 5, image_url: null },
      { product_id: 2, image_url: null },
      { product_id: 8, image_url: 'https://cdn.test/8.png' },
      { product_id: 5, image_url: '' },
      { product_id: 9 },
    ];
    expect(productImageIds({ items })).toEqual([5, 9]);
    expect(productImageIds({ is_apps: false, items })).toEqual([5, 9]);
    // is_apps orders link under /funnel: the images call is the wfunnel one.
    expect(productImageIds({ is_apps: true, items })).toEqual([]);
    expect(productImageIds({ items: [{ product_id: 8, image_url: 'https://cdn.test/8.png' }] })).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => ({ product_id: 3 + i, image_url: null }));
    expect(productImageIds({ items: many })).toHaveLength(PRODUCT_IMAGES_MAX_IDS);
  });
  it("shows the range as 'x - y from total'", () => {
    expect(shownRange(0, 25, 25, 1234)).toBe('1 - 25 from 1234');
    expect(shownRange(49, 25, 9, 1234)).toBe('1226 - 1234 from 1234');
    expect(shownRange(0, 25, 0, 0)).toBe('0 - 0 from 0');
  });
});

describe('event types (orders spec §3)', () => {
  it('timeline types 1 error … 9 other payment', () => {
    expect(TIMELINE_EVENT_TYPES).toEqual({
      error: 1,
      info: 2,
      warning: 3,
      refund: 4,
      cancel: 5,
      action: 6,
      email: 7,
      fulfillment: 8,
      otherPayment: 9,
    });
  });
  it('activity types 1 Clicked … 11 Recurring payment', () => {
    expect(Object.keys(ACTIVITY_EVENT_TYPES)).toHaveLength(11);
    expect(activityLabel(2)).toBe('Made a purchase');
    expect(activityLabel(11)).toBe('Recurring payment');
    expect(activityLabel(12)).toBe('Unknown activity');
  });
});

describe('CSV export cells', () => {
  it('neutralises cells that start with =, +, -, @, tab or carriage return', () => {
    for (const bad of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseCsvCell(bad)).toBe(`'${bad}`);
    }
    expect(neutraliseCsvCell('Jane = Doe')).toBe('Jane = Doe');
    expect(neutraliseCsvCell('')).toBe('');
    const others = Array.from({ length: 0x10000 }, (_, code) => `${String.fromCharCode(code)}x`).filter(
      (cell) => !'=+-@\t\r'.includes(cell[0] as string),
    );
    expect(others.filter((cell) => neutraliseCsvCell(cell) !== cell)).toEqual([]);
  });
});
