import { randomInt } from 'node:crypto';
import { GA4_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
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
import { callService, requiredField, secretField, unexpectedAnswer } from '../integrations.http.ts';

const SERVICE = 'Google Analytics';
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

type Ga4Event = { name: string; params: Record<string, unknown> };
type ValidationMessage = { fieldPath?: string; description?: string; validationCode?: string };

/** A client id in gtag's form (random.seconds), for events that come with none. */
export const newClientId = () =>
  `${randomInt(1_000_000_000, 2_000_000_000)}.${Math.floor(Date.now() / 1000)}`;

const who = {
  /** The visitor's GA client id (the `_ga` cookie's last two parts); a new one when absent. */
  client_id: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,100}$/, 'client_id is the GA client id, e.g. 1234567890.1700000000')
    .optional(),
  /** Your own id of the customer (GA4 User-ID). */
  user_id: z.string().trim().min(1).max(256).optional(),
  /** Sends to the validation server instead and answers its validationMessages (nothing is recorded). */
  validate_only: z.boolean().default(false),
};

// GA4 limits: parameter values up to 100 characters, up to 200 items per event.
const text100 = z.string().trim().min(1).max(100);
const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency is a three-letter ISO 4217 code, e.g. USD');

const item = z
  .object({
    item_id: text100.optional(),
    item_name: text100.optional(),
    price: z.number().min(0).optional(),
    quantity: z.number().int().min(1).max(1_000_000).default(1),
    item_category: text100.optional(),
    item_variant: text100.optional(),
  })
  .refine((value) => value.item_id !== undefined || value.item_name !== undefined, {
    message: 'each item needs an item_id or an item_name',
    path: ['item_id'],
  });

const purchaseInput = z.object({
  ...who,
  transaction_id: text100,
  value: z.number().min(0),
  currency,
  items: z.array(item).min(1, 'items: at least one item').max(200),
  coupon: text100.optional(),
  shipping: z.number().min(0).optional(),
  tax: z.number().min(0).optional(),
});

const leadInput = z
  .object({
    ...who,
    value: z.number().min(0).optional(),
    currency: currency.optional(),
    lead_source: text100.optional(),
  })
  .refine((value) => value.value === undefined || value.currency !== undefined, {
    message: 'currency is required with value',
    path: ['currency'],
  });

/** Drops undefined parameters (GA4 refuses nulls). */
const params = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

/**
 * The analytics service: the GA4 Measurement Protocol. Connect with a web stream's measurement id and
 * a Measurement Protocol API secret, checked by sending a sample event to the validation server
 * (`/debug/mp/collect`, which answers validationMessages and records nothing); `purchase` and
 * `generate_lead` events are sent server-side to `/mp/collect`. A regional collection address
 * (region1.google-analytics.com in the EU) is a custom-connect.
 */
