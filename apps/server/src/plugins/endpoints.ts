import type { Endpoint } from '@funnelwork/domain/api/endpoint';
import { ENDPOINT_LIST } from '@funnelwork/domain/api/endpoints';
import { hasPermission, type PermissionFlag } from '@funnelwork/domain/rules';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import { forbidden } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rows of the endpoint table this app serves (the table's test finds rows no route serves). */
    servedEndpoints: Set<Endpoint>;
  }
  interface FastifyContextConfig {
    /** Set by @fastify/static on the routes of the files it serves. */
    rootPath?: string;
    /** The route's row of the endpoint table (packages/domain/src/api/endpoints.ts). */
    endpoint?: Endpoint;
  }
}

const keyOf = (method: string, path: string) => `${method} ${path}`;
const TABLE = new Map(ENDPOINT_LIST.map((endpoint) => [keyOf(endpoint.method, endpoint.path), endpoint]));

/** The table's row of a registered route; Fastify's automatic HEAD of a GET is the GET's row. */
export function endpointOf(method: string, url: string): Endpoint | undefined {
  return TABLE.get(keyOf(method === 'HEAD' ? 'GET' : method, url));
}

type Schemas<E extends Endpoint> = {
  params: E extends { params: infer S } ? S : undefined;
  querystring: E extends { query: infer S } ? S : undefined;
  body: E extends { body: infer S } ? S : undefined;
  response: E extends { answer: infer S }
    ? { [status in E extends { status: infer N extends number } ? N : 200]: S }
    : undefined;
};

/**
 * A route's schemas from its row, typed so the handler's request and answer follow the table:
 * `r.get(endpoint.path, { schema: schemaOf(endpoints.orders.getOrder) }, handler)`.
 */
export function schemaOf<const E extends Endpoint>(endpoint: E): Schemas<E> {
  // Only the schemas the row has: Fastify warns about a schema key whose value is undefined.
  return {
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.answer && { response: { [endpoint.status ?? 200]: endpoint.answer } }),
  } as Schemas<E>;
}

/** The member's flag, or 'admin', which may do everything a narrower role may. */
export function memberMay(request: FastifyRequest, flag: PermissionFlag): boolean {
  const member = { permissions: JSON.stringify(request.membership?.permissions ?? null) };
  return hasPermission(member, flag) || hasPermission(member, 'admin');
}

/**
 * The one permission check: a route whose row names a flag answers 403 'restricted area: access denied'
 * to a member without it. An API key got here only through the row's scope (auth.ts), which its app holds:
 * the scope is the permission.
 */
const checkPermission: preHandlerHookHandler = (request, _reply, done) => {
  const access = request.routeOptions.config.endpoint?.access;
  if (access && 'permission' in access && !request.apiKey && !memberMay(request, access.permission))
    return done(forbidden());
  done();
};

/**
 * Every route takes its access, API-key scope, schemas, summary and tag from its row of the endpoint
 * table; a route without a row stops the server at start, so no route goes unchecked.
 */
export function registerEndpointTable(app: FastifyInstance) {
  app.decorate('servedEndpoints', new Set<Endpoint>());
  app.addHook('onRoute', (route: RouteOptions) => {
    // @fastify/swagger-ui's own pages (the documentation, not the API), and @fastify/static's one route per
    // file of the dashboard's build (`config.rootPath`), which change with every build.
    if (route.url.startsWith('/api/docs') || route.config?.rootPath !== undefined) return;
    const methods = [route.method].flat();
    const endpoint = methods.map((method) => endpointOf(method, route.url)).find(Boolean);
    if (!endpoint)
      throw new Error(
        `${methods.join(',')} ${route.url} is not in the endpoint table: add its row to packages/domain/src/api/ (see endpoints.ts)`,
      );
    app.servedEndpoints.add(endpoint);
    const access = endpoint.access;
    route.config = {
      ...route.config,
      endpoint,
      apiScope: endpoint.scope,
      public: access !== undefined && 'public' in access,
      noAccount: access !== undefined && 'signedIn' in access,
    } as typeof route.config;
    const declared = route.schema ?? {};
    route.schema = {
      ...declared,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.answer ? { response: { [endpoint.status ?? 200]: endpoint.answer } } : {}),
    };
    if (access && 'permission' in access)
      route.preHandler = [checkPermission, ...[route.preHandler ?? []].flat()] as typeof route.preHandler;
  });
}
