export type Gateway = { id: number; name: string; refundable: boolean; deprecated?: boolean };

/** The product's own payment service, the spec's '{host}' gateway (id 14). */
export const HOST_GATEWAY_NAME = 'Funnelwork Payments';

/**
 * "1 Stripe (refundable); 2 PayPal Express (deprecated, not refundable); 3 PayFast, 4 Coinbase,
 * 5 Cash On Delivery, 6 Clickfunnels, 7 PayPal (not refundable); 8 iDEAL, 9 NMI, 10 Klarna,
 * 11 Bancontact, 12 SOFORT, 13 SEPA Direct Debit, 14 {host}, 15 Przelewy24, 16 Razorpay, 17 EPS,
 * 18 PayPal Card Payments (all refundable)."
 */
export const GATEWAYS: readonly Gateway[] = [
  { id: 1, name: 'Stripe', refundable: true },
  { id: 2, name: 'PayPal Express', refundable: false, deprecated: true },
  { id: 3, name: 'PayFast', refundable: false },
  { id: 4, name: 'Coinbase', refundable: false },
  { id: 5, name: 'Cash On Delivery', refundable: false },
  { id: 6, name: 'Clickfunnels', refundable: false },
  { id: 7, name: 'PayPal', refundable: false },
  { id: 8, name: 'iDEAL', refundable: true },
  { id: 9, name: 'NMI', refundable: true },
  { id: 10, name: 'Klarna', refundable: true },
  { id: 11, name: 'Bancontact', refundable: true },
  { id: 12, name: 'SOFORT', refundable: true },
  { id: 13, name: 'SEPA Direct Debit', refundable: true },
  { id: 14, name: HOST_GATEWAY_NAME, refundable: true },
  { id: 15, name: 'Przelewy24', refundable: true },
  { id: 16, name: 'Razorpay', refundable: true },
  { id: 17, name: 'EPS', refundable: true },
  { id: 18, name: 'PayPal Card Payments', refundable: true },
];

const BY_ID = new Map(GATEWAYS.map((g) => [g.id, g]));

/** "Any other id is 'Unknown' and not refundable." */
export function gatewayById(id: number | null | undefined): Gateway {
  return (
    (id !== null && id !== undefined && BY_ID.get(id)) || { id: id ?? 0, name: 'Unknown', refundable: false }
  );
}
