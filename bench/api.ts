import {
  type ApiClient,
  createApiClient,
  fetchTransport,
  type Transport,
} from '@funnelwork/domain/api/client';
import type { FastifyInstance } from 'fastify';

/**
 * The benchmarks' API calls go through the endpoint table's typed client (packages/domain/src/api/client.ts),
 * so a contract change breaks them at compile time like the dashboard.
 */

/** Calls answered in process by Fastify's `inject` (no socket: what the route itself costs). */
export const injectTransport =
  (app: FastifyInstance): Transport =>
  async ({ method, url, headers, body }) => {
    const response = await app.inject({ method, url, headers, ...(body !== undefined && { payload: body }) });
    return { status: response.statusCode, text: response.body };
  };

/** A client of `app` in process, acting with `token`. */
export const injectClient = (app: FastifyInstance, token: string): ApiClient =>
  createApiClient(injectTransport(app), token);

/** A client of the server listening at `origin` (`http://127.0.0.1:3000`), acting with `token`. */
export const httpClient = (origin: string, token: string): ApiClient =>
  createApiClient(fetchTransport(origin), token);
