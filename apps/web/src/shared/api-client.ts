import type { ArgsOf, DataOf, RowAddress } from '@funnelwork/domain/api/client';
import { type AnswerOf, type Endpoint, pathOf } from '@funnelwork/domain/api/endpoint';
import { authStore } from './auth-store.ts';
import { withoutFieldPrefix } from './field-errors.ts';

export { addressOf, type DataOf, type RowAddress, type SentDataOf } from '@funnelwork/domain/api/client';

/**
 * "Failed calls return an error object with the response info rather than throwing."
 * `error` and `info.data` carry the server's error message.
 */
export type ApiFailure = {
  error: string;
  info: { status: number; data: string; code?: string; field?: string };
};
export type ApiResult<T> = { data: T; error?: undefined } | ApiFailure;

type CallOptions = {
  body?: unknown;
  form?: Record<string, string>;
  /** A multipart body (file uploads); the browser sets its content type and boundary. */
  multipart?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Answer the whole `{data, meta}` body instead of its `data` (for paged lists). */
  keepEnvelope?: boolean;
  /** Let the request outlive the page (a save sent as the page unloads; bodies up to 64 KB). */
  keepalive?: boolean;
};

type FailureListener = (failure: ApiFailure) => void;
const failureListeners = new Set<FailureListener>();

/** The app listens here to turn failures such as 'restricted area: access denied' into notices. */
export function onApiFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

export const NETWORK_ERROR = 'Network error';

async function api<T>(method: string, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const url = `/api/${path}${params.size > 0 ? `?${params}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = authStore.get().token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, ...(options.keepalive && { keepalive: true }) });
  } catch {
    return fail({ error: NETWORK_ERROR, info: { status: 0, data: NETWORK_ERROR } });
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  // "Any response carrying an error field" is a failure, whatever the status.
  const failure = errorField(payload);
  if (!response.ok || failure) {
    const message = failure?.message
      ? withoutFieldPrefix(failure.message, failure.field)
      : `Request failed (${response.status})`;
    if (token && response.status === 401) authStore.clear();
    if (token && failure?.code === 'no_account') authStore.setAccountId(null);
    return fail({
      error: message,
      info: { status: response.status, data: message, code: failure?.code, field: failure?.field },
    });
  }
  const data = !options.keepEnvelope && isObject(payload) && 'data' in payload ? payload.data : payload;
  return { data: data as T };
}

function fail(failure: ApiFailure): ApiFailure {
  for (const listener of failureListeners) listener(failure);
  return failure;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorField(payload: unknown): { message?: string; code?: string; field?: string } | null {
  if (!isObject(payload) || !('error' in payload) || !payload.error) return null;
  const error = payload.error;
  if (typeof error === 'string') return { message: error };
  if (!isObject(error)) return { message: String(error) };
  const pick = (key: string) => (typeof error[key] === 'string' ? (error[key] as string) : undefined);
  return { message: pick('message'), code: pick('code'), field: pick('field') };
}

/** For react-query reads: a failed call becomes a thrown Error carrying the response info. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error);
  }
}

export type ListMeta = { count: number; per_page: number; total_pages: number };
export type PagedList<T> = { data: T[]; meta: ListMeta };

/** What the dashboard's calls may add to a row's input. */
type WebExtra = Pick<CallOptions, 'multipart' | 'keepalive'>;

/**
 * A call to a row of the endpoint table (packages/domain/src/api/): the address, method and types come from
 * the row, so a contract change breaks the caller at compile time. The table is imported by lazily loaded
 * feature code only; this module imports nothing of it but types and `pathOf` (no zod).
 */
export function call<E extends Endpoint>(
  endpoint: E | RowAddress<E>,
  ...[input]: ArgsOf<E, WebExtra>
): Promise<ApiResult<DataOf<E>>> {
  return api<DataOf<E>>(endpoint.method, ...requestOf(endpoint, input));
}

/** The `api` path (after /api/) and options of a call. */
function requestOf(endpoint: Pick<Endpoint, 'path'>, input: unknown): [string, CallOptions] {
  const { params, ...options } = (input ?? {}) as CallOptions & { params?: Record<string, unknown> };
  return [pathOf(endpoint.path, params).slice('/api/'.length), options];
}

/** `call`, throwing an ApiError on failure (react-query reads and mutations). */
export async function callOrThrow<E extends Endpoint>(
  endpoint: E | RowAddress<E>,
  ...input: ArgsOf<E, WebExtra>
): Promise<DataOf<E>> {
  const result = await call(endpoint, ...input);
  if (result.error !== undefined) throw new ApiError(result);
  return result.data;
}

/** A paged list row (`{data: [...], meta}`): the whole body, typed by the row's answer schema. */
export async function callPageOrThrow<E extends Endpoint>(
  endpoint: E | RowAddress<E>,
  ...[input]: ArgsOf<E, WebExtra>
): Promise<AnswerOf<E>> {
  const [path, options] = requestOf(endpoint, input);
  const result = await api<AnswerOf<E>>(endpoint.method, path, { ...options, keepEnvelope: true });
  if (result.error !== undefined) throw new ApiError(result);
  return result.data;
}
