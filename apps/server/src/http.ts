import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { type Config, trustedProxies } from './config.ts';
import { foregroundWork } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { APP_VERSION } from './modules/system/system.routes.ts';
import { registerEndpointTable } from './plugins/endpoints.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { openapiOptions } from './plugins/openapi.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { isHashedAsset } from './plugins/web-assets.ts';
import { createUrlRewriter } from './runtime/hosts.ts';

/*
 * The HTTP side of the app, before any route: the Fastify instance with its server, logger, validation,
 * error envelope, security headers, compression and OpenAPI (`createHttpApp`), and the dashboard's files
 * (`serveDashboard`). app.ts composes them with the services (services.ts) and the routes.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route, for the generic tenancy and bad-input tests. */
    apiRoutes: RouteOptions[];
  }
}

/** Answers some requests before Fastify's routing (runtime/page-answers.ts: shared published pages). */
export type EarlyAnswers = { serve(request: IncomingMessage, response: ServerResponse): boolean };

/**
 * The dashboard's policy: only our own scripts, and the chat-support provider's origin when the operator
 * configured one (its script, its calls and its frame); merchants' HTML is never served on this origin.
 */
export function dashboardCsp(chatWidgetUrl: string | undefined) {
  const chat = chatWidgetUrl ? [new URL(chatWidgetUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chat],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...chat],
    frameSrc: ["'self'", ...chat],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Local http addresses (localhost, *.localhost) must not be rewritten to https.
    upgradeInsecureRequests: null,
  };
}

/**
 * The headers a helmet middleware sets, read once by running it against a recording response. Throws
 * if it does not finish synchronously (a policy with per-request parts would have to run per request).
 */
export function helmetHeaders(
  middleware: ReturnType<typeof helmet>,
): Record<string, string | number | string[]> {
  const headers: Record<string, string | number | string[]> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = value;
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * The Fastify instance with everything a route relies on. `answerEarly` hands the server the published
 * pages' early answers once the runtime exists; until then every request goes to Fastify.
 */
export async function createHttpApp({
  config,
  queue,
  logStream,
}: {
  config: Config;
  queue: Pick<JobQueue, 'foreground'>;
  logStream?: NodeJS.WritableStream;
}): Promise<{ app: FastifyInstance; answerEarly(answers: EarlyAnswers): void }> {
  const trustProxy = trustedProxies(config.trustProxy);
  // Shared published pages answered before (runtime/page-answers.ts) are sent before Fastify's routing;
  // every other request, and those until the runtime is registered, go to Fastify.
  let answers: EarlyAnswers | null = null;
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (!answers?.serve(request, response)) handler(request, response);
      });
      // What Fastify sets on a server it creates itself (its defaults filled in).
      const timeouts = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      server.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = timeouts.requestTimeout ?? 0;
      server.setTimeout(timeouts.connectionTimeout ?? 0);
      return server;
    },
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: 1_048_576,
    // Off unless TRUST_PROXY names the proxies: anyone else could pick their address and host.
    trustProxy: config.trustProxy === false ? false : trustProxy,
    // Pages hosts ({subdomain}.localhost, custom domains) only ever reach the published-page routes.
    rewriteUrl: createUrlRewriter(
      { dashboardHost: new URL(config.publicUrl).hostname.toLowerCase(), pagesDomain: config.pagesDomain },
      trustProxy,
    ),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStorableInput(app);

  registerEndpointTable(app);
  app.decorate('apiRoutes', [] as RouteOptions[]);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) app.apiRoutes.push(route);
  });

  // helmet's headers, worked out once: with a fixed policy (no nonces) they are the same for every
  // response, so each request only copies them into the reply's headers (published pages then replace
  // the few they set themselves) instead of running helmet's dozen middlewares through setHeader.
  const securityHeaders = helmetHeaders(
    helmet({
      contentSecurityPolicy: { directives: dashboardCsp(config.chatWidgetUrl) },
      hsts: config.publicUrl.startsWith('https://'),
    }),
  );
  // Requests first (jobs/foreground.ts): background work starts in the gaps between requests.
  const inFlight = new WeakSet<object>();
  const left = (request: object) => {
    if (inFlight.delete(request)) queue.foreground.leave();
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    // E-mail images (social icons) are loaded by mail clients and preview frames of other origins.
    if (request.url.startsWith('/email-assets/'))
      reply.header('cross-origin-resource-policy', 'cross-origin');
    queue.foreground.enter();
    inFlight.add(request);
    // The rest of the request runs as foreground work: first at the embedded database (db/client.ts).
    foregroundWork.run(true, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    left(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    left(request);
    done();
  });
  await app.register(formbody);
  // API JSON and server-rendered HTML compressed on the fly above 1 KB (brotli at a fast quality);
  // the dashboard's built assets come compressed from the build (`preCompressed` below).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, openapiOptions({ version: APP_VERSION, publicUrl: config.publicUrl }));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  return {
    app,
    answerEarly(next) {
      answers = next;
    },
  };
}

/** The dashboard's built files, and its page for every other path outside the API (history-mode routes). */
export async function serveDashboard(app: FastifyInstance, config: Config) {
  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, file) => {
        // A hashed asset's name changes with its content: browsers keep it a year without asking again.
        if (isHashedAsset(path.relative(config.webDist ?? '', file)))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const indexHtml = fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8');
    const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
    // History-mode routes: every page path answers the app, which routes on the client.
    app.get('/*', async (request, reply) => {
      // An API path no route serves is the API's 404, not the dashboard.
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
        return reply.callNotFound();
      const file = path.join(config.webDist ?? '', path.normalize(request.url.split('?')[0] ?? '/'));
      if (file.startsWith(config.webDist ?? '') && path.extname(file) && fs.existsSync(file)) {
        return reply.sendFile(path.relative(config.webDist ?? '', file));
      }
      reply.header('set-cookie', `dashboard_version=${APP_VERSION}; Path=/; SameSite=Lax`);
      // no-cache with a validator: every visit asks, a 304 answers when the build has not changed.
      reply.type('text/html').header('cache-control', 'no-cache').header('etag', indexEtag);
      if (request.headers['if-none-match'] === indexEtag) return reply.status(304).send();
      return reply.send(indexHtml);
    });
  }
}
