import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, type ReceiptOrder, receiptValues } from './receipts.values.ts';

const order: ReceiptOrder = {
  orderNumber: '1042',
  firstName: 'Ann',
  lastName: '<Lee>',
  email: 'ann@example.test',
  currency: 'EUR',
  amountMinor: 10_650,
  discountCode: 'SPRING',
  discountMinor: 500,
  shippingAddress: '1 Rue & Co',
  shippingCity: 'Paris',
  shippingState: '',
  shippingZip: '75001',
  shippingCountry: 'FR',
  trackingNumber: null,
  shippingCarrier: null,
  trackingUrl: null,
};
const lines = [
  { name: 'Mug <large>', variantTitle: 'Blue', amountMinor: 2_575, qty: 2 },
  { name: 'Book', variantTitle: null, amountMinor: 6_000, qty: 1 },
];

describe('receipt merge values', () => {
  it('lists every line with its quantity and total, and the discount, escaped in HTML only', () => {
    const values = receiptValues(order, lines);
    const markup = values.order_lines as { html: string; text: string };
    expect(markup.text).toBe('Mug <large> (Blue) × 2: €51.50\nBook × 1: €60.00\nDiscount (SPRING): -€5.00');
    expect(markup.html).toContain('Mug &lt;large&gt; (Blue)');
    expect(markup.html).not.toContain('<large>');
    expect(values.order_total).toBe('€106.50');
    expect(values.product_name).toBe('Mug <large>');
  });

  it("puts 'Shipping to' before the address, and nothing at all for an order without one", () => {
    const values = receiptValues(order, lines);
    expect(values.shipping_address).toEqual({
      html: '<strong>Shipping to</strong><br>Ann &lt;Lee&gt;<br>1 Rue &amp; Co<br>Paris 75001<br>FR',
      text: 'Shipping to\nAnn <Lee>\n1 Rue & Co\nParis 75001\nFR',
    });
    const digital = receiptValues(
      { ...order, shippingAddress: '', shippingCity: '', shippingZip: '' },
      lines,
    );
    expect(digital.shipping_address).toEqual({ html: '', text: '' });
  });

  it("links FedEx and USPS numbers to the carrier's tracking page; another carrier keeps its own URL", () => {
    expect(carrierTrackingUrl('fedex', '77 12')).toBe('https://www.fedex.com/fedextrack/?trknbr=77%2012');
    expect(carrierTrackingUrl('usps', '9400')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400',
    );
    expect(carrierTrackingUrl('other', '1')).toBeNull();
    expect(carrierTrackingUrl('fedex', null)).toBeNull();
    const own = receiptValues(
      { ...order, trackingNumber: 'X1', shippingCarrier: 'other', trackingUrl: 'https://t.example/X1' },
      lines,
    );
    expect(own.tracking_url).toBe('https://t.example/X1');
  });
});
