import { z } from 'zod';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import { idQuery, idValue, isStorableText, jsonObject, pageQuery } from '../shared/inputs.ts';
import { INTEGRATION_EVENTS, INTEGRATION_KINDS } from './catalogue.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * The catalogue and the account's connections
 * -------------------------------------------------------------------------------------------- */

/** A field of an integration's connect form. */
export const connectFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['url', 'text', 'secret', 'events']),
  required: z.boolean(),
  help: z.string().optional(),
});
export type ConnectField = z.infer<typeof connectFieldSchema>;

/** A method `call-integration-method/{id}/{method}` runs, with its input as JSON Schema. */
export const integrationMethodSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Who may call it: 'admin' or any member ('member'). */
  permission: z.enum(['admin', 'member']),
  input_schema: z.record(z.string(), z.unknown()),
});

export const integrationInfoSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(INTEGRATION_KINDS),
  description: z.string(),
  /** This server has a working adapter for it. */
  available: z.boolean(),
  /** Why it cannot be connected although there is an adapter (a missing server setting), else null. */
  not_configured: z.string().nullable(),
  /** Listed, never connectable (the payment plugin). */
  inactive: z.boolean(),
  /** 'Connected', 'Switched off', 'Not connected', 'Not available yet', 'Not configured' or 'Inactive'. */
  status: z.string(),
  /** Can also be connected to a self-hosted or regional address of the service (custom-connect). */
  custom_connect: z.boolean(),
  connect_fields: z.array(connectFieldSchema),
  methods: z.array(integrationMethodSchema),
  user_integration_id: z.number().int().nullable(),
  active: z.boolean().nullable(),
});
export type IntegrationInfoAnswer = z.infer<typeof integrationInfoSchema>;
export const integrationListAnswerSchema = dataAnswer(z.array(integrationInfoSchema));

export const userIntegrationSchema = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  name: z.string(),
  /** The active/inactive switch: a switched-off connection receives nothing. */
  active: z.boolean(),
  connected: z.boolean(),
  connected_at: timestamp.nullable(),
  /** What the merchant entered that is not secret (the webhook's URL and events …). */
  settings: z.record(z.string(), z.unknown()),
  /** Where a custom-connected integration points. */
  api_base: z.string().nullable(),
  /** The names of the secrets held (sealed), never their values. */
  secrets: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type UserIntegration = z.infer<typeof userIntegrationSchema>;
export const userIntegrationAnswerSchema = dataAnswer(userIntegrationSchema);
export const userIntegrationListAnswerSchema = dataAnswer(z.array(userIntegrationSchema));

/** The connection just made, with the secrets it created shown this once (the webhook's signing secret). */
export const connectAnswerSchema = dataAnswer(
  userIntegrationSchema.extend({ revealed: z.record(z.string(), z.string()) }),
);

export const connectBodySchema = dataBody(
  z.object({
    integration_id: idValue(),
    /** The integration's connect form (`connect_fields`), checked by its adapter. */
    fields: jsonObject(),
  }),
);
export type ConnectBody = z.infer<typeof connectBodySchema>;

export const customConnectBodySchema = dataBody(
  z.object({
    integration_id: idValue(),
    /** The service's API address to use instead of its public one (a regional or self-hosted instance). */
    api_base: z
      .string()
      .trim()
      .max(2000, 'api_base must be at most 2000 characters')
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        message: 'api_base must be an http or https URL',
      }),
    fields: jsonObject(),
  }),
);

export const disconnectBodySchema = dataBody(z.object({ id: idValue() }));

export const patchUserIntegrationBodySchema = dataBody(z.object({ active: z.boolean() }));

export const callMethodParamsSchema = z.object({
  id: idQuery(),
  /** A name from the catalogue's `methods` (an unknown one is 404, like an unknown id). */
  method: z.string().min(1).max(64, 'method must be at most 64 characters'),
});
export const callMethodBodySchema = dataBody(jsonObject());
export const callMethodAnswerSchema = dataAnswer(z.unknown());

/* ----------------------------------------------------------------------------------------------
 * The webhook integration
 * -------------------------------------------------------------------------------------------- */

export const WEBHOOK_URL_MAX = 2000;

/** A webhook's target: an http or https URL (the account webhook's and a funnel webhook's). */
export const webhookUrlSchema = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine(isStorableText, 'url may not hold NUL characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'url must be an http or https URL',
  });

/** The webhook's connect form. */
export const webhookFieldsSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(INTEGRATION_EVENTS, { error: `events are some of ${INTEGRATION_EVENTS.join(', ')}` }), {
      error: 'events is a list of event names',
    })
    .min(1, 'events: choose at least one event')
    .transform((events) => [...new Set(events)]),
});
export type WebhookFields = z.infer<typeof webhookFieldsSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  id: z.number().int(),
  /** `Funnelwork-Event-Id`: the same on every attempt and on a resend. */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  /** The receiver's answer, its first 500 characters. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  next_attempt_at: timestamp.nullable(),
  last_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryAnswerSchema = dataAnswer(deliverySchema);
export const deliveryListAnswerSchema = listAnswer(deliverySchema);

export const deliveriesQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(DELIVERY_STATUSES).optional(),
});

export const deliveryParamsSchema = z.object({ id: idQuery(), deliveryId: idQuery() });

/** Input of the webhook's `resend` method. */
export const resendInputSchema = z.object({ delivery_id: idValue() });
