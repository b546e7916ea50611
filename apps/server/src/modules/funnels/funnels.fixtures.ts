import { createApiClient, type ApiClient as TypedApiClient } from '@funnelwork/domain/api/client';
import type { FastifyInstance, InjectOptions } from 'fastify';

type Headers = Record<string, string>;
type Query = Record<string, string | number | boolean>;

/** A small API client for tests: JSON bodies wrapped as `{data: …}`. */
export function apiClient(app: FastifyInstance, headers: Headers) {
  const send = (method: InjectOptions['method'], url: string, data?: unknown, query?: Query) =>
    app.inject({
      method,
      url: `/api/${url}`,
      headers,
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      ...(data !== undefined ? { payload: { data } } : {}),
    });
  return {
    get: (url: string, query?: Query) => send('GET', url, undefined, query),
    post: (url: string, data?: unknown, query?: Query) => send('POST', url, data, query),
    put: (url: string, data?: unknown, query?: Query) => send('PUT', url, data, query),
    patch: (url: string, data?: unknown, query?: Query) => send('PATCH', url, data, query),
    delete: (url: string, query?: Query) => send('DELETE', url, undefined, query),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * The endpoint table's typed client (packages/domain/src/api/client.ts) answered in process by `inject`,
 * acting with `token`: a call names a row, so a contract change breaks the test at compile time.
 */
export function typedClient(app: FastifyInstance, token: string): TypedApiClient {
  return createApiClient(async ({ method, url, headers, body }) => {
    const response = await app.inject({ method, url, headers, ...(body !== undefined && { payload: body }) });
    return { status: response.statusCode, text: response.body };
  }, token);
}

/** Creates a funnel and answers its API shape. */
export async function createFunnel(api: ApiClient, data: Record<string, unknown> = {}) {
  const res = await api.post('funnels', { name: 'Summer sale', funnel_type: 1, ...data });
  if (res.statusCode !== 201) throw new Error(`funnel not created: ${res.body}`);
  return res.json().data as { id: number; name: string; path: string; funnel_type: number };
}

/** Publishes the funnel's drafts (issue 36): what a test means by "live for shoppers". */
export async function publishFunnel(api: ApiClient, funnelId: number) {
  const res = await api.post(`funnels/${funnelId}/publish`);
  if (res.statusCode !== 200) throw new Error(`funnel not published: ${res.body}`);
}

/** Creates a step of a second-kind funnel and answers its API shape. */
export async function createStep(api: ApiClient, funnelId: number, data: Record<string, unknown> = {}) {
  const res = await api.post(`wfunnels/${funnelId}/steps`, { name: 'Checkout', type: 1, ...data });
  if (res.statusCode !== 201) throw new Error(`step not created: ${res.body}`);
  return res.json().data as {
    id: number;
    url: string;
    order_index: number;
    pages: Array<{ id: number; ab_percent: number }>;
  };
}

/**
 * A second person in `owner`'s account with the given permission flags, signed in with that account
 * selected. (They also own an account of their own, which the sign-up creates.)
 */
export async function memberOf(
  t: { app: FastifyInstance; database: { db: import('../../db/client.ts').Db } },
  owner: { accountId: number },
  permissions: Record<string, boolean>,
) {
  const { members } = await import('../../db/schema/index.ts');
  const { signIn, signUpOwner } = await import('../../test/harness.ts');
  const person = await signUpOwner(t.app, { account_name: 'Own shop' });
  await t.database.db
    .insert(members)
    .values({ accountId: owner.accountId, userId: person.userId, permissions });
  const token = await signIn(t.app, person.email, person.password);
  const auth = { authorization: `Bearer ${token}` };
  const selected = await t.app.inject({
    method: 'POST',
    url: `/api/users/me/accounts/${owner.accountId}`,
    headers: auth,
  });
  if (selected.statusCode !== 200) throw new Error(`account not selected: ${selected.body}`);
  return { ...person, auth, api: apiClient(t.app, auth) };
}
