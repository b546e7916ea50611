/** Gateway 14, the product's own payment service: without live credentials here, a sandbox. */
export const SANDBOX_GATEWAY_ID = 14;

/** What the shopper reads on a checkout whose payments go through the Sandbox (one text everywhere). */
export const TEST_MODE_CHECKOUT_NOTICE =
  'Test mode: this store takes test payments only. Use the card 4242 4242 4242 4242.';

/** What the merchant reads in the payment settings while their checkouts take test payments only. */
export const SANDBOX_ONLY_NOTICE =
  'Only the Sandbox is connected: your checkouts take test payments only. Connect Stripe, PayPal Card Payments or Cash On Delivery to take real orders.';

/** An account's gateway as the checkout sees it. */
export type CheckoutGatewayRow = { gatewayId: number; isDefault: boolean; active: boolean };

/**
 * The gateway a checkout charges through when the shopper names none: the page's first payment
 * method (chosen in the editor), else the account's active default gateway, else the Sandbox.
 */
export function checkoutGatewayId(
  accountGateways: readonly CheckoutGatewayRow[],
  pageMethods: readonly number[],
) {
  if (pageMethods.length > 0) return pageMethods[0] as number;
  return accountGateways.find((g) => g.active && g.isDefault)?.gatewayId ?? SANDBOX_GATEWAY_ID;
}

/** Gateway 18, PayPal Checkout: its buttons show beside the card form (issue 34 item 6). */
export const PAYPAL_CHECKOUT_GATEWAY_ID = 18;

/**
 * The payment forms a checkout page shows: the card gateway's form (null for none) and PayPal's
 * buttons. PayPal shows while it is switched on and the page's payment methods (if any) include it;
 * when PayPal is what the page would charge, the card form is the page's next method or the account's
 * next switched-on gateway, and PayPal is the only method when there is neither.
 */
export function checkoutPaymentForms(
  accountGateways: readonly CheckoutGatewayRow[],
  pageMethods: readonly number[],
): { card: number | null; paypal: boolean } {
  const paypal =
    accountGateways.some((g) => g.gatewayId === PAYPAL_CHECKOUT_GATEWAY_ID && g.active) &&
    (pageMethods.length === 0 || pageMethods.includes(PAYPAL_CHECKOUT_GATEWAY_ID));
  const chosen = checkoutGatewayId(accountGateways, pageMethods);
  if (chosen !== PAYPAL_CHECKOUT_GATEWAY_ID) return { card: chosen, paypal };
  const candidates =
    pageMethods.length > 0
      ? pageMethods
      : accountGateways
          .filter((g) => g.active)
          .map((g) => g.gatewayId)
          .sort((a, b) => a - b);
  return { card: candidates.find((id) => id !== PAYPAL_CHECKOUT_GATEWAY_ID) ?? null, paypal };
}

/** Whether a checkout takes test payments only: it charges through the Sandbox. */
export function takesTestPaymentsOnly(
  accountGateways: readonly CheckoutGatewayRow[],
  pageMethods: readonly number[],
): boolean {
  return checkoutGatewayId(accountGateways, pageMethods) === SANDBOX_GATEWAY_ID;
}
