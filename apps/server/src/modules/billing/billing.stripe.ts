import Stripe from 'stripe';
import { clientOptions, stripeFailure } from '../../gateways/stripe.ts';
import type { GatewayFailure } from '../../gateways/types.ts';
import type { SavedMethod } from './billing.payments.ts';

/** A subscription Stripe now renews: its ids, its paid first invoice and the card it charges. */
export type StripeSubscribed = {
  ok: true;
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  amountPaidMinor: number;
  periodEnd: Date;
  method: Omit<SavedMethod, 'token'>;
};

/**
 * The platform's subscriptions at Stripe (STRIPE_BILLING_SECRET_KEY): the checkout's payment method
 * from Stripe.js starts a subscription Stripe renews; its webhooks then move plan_expiry_date.
 */
export type StripeBilling = {
  subscribe(input: {
    accountId: number;
    email: string;
    paymentMethod: string;
    plan: { key: string; name: string; priceMinor: number; currency: string; interval: 'month' | 'year' };
    idempotencyKey: string;
  }): Promise<StripeSubscribed | GatewayFailure>;
  cancel(subscriptionId: string): Promise<{ ok: true } | GatewayFailure>;
  /**
   * A Checkout Session (mode `subscription`) on Stripe's hosted page for the plan; its
   * `checkout.session.completed` webhook then starts the plan.
   */
  startCheckout(input: {
    accountId: number;
    email: string;
    plan: { key: string; name: string; priceMinor: number; currency: string; interval: 'month' | 'year' };
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ ok: true; id: string; url: string } | GatewayFailure>;
  /** A subscription as Stripe has it now (the one a completed Checkout Session started). */
  subscription(subscriptionId: string): Promise<StripeSubscribed | GatewayFailure>;
};

const periodEndOf = (sub: Stripe.Subscription): Date => {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return new Date((item?.current_period_end ?? legacy ?? 0) * 1000);
};

export function createStripeBilling(options: { secretKey: string; apiBase?: string }): StripeBilling {
  const stripe = new Stripe(options.secretKey, clientOptions({ apiBase: options.apiBase }));

  /** One Stripe product per plan, named by its key (found again on later orders). */
  async function productOf(plan: { key: string; name: string }): Promise<string> {
    const id = `funnelwork_${plan.key.replace(/[^a-z0-9_-]/gi, '_')}`;
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404) throw error;
      return (
        await stripe.products.create(
          { id, name: `Funnelwork ${plan.name}` },
          { idempotencyKey: `product-${id}` },
        )
      ).id;
    }
  }

  const cardOf = (method: Stripe.PaymentMethod | null | undefined): StripeSubscribed['method'] => ({
    brand: method?.card?.brand ? method.card.brand[0]?.toUpperCase() + method.card.brand.slice(1) : 'Card',
    last4: method?.card?.last4 ?? '',
    expMonth: method?.card?.exp_month ?? 0,
    expYear: method?.card?.exp_year ?? 0,
  });

  return {
    async startCheckout({ accountId, email, plan, successUrl, cancelUrl, idempotencyKey }) {
      try {
        const product = await productOf(plan);
        const metadata = { account_id: String(accountId), plan_key: plan.key };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [
              {
                price_data: {
                  currency: plan.currency.toLowerCase(),
                  product,
                  unit_amount: plan.priceMinor,
                  recurring: { interval: plan.interval },
                },
                quantity: 1,
              },
            ],
            customer_email: email || undefined,
            client_reference_id: String(accountId),
            metadata,
            subscription_data: { metadata },
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey },
        );
        if (!session.url) return { ok: false, message: 'Stripe gave no checkout page', retryable: true };
        return { ok: true, id: session.id, url: session.url };
      } catch (error) {
        return stripeFailure(error);
      }
    },
    async subscription(subscriptionId) {
      try {
        const sub = await stripe.subscriptions.retrieve(subscriptionId, {
          expand: ['latest_invoice', 'default_payment_method'],
        });
        const invoice = sub.latest_invoice as Stripe.Invoice | null;
        if (!invoice?.id) return { ok: false, message: 'The subscription has no invoice', retryable: false };
        return {
          ok: true,
          customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
          subscriptionId: sub.id,
          invoiceId: invoice.id,
          amountPaidMinor: invoice.amount_paid,
          periodEnd: periodEndOf(sub),
          method: cardOf(sub.default_payment_method as Stripe.PaymentMethod | null),
        };
      } catch (error) {
        return stripeFailure(error);
      }
    },
    async subscribe({ accountId, email, paymentMethod, plan, idempotencyKey }) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethod);
        const customer = await stripe.customers.create(
          {
            email,
            payment_method: paymentMethod,
            invoice_settings: { default_payment_method: paymentMethod },
            metadata: { account_id: String(accountId) },
          },
          { idempotencyKey: `${idempotencyKey}-customer` },
        );
        const product = await productOf(plan);
        const sub = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [
              {
                price_data: {
                  currency: plan.currency.toLowerCase(),
                  product,
                  unit_amount: plan.priceMinor,
                  recurring: { interval: plan.interval },
                },
              },
            ],
            default_payment_method: paymentMethod,
            // The first invoice is paid now or the order fails: no half-started subscription.
            payment_behavior: 'error_if_incomplete',
            metadata: { account_id: String(accountId), plan_key: plan.key },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: `${idempotencyKey}-subscription` },
        );
        const invoice = sub.latest_invoice as Stripe.Invoice | null;
        if (sub.status !== 'active' || !invoice?.id) {
          return {
            ok: false,
            message: `The subscription is ${sub.status.replaceAll('_', ' ')}`,
            retryable: false,
          };
        }
        return {
          ok: true,
          customerId: customer.id,
          subscriptionId: sub.id,
          invoiceId: invoice.id,
          amountPaidMinor: invoice.amount_paid,
          periodEnd: periodEndOf(sub),
          method: cardOf(method),
        };
      } catch (error) {
        return stripeFailure(error);
      }
    },
    async cancel(subscriptionId) {
      try {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
        return { ok: true };
      } catch (error) {
        return stripeFailure(error);
      }
    },
  };
}
