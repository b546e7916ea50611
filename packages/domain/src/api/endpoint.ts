import type { z } from 'zod';
import type { PermissionFlag } from '../account/permissions.ts';
import type { ApiScope } from '../developers/rules.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. A member needs `permission` (administrators pass every check); the other three
 * say why no flag is needed, in a sentence a reviewer can disagree with.
 */
export type Access =
  | { permission: PermissionFlag }
  /** Any member of the selected account (a write without a flag must say why). */
  | { anyMember: string }
  /** A signed-in user on their own session or profile: no account needs to be selected. */
  | { signedIn: string }
  /** No token at all (sign-in, webhooks from payment providers, published pages). */
  | { public: string };

/** One row of the endpoint table: everything the server, the OpenAPI document and the web client need. */
export type Endpoint = {
  method: HttpMethod;
  /** As Fastify writes it: `/api/orders/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
  /** The answer's status when it is not 200. */
  status?: 201 | 204;
  /** Reads may leave it out: any member of the selected account may read. */
  access?: Access;
  /** The scope an API key needs; without one, API keys are refused (403). */
  scope?: ApiScope;
  summary: string;
  tag: string;
  description?: string;
};

export type EndpointTable = Record<string, Endpoint>;

type SchemaIn<E, K extends string> = E extends { [key in K]: infer S extends z.ZodType } ? S : undefined;
/** What the server sends back (the answer schema's output). */
export type AnswerOf<E extends Endpoint> =
  SchemaIn<E, 'answer'> extends z.ZodType ? z.output<SchemaIn<E, 'answer'>> : unknown;
/** A URL's values are text: the keys are the schema's, the values anything that prints as one. */
type UrlValues<T> = { [K in keyof T]: undefined extends T[K] ? UrlValue | undefined : UrlValue };
// null is typed in for ids a disabled query holds; `pathOf` refuses it rather than call `/orders/null`.
type UrlValue = string | number | boolean | null;
export type ParamsOf<E extends Endpoint> =
  SchemaIn<E, 'params'> extends z.ZodType ? UrlValues<z.input<SchemaIn<E, 'params'>>> : undefined;
export type QueryOf<E extends Endpoint> =
  SchemaIn<E, 'query'> extends z.ZodType ? Partial<UrlValues<z.input<SchemaIn<E, 'query'>>>> : undefined;
export type BodyOf<E extends Endpoint> =
  SchemaIn<E, 'body'> extends z.ZodType ? z.input<SchemaIn<E, 'body'>> : undefined;

/** `{id: 5}` into `/api/orders/:id` → `/api/orders/5`. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
