import { SHOPIFY_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { z } from 'zod';
import {
  type Connection,
  type IntegrationAdapter,
  type IntegrationContext,
  IntegrationError,
  integrationMethod,
  majorAmount,
  orderLineTitle,
} from '../integrations.adapter.ts';
import {
  callService,
  requiredField,
  type ServiceAnswer,
  secretField,
  sleep,
  unexpectedAnswer,
} from '../integrations.http.ts';

const SERVICE = 'Shopify';
export const SHOPIFY_API_VERSION = '2024-10';
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/;

/**
 * The store's myshopify.com domain from what the merchant typed ('my-store', 'my-store.myshopify.com',
 * 'https://my-store.myshopify.com/admin'), or null.
 */
export function shopDomainOf(typed: string): string | null {
  let domain = typed.trim().toLowerCase();
  domain = domain.replace(/^https?:\/\//, '').replace(/[/?#].*$/, '');
  if (/^[a-z0-9][a-z0-9-]{0,62}$/.test(domain)) domain = `${domain}.myshopify.com`;
  return SHOP_DOMAIN.test(domain) ? domain : null;
}

/** The Admin API address of a store: `{shop}` in the configured base is replaced. */
export function shopifyBase(configured: string, shopDomain: string): string {
  return configured.replace('{shop}', shopDomain).replace(/\/+$/, '');
}

/** Seconds of a Retry-After header (Shopify sends e.g. "2.0"), in ms; null when missing or odd. */
export function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
}

/** Shopify's `errors`: a text, or field → messages (`{"line_items": ["must have at least one line item"]}`). */
function errorsOf(answer: ServiceAnswer): { text?: string; field?: string; message?: string } {
  const errors = (answer.json as { errors?: unknown } | null)?.errors;
  if (typeof errors === 'string') return { text: errors };
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const [field, messages] = Object.entries(errors as Record<string, unknown>)[0] ?? [];
    const message = Array.isArray(messages) ? messages.map(String).join(', ') : String(messages ?? '');
    if (field) return { field, message };
  }
  return {};
}

/** Fields of Shopify's 422 answers that are fields of `create-order`'s input too. */
const INPUT_FIELDS = new Set(['email', 'line_items', 'shipping_address', 'currency', 'note', 'tags']);

/** Shopify's answer as a refusal: a bad token, a missing store, a missing scope, a field it refused … */
function refusal(answer: ServiceAnswer, shopDomain: string): IntegrationError {
  const { text, field, message } = errorsOf(answer);
  switch (answer.status) {
    case 401:
      return new IntegrationError(
        `Shopify refused the access token${text ? ` (${text})` : ''}; copy the Admin API access token of your app again`,
        422,
        'access_token',
      );
    case 402:
      return new IntegrationError(`Shopify: the store ${shopDomain} is frozen (its Shopify bill is unpaid)`);
    case 403:
      return new IntegrationError(
        `Shopify refused: ${text ?? 'forbidden'} (the app needs the read_orders and write_orders scopes)`,
      );
    case 404:
      return new IntegrationError(`Shopify has no store at ${shopDomain}`, 422, 'shop_domain');
    case 422:
    case 400: {
      if (field && INPUT_FIELDS.has(field)) {
        return new IntegrationError(`${field}: ${message || 'is not valid'}`, 400, field);
      }
      // 'base' errors are about the whole order ("Customer is blocked from placing orders").
      const about = field && field !== 'base' ? `${field} ${message}` : message;
      return new IntegrationError(`Shopify refused: ${text ?? (about || 'the request is not valid')}`);
    }
    default:
      return unexpectedAnswer(SERVICE, answer.status);
  }
}

