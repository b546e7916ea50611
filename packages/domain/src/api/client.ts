import {
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type HttpMethod,
  type ParamsOf,
  pathOf,
  type QueryOf,
} from './endpoint.ts';

/*
 * The typed client of the endpoint table: a call names a row and passes what its schemas say, and gets back
 * what its answer schema says, so a contract change breaks every caller at compile time. The dashboard's
 * client (apps/web/src/shared/api-client.ts) and the Node client below (benchmarks, scripts) share these
 * types. Nothing here imports zod: the dashboard's first load uses it.
 */

type UrlQuery = Record<string, string | number | boolean | undefined>;

/** What a call to a row sends: its path parameters, query and body, as its schemas say. */
export type CallInput<E extends Endpoint> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  // A row without a query or body schema leaves them to its route (a few still parse their own).
  (QueryOf<E> extends undefined ? { query?: UrlQuery } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined
    ? { body?: unknown; form?: Record<string, string> }
    : undefined extends BodyOf<E>
      ? { body?: BodyOf<E> }
      : // A form row (sign-in) sends its body's fields as a form instead of JSON.
        { body: BodyOf<E> } | { form: BodyOf<E> & Record<string, string> });

/** The call's arguments: the input may be left out when every part of it is optional. */
export type ArgsOf<E extends Endpoint, Extra = unknown> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E> & Extra] : [input: CallInput<E> & Extra];

/** The answer's `data`, as the row's answer schema says (the whole body for a row without `data`). */
export type DataOf<E extends Endpoint> = AnswerOf<E> extends { data: infer D } ? D : AnswerOf<E>;

/** What a write sends as its body's `data`, as the row's body schema says: the form a screen fills. */
export type SentDataOf<E extends Endpoint> =
  NonNullable<BodyOf<E>> extends { data?: infer D } ? NonNullable<D> : never;

/**
 * A row by its method and path alone, for code that may not import the table (its schemas bring zod):
 * `addressOf<typeof usersEndpoints.getUsersMe>('GET', '/api/users/me')` with the table imported as a type.
 * The compiler holds both strings to the row's; the types are the row's.
 */
export type RowAddress<E extends Endpoint> = Pick<E, 'method' | 'path'> & { readonly row?: E };

export function addressOf<E extends Endpoint>(method: E['method'], path: E['path']): RowAddress<E> {
  return { method, path };
}

/** One HTTP exchange of a call: the URL is the row's path with its parameters and the query. */
export type ApiRequest = { method: HttpMethod; url: string; headers: Record<string, string>; body?: string };
export type ApiResponse = { status: number; text: string };
/** Carries a request: `fetchTransport(base)`, or a test's or benchmark's own (Fastify's `inject`). */
export type Transport = (request: ApiRequest) => Promise<ApiResponse>;

/** The request of a call, before the transport: URL (with the query), headers and the encoded body. */
export function requestOf(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  input: { params?: unknown; query?: unknown; body?: unknown; form?: Record<string, string> } | undefined,
): ApiRequest {
  const { params, query, body, form } = input ?? {};
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as UrlQuery)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const url = `${pathOf(endpoint.path, params as Record<string, unknown> | undefined)}${search.size > 0 ? `?${search}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { method: endpoint.method, url, headers, body: new URLSearchParams(form).toString() };
  }
  if (body === undefined) return { method: endpoint.method, url, headers };
  headers['content-type'] = 'application/json';
  return { method: endpoint.method, url, headers, body: JSON.stringify(body) };
}

/** A failed call: the status and the server's `{error: {message, code, field}}`. */
export class ApiCallError extends Error {
  constructor(
    readonly request: ApiRequest,
    readonly status: number,
    readonly code: string | undefined,
    readonly text: string,
  ) {
    super(`${request.method} ${request.url} answered ${status}: ${text.slice(0, 300)}`);
  }
}

/** `fetch` against a server's origin (`http://127.0.0.1:3000`). */
export const fetchTransport =
  (origin: string): Transport =>
  async ({ method, url, headers, body }) => {
    const response = await fetch(`${origin}${url}`, { method, headers, body });
    return { status: response.status, text: await response.text() };
  };

export type ApiClient = {
  /** The answer's `data` (the whole body for a row without one); a failure throws ApiCallError. */
  call<E extends Endpoint>(endpoint: E | RowAddress<E>, ...input: ArgsOf<E>): Promise<DataOf<E>>;
  /** A paged list row: the whole `{data, meta}` body. */
  page<E extends Endpoint>(endpoint: E | RowAddress<E>, ...input: ArgsOf<E>): Promise<AnswerOf<E>>;
  /** The same client acting with a bearer token (a session's or an API key's). */
  as(token: string): ApiClient;
};

/** The Node client: every call goes through `transport`, with `token` as the bearer when given. */
export function createApiClient(transport: Transport, token?: string): ApiClient {
  async function send(endpoint: Pick<Endpoint, 'method' | 'path'>, input: unknown): Promise<unknown> {
    const request = requestOf(endpoint, input as Parameters<typeof requestOf>[1]);
    if (token) request.headers.authorization = `Bearer ${token}`;
    const response = await transport(request);
    const payload: unknown = response.text ? JSON.parse(response.text) : null;
    const error = isObject(payload) && isObject(payload.error) ? payload.error : null;
    if (response.status >= 400 || error) {
      const code = typeof error?.code === 'string' ? error.code : undefined;
      throw new ApiCallError(request, response.status, code, response.text);
    }
    return payload;
  }
  return {
    async call(endpoint, ...[input]) {
      const payload = await send(endpoint, input);
      return (isObject(payload) && 'data' in payload ? payload.data : payload) as never;
    },
    async page(endpoint, ...[input]) {
      return (await send(endpoint, input)) as never;
    },
    as: (next) => createApiClient(transport, next),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
