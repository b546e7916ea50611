import type { SwaggerOptions } from '@fastify/swagger';
import { EVENT_CATALOGUE, EVENT_NAMES, type EventName } from '@funnelwork/domain/events/catalogue';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document served at /api/docs/json, shaped for outside tools (redocly's recommended
 * rules, openapi-typescript): every operation takes its summary, tag, description, schemas and
 * security from its row of the endpoint table (packages/domain/src/api/endpoints.ts), gets an
 * operationId derived from its method and path, and the error answers it can give. Only /api/ routes are described: published pages and their /_fw/ endpoints
 * are for shoppers' browsers, not for API clients.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment && segment !== 'api');
const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `get /api/orders/{id}/timeline` → `getOrdersByIdTimeline`: stable, unique per method and path. */
export function operationIdOf(method: string, path: string): string {
  const parts = segmentsOf(path).map((segment) => {
    const name = segment.replace(/^[{:]|}$/g, '');
    const camel = name
      .split(/[^a-zA-Z0-9]+/)
      .filter(Boolean)
      .map(capital)
      .join('');
    return isParam(segment) ? `By${camel}` : camel;
  });
  return `${method.toLowerCase()}${parts.join('')}`;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error object every 4xx and 5xx answer carries. */
const ERROR_COMPONENTS = {
  schemas: {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['message', 'code', 'status'],
          properties: {
            message: { type: 'string', description: 'For people: what went wrong, naming the field.' },
            code: { type: 'string', description: 'For programs: `validation_error`, `not_found` …' },
            status: { type: 'integer', description: 'The HTTP status again.' },
            field: { type: 'string', description: 'The input at fault (`data.email`), when there is one.' },
          },
        },
      },
    },
  },
  responses: {
    BadRequest: errorAnswer('The request is malformed or a value is invalid; `field` names it.'),
    Unauthorized: errorAnswer('No valid session token or API key.'),
    Forbidden: errorAnswer("The member's permissions or the API key's scopes do not allow this."),
    NotFound: errorAnswer('No such resource in this account.'),
    TooManyRequests: errorAnswer('The API key went over its rate limit; `Retry-After` says when to retry.'),
  },
};

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
};
type Document = {
  openapi: string;
  webhooks?: Record<string, unknown>;
  servers?: Array<{ url: string }>;
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const pascal = (name: string) =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .map(capital)
    .join('');
const eventSchemaName = (name: EventName) => `${pascal(name)}EventV${EVENT_CATALOGUE[name].version}`;

/** Each event's delivery body as a component: the envelope around its public payload (events/catalogue.ts). */
function eventSchemas(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_NAMES.map((name) => {
      const { $schema: _, ...data } = z.toJSONSchema(EVENT_CATALOGUE[name].payload, {
        target: 'draft-2020-12',
      });
      return [
        eventSchemaName(name),
        {
          type: 'object',
          description: `${EVENT_CATALOGUE[name].label}, payload version ${EVENT_CATALOGUE[name].version}.`,
          required: ['id', 'type', 'version', 'created_at', 'data'],
          properties: {
            id: {
              type: ['string', 'integer'],
              description: 'The event id, the same on every attempt (webhook-id): dedupe on it.',
            },
            type: { const: name },
            version: { const: EVENT_CATALOGUE[name].version },
            created_at: { type: 'string', format: 'date-time' },
            data,
          },
        },
      ];
    }),
  );
}

const SIGNATURE_HEADERS = [
  ['webhook-id', 'The event id, the same on every attempt and Resend.'],
  ['webhook-timestamp', 'When this attempt was signed, in unix seconds.'],
  [
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`; two, space-separated, after a rotation.',
  ],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

/** The OpenAPI 3.1 `webhooks`: what the Webhook integration and REST hooks POST to the merchant's URL. */
function eventWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_NAMES.filter((name) =>
      EVENT_CATALOGUE[name].channels.some((c) => c === 'webhooks' || c === 'rest_hooks'),
    ).map((name) => [
      name,
      {
        post: {
          operationId: `webhook${pascal(name)}`,
          summary: EVENT_CATALOGUE[name].label,
          description:
            'Signed as Standard Webhooks says with the signing secret (docs/webhooks.md); answer 2xx within 10 s, anything else is retried for 24 h.',
          tags: ['webhooks'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(name)}` } },
            },
          },
          responses: {
            '2XX': { description: 'Received; it is not sent again.' },
            '400': { description: 'The signature did not verify: the attempt is retried like any failure.' },
          },
        },
      },
    ]),
  );
}

/** Names, tags and error answers on every operation of the finished document. */
export function completeDocument<T>(input: T, publicUrl: string): T {
  const doc = input as Document;
  doc.servers = [{ url: publicUrl }];
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ...ERROR_COMPONENTS.schemas, ...eventSchemas() },
    responses: { ...doc.components?.responses, ...ERROR_COMPONENTS.responses },
  };
  doc.webhooks = eventWebhooks();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.responses ??= {};
      const responses = operation.responses;
      const add = (status: string, name: keyof typeof ERROR_COMPONENTS.responses) => {
        responses[status] ??= { $ref: `#/components/responses/${name}` };
      };
      add('400', 'BadRequest');
      const secured = operation.security === undefined || operation.security.length > 0;
      if (secured) {
        add('401', 'Unauthorized');
        add('403', 'Forbidden');
      }
      if (path.includes('{')) add('404', 'NotFound');
      if (operation.security?.some((requirement) => 'apiKey' in requirement)) add('429', 'TooManyRequests');
    }
  }
  return input;
}

/** @fastify/swagger's options: the document, and each route's part of it. */
export function openapiOptions({
  version,
  publicUrl,
}: {
  version: string;
  publicUrl: string;
}): SwaggerOptions {
  return {
    // The schemas named in zod's registry (recursive ones such as AutomationStep) as components.
    transformObject: (documentObject) =>
      completeDocument(jsonSchemaTransformObject(documentObject), publicUrl),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Funnelwork API',
        version,
        description:
          'The API the Funnelwork dashboard uses. Developer apps call the operations that name an API-key scope with `Authorization: Bearer fw_…`; see docs/api.md and docs/webhooks.md.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Funnelwork' },
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A member's session token (sign_in)." },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'fw_…',
            description:
              "A developer app's API key (`Authorization: Bearer fw_…`): only operations whose `x-funnelwork-scope` is one of the app's scopes; rate-limited per key (429 with Retry-After).",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    // An operation an API key may call names its scope: in `security` (OpenAPI 3.1 lets non-OAuth
    // schemes list roles) and as `x-funnelwork-scope`. Public routes need no token.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/')) return { ...output, schema: { ...output.schema, hide: true } };
      const row = input.route.config?.endpoint;
      const security = row?.scope
        ? { security: [{ bearer: [] }, { apiKey: [row.scope] }], 'x-funnelwork-scope': row.scope }
        : row?.access && 'public' in row.access
          ? { security: [] }
          : {};
      return { ...output, schema: { ...output.schema, ...security } } as typeof output;
    },
  };
}