const lineItem = z
  .object({
    /** A product variant of the store; or a custom item with title and price. */
    variant_id: z.number().int().positive().optional(),
    title: z.string().trim().min(1).max(255).optional(),
    price: z
      .union([z.number().min(0), z.string().regex(/^\d+(\.\d{1,2})?$/, 'price is an amount such as 19.99')])
      .transform(String)
      .optional(),
    quantity: z.number().int().min(1).max(100_000),
    sku: z.string().trim().max(255).optional(),
    requires_shipping: z.boolean().optional(),
  })
  .refine((item) => item.variant_id !== undefined || (item.title !== undefined && item.price !== undefined), {
    message: 'each line item needs a variant_id, or a title and a price',
    path: ['variant_id'],
  });

const line = z.string().trim().max(255);
const shippingAddress = z.object({
  first_name: line.optional(),
  last_name: line.optional(),
  company: line.optional(),
  address1: line.min(1),
  address2: line.optional(),
  city: line.min(1),
  province: line.optional(),
  province_code: line.optional(),
  zip: line.optional(),
  /** The country's name or two-letter code. */
  country: line.min(2).optional(),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country_code is a two-letter code')
    .optional(),
  phone: line.optional(),
});

const createOrderInput = z.object({
  email: z.email('email must be an e-mail address').max(254),
  line_items: z.array(lineItem).min(1, 'line_items: at least one line item').max(250),
  shipping_address: shippingAddress.refine((a) => a.country !== undefined || a.country_code !== undefined, {
    message: 'country or country_code is required',
    path: ['country'],
  }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'currency is a three-letter ISO 4217 code')
    .optional(),
  /** Shown on the order in Shopify, e.g. our order number. */
  note: z.string().max(5000).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  /** Our order's id, to find it again in Shopify (source_identifier). */
  source_identifier: z.string().trim().max(255).optional(),
});

/**
 * The e-commerce platform: Shopify's Admin REST API (2024-10). Connect with the store's myshopify.com
 * domain and a custom app's Admin API access token (X-Shopify-Access-Token), checked with
 * `GET /admin/api/2024-10/shop.json`; `create-order` POSTs a paid order for the store to fulfil. A 429
 * is retried once after its Retry-After when that is at most `retryAfterMaxMs`, else it fails clearly.
 */
