import { createHash } from 'node:crypto';
import { MAILCHIMP_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { z } from 'zod';
import { TooManyRequestsError } from '../../../plugins/errors.ts';
import {
  type Connection,
  type IntegrationAdapter,
  type IntegrationContext,
  IntegrationError,
  integrationMethod,
} from '../integrations.adapter.ts';
import {
  type BackoffPolicy,
  callService,
  retryAfterOf,
  type ServiceAnswer,
  secretField,
  sendWithBackoff,
  textOf,
  unexpectedAnswer,
} from '../integrations.http.ts';

const SERVICE = 'Mailchimp';

/** `<32 hex>-<data center>`: the data center (us21) picks the API host. */
const API_KEY = /^[0-9A-Za-z]{8,64}-([a-z]{2,8}\d{1,4})$/;

/** What a merchant is told when the key typed is not one: the shape Mailchimp's keys have. */
export const MAILCHIMP_KEY_FORMAT =
  'A Mailchimp API key looks like f0e1d2c3b4a5968778695a4b3c2d1e0f-us21: 32 letters and digits, a dash and your data center (us21)';

/** The API address of a data center: `{dc}` in the configured base is replaced, e.g. https://us21.api.mailchimp.com. */
export function mailchimpBase(configured: string, dataCenter: string): string {
  return configured.replace('{dc}', dataCenter).replace(/\/+$/, '');
}

/** Mailchimp identifies a list member by the MD5 hash of the lower-case e-mail address. */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

/** Mailchimp's field names in "Invalid Resource" errors, as the method's input names them. */
const FIELD_NAMES: Record<string, string> = {
  email_address: 'email',
  'merge_fields.FNAME': 'first_name',
  'merge_fields.LNAME': 'last_name',
  status_if_new: 'status_if_new',
};

/**
 * Turns a Mailchimp problem-details answer (`{type, title, status, detail, errors?}`) into a refusal:
 * a bad key is 422 saying so, "Invalid Resource" is 400 naming the field, the rest 422 with Mailchimp's words.
 */
function refusal(answer: ServiceAnswer, defaultField?: string): Error {
  const title = textOf(answer.json, 'title') ?? '';
  const detail = textOf(answer.json, 'detail') ?? '';
  const said = [title, detail].filter(Boolean).join(': ');
  if (answer.status === 401) {
    return new IntegrationError(
      `Mailchimp refused the API key${detail ? ` (${detail})` : ''}; check it, or create a new one in Mailchimp under Profile → Extras → API keys`,
      422,
      'api_key',
    );
  }
  if (answer.status === 400 && title === 'Invalid Resource') {
    const errors = (answer.json as { errors?: Array<{ field?: unknown; message?: unknown }> }).errors;
    const first = Array.isArray(errors) ? errors[0] : undefined;
    const theirs = typeof first?.field === 'string' ? first.field : '';
    const field = (theirs && (FIELD_NAMES[theirs] ?? theirs)) || defaultField || 'data';
    const message = typeof first?.message === 'string' ? first.message : detail;
    return new IntegrationError(`${field}: ${message || 'is not valid'}`, 400, field);
  }
  if (answer.status === 429) {
    // Still limited after the back-off: a 429 with Retry-After, so a delivery or step tries again later.
    return new TooManyRequestsError(
      `Mailchimp is limiting this account's requests; try again shortly (${detail})`,
      Math.max(1, Math.ceil(retryAfterOf(answer) ?? 60)),
    );
  }
  if (answer.status >= 400 && answer.status < 500 && said)
    return new IntegrationError(`Mailchimp refused: ${said}`);
  return unexpectedAnswer(SERVICE, answer.status);
}

const authorization = (apiKey: string) =>
  `Basic ${Buffer.from(`funnelwork:${apiKey}`, 'utf8').toString('base64')}`;

const listAudiencesInput = z.object({
  count: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
});

const subscribeInput = z.object({
  list_id: z
    .string()
    .trim()
    .regex(
      /^[0-9A-Za-z]{1,64}$/,
      'list_id is the audience id (Audience → Settings → Audience name and defaults)',
    ),
  email: z.email('email must be an e-mail address').max(254),
  first_name: z.string().trim().max(255).optional(),
  last_name: z.string().trim().max(255).optional(),
  /** Other merge fields by their tag (PHONE, BIRTHDAY …). */
  merge_fields: z.record(z.string().regex(/^[A-Z0-9_]{1,10}$/), z.string().max(255)).optional(),
  /** Tags added to the member (created in the audience when new). */
  tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** A new member is subscribed, or sent a confirmation e-mail first (double opt-in); existing ones keep their status. */
  status_if_new: z.enum(['subscribed', 'pending']).default('subscribed'),
});

/**
 * The e-mail-marketing platform: Mailchimp Marketing API v3. Connect with an API key (Basic auth,
 * the data center taken from the key), checked with `GET /3.0/ping`; list the audiences and add or
 * update a subscriber with tags (`PUT /lists/{id}/members/{md5}`, then `POST …/tags`). A 429 or 5xx is
 * retried with the Sheets adapter's back-off (`sendWithBackoff`); still limited, it is a 429 with Retry-After.
 */
export function createMailchimpAdapter({
  apiBase,
  retry,
}: {
  apiBase: string;
  /** Back-off on 429 and 5xx (every call is safe to repeat: PUT is add-or-update, tags are set active). */
  retry: BackoffPolicy;
}): IntegrationAdapter {
  function request(
    context: IntegrationContext,
    secrets: { apiKey: string; dataCenter: string },
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: unknown,
  ) {
    const url = `${mailchimpBase(apiBase, secrets.dataCenter)}/3.0${path}`;
    return sendWithBackoff(
      () =>
        callService(context, SERVICE, url, {
          method,
          headers: {
            authorization: authorization(secrets.apiKey),
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      retry,
      (status) => status === 429 || status >= 500,
    );
  }

  function keyOf(connection: Connection) {
    const apiKey = connection.secrets.api_key ?? '';
    const dataCenter = API_KEY.exec(apiKey)?.[1];
    if (!dataCenter) throw new IntegrationError('Reconnect Mailchimp: the stored API key is missing');
    return { apiKey, dataCenter };
  }

  async function ping(context: IntegrationContext, secrets: { apiKey: string; dataCenter: string }) {
    const answer = await request(context, secrets, 'GET', '/ping');
    if (answer.status !== 200) throw refusal(answer);
    return textOf(answer.json, 'health_status') ?? 'OK';
  }

  return {
    integrationId: MAILCHIMP_INTEGRATION_ID,
    customConnect: false,
    connectFields: [
      {
        key: 'api_key',
        label: 'API key',
        type: 'secret',
        required: true,
        help: 'In Mailchimp: Profile → Extras → API keys. It looks like f0e1d2c3b4a5968778695a4b3c2d1e0f-us21. Leave empty to keep the current key.',
      },
    ],

    async connect({ fields, previous }, context) {
      const apiKey = secretField(fields, 'api_key', previous);
      const dataCenter = API_KEY.exec(apiKey)?.[1];
      if (!dataCenter) {
        throw new IntegrationError(`api_key: ${MAILCHIMP_KEY_FORMAT}`, 400, 'api_key');
      }
      await ping(context, { apiKey, dataCenter });
      return { settings: { data_center: dataCenter }, secrets: { api_key: apiKey } };
    },

    async test(connection, context) {
      const health = await ping(context, keyOf(connection));
      return { ok: true, message: `Mailchimp answered: ${health}` };
    },

    methods: {
      'list-audiences': integrationMethod({
        description: 'Lists the audiences (lists) of the Mailchimp account, with their ids.',
        permission: 'member',
        input: listAudiencesInput,
        run: async (connection, input, context) => {
          const query = new URLSearchParams({
            count: String(input.count),
            offset: String(input.offset),
            fields: 'lists.id,lists.name,lists.stats.member_count,total_items',
          });
          const answer = await request(context, keyOf(connection), 'GET', `/lists?${query}`);
          if (answer.status !== 200) throw refusal(answer);
          const body = answer.json as {
            lists?: Array<{ id: string; name: string; stats?: { member_count?: number } }>;
            total_items?: number;
          };
          const lists = body.lists ?? [];
          return {
            audiences: lists.map((list) => ({
              id: list.id,
              name: list.name,
              member_count: list.stats?.member_count ?? null,
            })),
            total: body.total_items ?? lists.length,
          };
        },
      }),
      'add-subscriber': integrationMethod({
        description:
          'Adds a subscriber to an audience, or updates the one with that e-mail address, and adds the tags.',
        permission: 'member',
        input: subscribeInput,
        run: async (connection, input, context) => {
          const key = keyOf(connection);
          const hash = subscriberHash(input.email);
          const member = `/lists/${encodeURIComponent(input.list_id)}/members/${hash}`;
          const mergeFields: Record<string, string> = { ...input.merge_fields };
          if (input.first_name !== undefined) mergeFields.FNAME = input.first_name;
          if (input.last_name !== undefined) mergeFields.LNAME = input.last_name;
          const upserted = await request(context, key, 'PUT', member, {
            email_address: input.email.trim(),
            status_if_new: input.status_if_new,
            ...(Object.keys(mergeFields).length > 0 ? { merge_fields: mergeFields } : {}),
          });
          if (upserted.status === 404) {
            throw new IntegrationError(`list_id: Mailchimp has no audience ${input.list_id}`, 422, 'list_id');
          }
          if (upserted.status !== 200) throw refusal(upserted, 'email');
          if (input.tags.length > 0) {
            const tagged = await request(context, key, 'POST', `${member}/tags`, {
              tags: input.tags.map((name) => ({ name, status: 'active' })),
            });
            if (tagged.status !== 204 && tagged.status !== 200) throw refusal(tagged, 'tags');
          }
          const body = upserted.json as { id?: string; email_address?: string; status?: string };
          return {
            id: body.id ?? hash,
            email: body.email_address ?? input.email,
            status: body.status ?? null,
            list_id: input.list_id,
            tags: input.tags,
          };
        },
      }),
    },
  };
}
