/** Gateway 14, the product's own payment service: without live credentials here, a sandbox. */
export const SANDBOX_GATEWAY_ID = 14;

/** What the shopper reads on a checkout whose payments go through the Sandbox (one text everywhere). */
export const TEST_MODE_CHECKOUT_NOTICE =
  'Test mode: this store takes test payments only. Use the card 4242 4242 4242 4242.';

/** What the merchant reads in the payment settings while their checkouts take test payments only. */
export const SANDBOX_ONLY_NOTICE =
  'Only the Sandbox is connected: your checkouts take test payments only. Connect Stripe or Cash On Delivery to take real orders.';

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

/** Whether a checkout takes test payments only: it charges through the Sandbox. */
export function takesTestPaymentsOnly(
  accountGateways: readonly CheckoutGatewayRow[],
  pageMethods: readonly number[],
): boolean {
  return checkoutGatewayId(accountGateways, pageMethods) === SANDBOX_GATEWAY_ID;
}