export function createShopifyAdapter({
  apiBase,
  retryAfterMaxMs,
}: {
  apiBase: string;
  retryAfterMaxMs: number;
}): IntegrationAdapter {
  async function request(
    context: IntegrationContext,
    store: { shopDomain: string; token: string },
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<ServiceAnswer> {
    const url = `${shopifyBase(apiBase, store.shopDomain)}/admin/api/${SHOPIFY_API_VERSION}${path}`;
    const send = () =>
      callService(context, SERVICE, url, {
        method,
        headers: {
          'x-shopify-access-token': store.token,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const first = await send();
    if (first.status !== 429) return first;
    // A 429 was not processed, so sending again cannot make a second order.
    const wait = retryAfterMs(first.headers['retry-after']) ?? 1000;
    if (wait <= retryAfterMaxMs) {
      await sleep(wait);
      const second = await send();
      if (second.status !== 429) return second;
      const again = retryAfterMs(second.headers['retry-after']) ?? wait;
      throw rateLimited(again);
    }
    throw rateLimited(wait);
  }

  const rateLimited = (waitMs: number) =>
    new IntegrationError(
      `Shopify is rate-limiting this store's API calls; try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s`,
    );

  function storeOf(connection: Connection) {
    const shopDomain = String(connection.settings.shop_domain ?? '');
    const token = connection.secrets.access_token ?? '';
    if (!shopDomain || !token)
      throw new IntegrationError('Reconnect Shopify: the stored access token is missing');
    return { shopDomain, token };
  }

  async function shop(context: IntegrationContext, store: { shopDomain: string; token: string }) {
    const answer = await request(context, store, 'GET', '/shop.json');
    if (answer.status !== 200) throw refusal(answer, store.shopDomain);
    const found = (answer.json as { shop?: { name?: string; currency?: string; domain?: string } } | null)
      ?.shop;
    return { name: found?.name ?? store.shopDomain, currency: found?.currency ?? null };
  }

  return {
    integrationId: SHOPIFY_INTEGRATION_ID,
    customConnect: false,
    connectFields: [
      {
        key: 'shop_domain',
        label: 'Store address',
        type: 'text',
        required: true,
        help: 'Your store’s myshopify.com address, e.g. my-store.myshopify.com',
      },
      {
        key: 'access_token',
        label: 'Admin API access token',
        type: 'secret',
        required: true,
        help: 'Settings → Apps → Develop apps → your app (scopes write_orders, read_orders) → Admin API access token (shpat_…). Leave empty to keep the current token.',
      },
    ],

    async connect({ fields, previous }, context) {
      const shopDomain = requiredField(
        fields,
        'shop_domain',
        shopDomainOf,
        'your store’s address ending in .myshopify.com, e.g. my-store.myshopify.com',
      );
      const token = secretField(fields, 'access_token', previous, {
        sameTarget: previous?.settings.shop_domain === shopDomain,
        format: { pattern: /^[\w-]{8,200}$/, message: 'paste the token as Shopify shows it (shpat_…)' },
      });
      const found = await shop(context, { shopDomain, token });
      return {
        settings: { shop_domain: shopDomain, shop_name: found.name, currency: found.currency },
        secrets: { access_token: token },
      };
    },

    async test(connection, context) {
      const found = await shop(context, storeOf(connection));
      return { ok: true, message: `Connected to ${found.name}` };
    },

    methods: {
      'create-order': integrationMethod({
        description:
          'Creates a paid order in the Shopify store for fulfilment (line_items, email, shipping_address).',
        permission: 'member',
        input: createOrderInput,
        // An automation's order: its lines as custom items, its shipping address and currency.
        inputFromOrder: (order, texts) => {
          const country = order.shippingCountry || order.country;
          return {
            ...texts,
            line_items: order.lines.map((line) => ({
              title: orderLineTitle(line),
              price: majorAmount(line.amountMinor).toFixed(2),
              quantity: line.qty,
            })),
            shipping_address: {
              first_name: order.firstName || undefined,
              last_name: order.lastName || undefined,
              address1: order.shippingAddress || order.address,
              city: order.shippingCity || order.city,
              province: order.shippingState || order.state || undefined,
              zip: order.shippingZip || order.zip || undefined,
              ...(/^[A-Za-z]{2}$/.test(country)
                ? { country_code: country }
                : { country: country || undefined }),
            },
            currency: order.currency,
          };
        },
        run: async (connection, input, context) => {
          const store = storeOf(connection);
          // An automation's step key marks the order, so a repeat after a lost answer can be found in Shopify.
          const sourceIdentifier = input.source_identifier ?? context.idempotencyKey;
          const order = {
            email: input.email,
            line_items: input.line_items,
            shipping_address: input.shipping_address,
            financial_status: 'paid',
            ...(input.currency ? { currency: input.currency } : {}),
            ...(input.note ? { note: input.note } : {}),
            ...(input.tags.length > 0 ? { tags: input.tags.join(', ') } : {}),
            ...(sourceIdentifier ? { source_name: 'funnelwork', source_identifier: sourceIdentifier } : {}),
            // The customer had our receipt already; the store fulfils it.
            send_receipt: false,
            send_fulfillment_receipt: false,
            inventory_behaviour: 'decrement_obeying_policy',
          };
          const answer = await request(context, store, 'POST', '/orders.json', { order });
          if (answer.status !== 201 && answer.status !== 200) throw refusal(answer, store.shopDomain);
          const created = (
            answer.json as {
              order?: { id?: number; name?: string; order_number?: number; admin_graphql_api_id?: string };
            } | null
          )?.order;
          if (!created?.id) throw new IntegrationError('Shopify answered without the order it created');
          return {
            order_id: created.id,
            name: created.name ?? null,
            order_number: created.order_number ?? null,
            admin_url: `https://${store.shopDomain}/admin/orders/${created.id}`,
          };
        },
      }),
    },
  };
}
