import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A failure the client can act on: the status, a message for people, a code for programs. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeFor(status),
    readonly field?: string,
  ) {
    super(message);
  }
}

/** 429: the client may try again after `retryAfterSeconds`, which the answer's Retry-After header says. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'too_many_requests');
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