export function createGa4Adapter({ apiBase }: { apiBase: string }): IntegrationAdapter {
  function send(
    context: IntegrationContext,
    base: string,
    credentials: { measurementId: string; apiSecret: string },
    body: Record<string, unknown>,
    debug: boolean,
  ) {
    const query = new URLSearchParams({
      measurement_id: credentials.measurementId,
      api_secret: credentials.apiSecret,
    });
    const path = debug ? '/debug/mp/collect' : '/mp/collect';
    return callService(context, SERVICE, `${base.replace(/\/+$/, '')}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Sends to the validation server; answers its messages ([] when the events are valid). */
  async function validate(
    context: IntegrationContext,
    base: string,
    credentials: { measurementId: string; apiSecret: string },
    body: Record<string, unknown>,
  ): Promise<ValidationMessage[]> {
    const answer = await send(context, base, credentials, body, true);
    if (answer.status !== 200) throw unexpectedAnswer(SERVICE, answer.status);
    const messages = (answer.json as { validationMessages?: unknown } | null)?.validationMessages;
    if (!Array.isArray(messages))
      throw new IntegrationError('The GA4 validation server gave no validationMessages');
    return messages as ValidationMessage[];
  }

  const sample = () => ({
    client_id: newClientId(),
    events: [
      { name: 'generate_lead', params: { currency: 'USD', value: 0, lead_source: 'funnelwork_test' } },
    ],
  });

  function credentialsOf(connection: Connection) {
    const measurementId = String(connection.settings.measurement_id ?? '');
    const apiSecret = connection.secrets.api_secret ?? '';
    if (!measurementId || !apiSecret) {
      throw new IntegrationError('Reconnect Google Analytics 4: the stored API secret is missing');
    }
    return { measurementId, apiSecret };
  }

  const describe = (messages: ValidationMessage[]) =>
    messages
      .map((m) => `${m.fieldPath ? `${m.fieldPath}: ` : ''}${m.description ?? m.validationCode}`)
      .join('; ');

  /** Sends one event (or validates it), answering what was sent. */
  async function sendEvent(
    connection: Connection,
    context: IntegrationContext,
    input: { client_id?: string; user_id?: string; validate_only: boolean },
    event: Ga4Event,
  ) {
    const credentials = credentialsOf(connection);
    const base = connection.apiBase ?? apiBase;
    const clientId = input.client_id ?? newClientId();
    const body = params({ client_id: clientId, user_id: input.user_id, events: [event] });
    if (input.validate_only) {
      const messages = await validate(context, base, credentials, body);
      return {
        validated: true,
        valid: messages.length === 0,
        validation_messages: messages,
        client_id: clientId,
      };
    }
    const answer = await send(context, base, credentials, body, false);
    // The Measurement Protocol answers 2xx even for malformed events; anything else is a failure.
    if (answer.status < 200 || answer.status >= 300) throw unexpectedAnswer(SERVICE, answer.status);
    return { sent: true, event: event.name, client_id: clientId };
  }

  return {
    integrationId: GA4_INTEGRATION_ID,
    customConnect: true,
    connectFields: [
      {
        key: 'measurement_id',
        label: 'Measurement ID',
        type: 'text',
        required: true,
        help: 'Admin → Data streams → your web stream, e.g. G-ABC123XYZ',
      },
      {
        key: 'api_secret',
        label: 'Measurement Protocol API secret',
        type: 'secret',
        required: true,
        help: 'In the same data stream: Measurement Protocol API secrets → Create. Leave empty to keep the current secret.',
      },
    ],

    async connect({ fields, apiBase: custom, previous }, context) {
      const measurementId = requiredField(
        fields,
        'measurement_id',
        (text) => {
          const id = text.toUpperCase();
          return MEASUREMENT_ID.test(id) ? id : null;
        },
        'a GA4 web stream measurement ID starts with G-, e.g. G-ABC123XYZ',
      );
      const apiSecret = secretField(fields, 'api_secret', previous, {
        sameTarget: previous?.settings.measurement_id === measurementId,
        format: { pattern: /^[\w-]{8,100}$/, message: 'paste the secret value as GA4 shows it' },
      });
      const messages = await validate(context, custom ?? apiBase, { measurementId, apiSecret }, sample());
      if (messages.length > 0) {
        throw new IntegrationError(`Google Analytics refused a sample event: ${describe(messages)}`);
      }
      return { settings: { measurement_id: measurementId }, secrets: { api_secret: apiSecret } };
    },

    async test(connection, context) {
      const messages = await validate(
        context,
        connection.apiBase ?? apiBase,
        credentialsOf(connection),
        sample(),
      );
      if (messages.length > 0)
        return { ok: false, message: `The validation server refused: ${describe(messages)}` };
      return {
        ok: true,
        message:
          'The GA4 validation server accepted a sample event (it does not check the API secret: see Realtime in GA4 after a real event)',
      };
    },

    methods: {
      'send-purchase': integrationMethod({
        description: 'Sends a purchase event (transaction_id, value, currency, items) to GA4, server-side.',
        permission: 'member',
        input: purchaseInput,
        // An automation's order: its number as the transaction, its total, currency and lines.
        inputFromOrder: (order, texts) => ({
          ...texts,
          transaction_id: order.orderNumber,
          value: majorAmount(order.amountMinor),
          currency: order.currency,
          items: order.lines.map((line) => ({
            item_id: String(line.productId),
            item_name: orderLineTitle(line),
            price: majorAmount(line.amountMinor),
            quantity: line.qty,
          })),
        }),
        run: (connection, input, context) =>
          sendEvent(connection, context, input, {
            name: 'purchase',
            params: params({
              transaction_id: input.transaction_id,
              value: input.value,
              currency: input.currency,
              coupon: input.coupon,
              shipping: input.shipping,
              tax: input.tax,
              items: input.items.map((entry) => params(entry)),
            }),
          }),
      }),
      'send-lead': integrationMethod({
        description: 'Sends a generate_lead event (an opt-in) to GA4, server-side.',
        permission: 'member',
        input: leadInput,
        run: (connection, input, context) =>
          sendEvent(connection, context, input, {
            name: 'generate_lead',
            params: params({ value: input.value, currency: input.currency, lead_source: input.lead_source }),
          }),
      }),
    },
  };
}
