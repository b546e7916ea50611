/**
 * Payment gateway adapters: one interface for every gateway the server can charge or refund
 * through. The catalogue of gateway ids and names lives in `@funnelwork/domain` (orders spec §3);
 * an adapter exists only for the gateways that can work here:
 *
 * - 14 'Funnelwork Payments' — the product's own payment service. Without live credentials it
 *   runs in sandbox mode and takes the usual test cards: 4242 4242 4242 4242 succeeds,
 *   4000 0000 0000 0002 is declined, 4000 0000 0000 0119 fails with a retryable error.
 * - 5 'Cash On Delivery' — nothing is charged online; it cannot refund (spec: not refundable).
 * - 1 'Stripe' — through the `stripe` package, with a configurable API base (tests use a local
 *   fake of the Stripe endpoints it calls).
 * - 18 'PayPal Card Payments' — PayPal Checkout through its REST API (Orders v2), with a
 *   configurable API base (tests use fake-paypal.fixtures.ts).
 *
 * Every call carries an idempotency key, so a retried charge or refund never happens twice at
 * the gateway either.
 */

/** Decrypted credentials of the account's connected gateway (never logged, never answered). */
export type GatewayCredentials = Readonly<Record<string, string>>;

export type GatewayFailure = {
  ok: false;
  /** The gateway's own message, shown to the merchant or shopper as is. */
  message: string;
  /** True when trying again later may succeed (network error, rate limit, processing error). */
  retryable: boolean;
  /** The gateway's error code when it gives one (e.g. 'card_declined'). */
  code?: string;
  /**
   * A saved card's charge the bank wants the shopper to authenticate (Stripe's `authentication_required`
   * off-session): the payment the shopper can confirm in the browser with the gateway's script.
   */
  action?: PaymentAction;
};

/** A payment left for the shopper to confirm in place (3-D Secure): its reference and client secret. */
export type PaymentAction = { reference: string; clientSecret: string; paymentMethod: string | null };

export type ChargeRequest = {
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  /** Card details or a gateway token, as the payment form collected them. */
  paymentMethod:
    | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
    | { kind: 'token'; token: string }
    | { kind: 'none' };
  description?: string;
  customerEmail?: string;
  /** Kept on the gateway's payment (Stripe's metadata), so its webhook names what it pays for. */
  metadata?: Record<string, string>;
};

export type ChargeResult =
  | {
      ok: true;
      reference: string /** a reusable token for one-click upsells, when the gateway gives one */;
      savedPaymentMethod?: string;
    }
  | GatewayFailure;

export type RefundRequest = {
  /** The order's payment reference at the gateway. */
  reference: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  reason?: string;
};

export type RefundResult = { ok: true; refundReference: string } | GatewayFailure;

export type GatewayCapabilities = {
  charges: boolean;
  refunds: boolean;
  /** Charging a saved payment method again without the shopper (one-click upsells, renewals). */
  savedPaymentMethods: boolean;
  /** Whether the account must connect credentials before it can be used. */
  needsCredentials: boolean;
};

/** A payment the shopper confirms in the browser with the gateway's own script (Stripe.js). */
export type IntentRequest = {
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  customerEmail: string;
  description?: string;
  /** Kept on the gateway's payment, so its webhook names our account and order. */
  metadata: Record<string, string>;
};

/** The payment the gateway opened: its reference and the secret the page confirms it with. */
export type IntentStart = { ok: true; reference: string; clientSecret: string } | GatewayFailure;

/** What the gateway says of a payment the page confirmed (asked again, never taken from the page). */
export type IntentOutcome =
  | { status: 'succeeded'; amountMinor: number; currency: string; savedPaymentMethod?: string }
  | { status: 'failed'; message: string; code: string }
  /**
   * Not settled yet; `awaitingPayer` when the shopper has not finished their part (no card confirmed, no
   * PayPal approval), as against a payment the gateway is still processing.
   */
  | { status: 'pending'; awaitingPayer?: boolean };

export interface GatewayAdapter {
  readonly gatewayId: number;
  readonly capabilities: GatewayCapabilities;
  charge(credentials: GatewayCredentials | null, request: ChargeRequest): Promise<ChargeResult>;
  refund(credentials: GatewayCredentials | null, request: RefundRequest): Promise<RefundResult>;
  /**
   * Gateways whose card data never reaches us: the checkout opens a payment here, the page confirms
   * it with the gateway's script, and `paymentOutcome` tells whether it succeeded.
   */
  startPayment?(credentials: GatewayCredentials | null, request: IntentRequest): Promise<IntentStart>;
  paymentOutcome?(
    credentials: GatewayCredentials | null,
    reference: string,
    /** The order's priced amount: a gateway that captures on this call (PayPal) captures only that. */
    expected?: { amountMinor: number; currency: string },
  ): Promise<IntentOutcome | GatewayFailure>;
  /** Closes a payment that failed, so it can never be paid later without an order. */
  cancelPayment?(credentials: GatewayCredentials | null, reference: string): Promise<void>;
}
