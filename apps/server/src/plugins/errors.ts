import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/query-helpers.ts';

/** A failure the client can act on: the status, a message for people, a code for programs. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeFor(status),
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** 429: the client may try again after `retryAfterSeconds`, which the answer's Retry-After header says. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'too_many_requests',
  ) {
    super(429, message, code);
  }
}

function codeFor(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'too_many_requests';
    default:
      return status >= 500 ? 'internal_error' : 'error';
  }
}

export const ACCESS_DENIED = 'restricted area: access denied';
export const forbidden = () => new HttpError(403, ACCESS_DENIED, 'forbidden');
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`, 'not_found');

/** The answers of the two sign-up and invite pre-checks, which a lost race must repeat word for word. */
export const emailTaken = () =>
  new HttpError(409, 'An account with this e-mail already exists', 'email_taken', 'data.email');
export const alreadyMember = () =>
  new HttpError(409, 'This person is already a member of the account', 'conflict', 'data.email');

const taken = (field: string, message: string) => new HttpError(409, message, 'conflict', field);

/**
 * The request field each unique index guards. A request that passed a pre-check (or has none) and then
 * lost the insert to a concurrent one gets the 409 naming that field; an index missing here is kept by
 * the server alone, so its 409 names no field.
 */
const UNIQUE_INDEX_CONFLICTS: Record<string, () => HttpError> = {
  users_email_lower_idx: emailTaken,
  members_account_user_idx: alreadyMember,
  accounts_subdomain_idx: () => taken('data.subdomain', 'This subdomain is already taken'),
  customers_account_email_idx: () => taken('data.email', 'Another customer has this e-mail'),
  discounts_account_code_idx: () => taken('data.code', 'This discount code already exists'),
  domains_account_name_idx: () => taken('data.name', 'This domain is already in your account'),
  domains_verified_name_idx: () => taken('data.name', 'This domain is connected to another account'),
  funnels_account_path_idx: () => taken('data.path', 'A funnel with this path already exists'),
  steps_funnel_url_idx: () => taken('data.url', 'A step of this funnel already has this URL'),
  funnel_apps_funnel_app_idx: () => taken('data.app_id', 'This app is already in the funnel'),
  user_gateways_account_gateway_idx: () => taken('data.gateway_id', 'This gateway is already set up'),
};

/** A unique-index violation (PostgreSQL 23505) as a 409; undefined for any other error. */
function uniqueConflict(error: unknown): HttpError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  const conflict = UNIQUE_INDEX_CONFLICTS[e.constraint ?? e.cause?.constraint ?? ''];
  return (
    conflict?.() ?? new HttpError(409, 'A change made at the same time conflicts with this one; try again')
  );
}

/** Names the failing field, e.g. "data.email: Enter a valid e-mail address". */
function describeValidation(error: FastifyError): { message: string; field: string } {
  const first = (error.validation ?? [])[0] as { instancePath?: string; message?: string } | undefined;
  const path = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  const field = path || error.validationContext || 'body';
  return { message: `${field}: ${first?.message ?? 'is invalid'}`, field };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      return reply.status(error.status).send({
        error: { message: error.message, code: error.code, status: error.status, field: error.field },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, field } = describeValidation(error);
      return reply.status(400).send({ error: { message, code: 'validation_error', status: 400, field } });
    }
    const conflict = uniqueConflict(error);
    if (conflict) {
      return reply.status(409).send({
        error: { message: conflict.message, code: conflict.code, status: 409, field: conflict.field },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ error: { message: 'Internal error', code: 'internal_error', status: 500 } });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(status)
        .send({ error: { message: 'Internal error', code: 'internal_error', status } });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type) keep their message, not their stack.
    return reply
      .status(status)
      .send({ error: { message: error.message, code: error.code ?? codeFor(status), status } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        code: 'not_found',
        status: 404,
      },
    });
  });
}
