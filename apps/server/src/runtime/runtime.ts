import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { schemaOf } from '../plugins/endpoints.ts';
import type { InvalidationBus } from '../plugins/invalidation.ts';
import type { Metrics } from '../plugins/metrics.ts';
import { type ClientBundle, loadClientBundle } from './client-bundle.ts';
import { webFonts } from './fonts.ts';
import { PAGE_ROUTE_PREFIX, type SiteRef, siteOf } from './hosts.ts';
import {
  formValues,
  OptinNotFoundError,
  OptinValidationError,
  REQUIRED_MESSAGE,
  recordOptin,
} from './optin.ts';
import {
  type GatewayOrigins,
  mergeOrigins,
  paymentPageCsp,
  paypalOrigins,
  stripeOrigins,
  takesPayments,
} from './page-csp.ts';
import { createPageViewRecorder, type PageViewRecorder } from './page-views.ts';
import {
  createPreparedPageCache,
  notAvailableHtml,
  notFoundHtml,
  PageUnavailableError,
  type PreparedPageCache,
  renderPublishedPage,
} from './render.ts';
import { findRoute, pickPage, routeForCountry, stepAfter, stepHref } from './routing.ts';
import { createSiteCache, type SiteCache, type SiteData, type TrackingCode } from './site-data.ts';
import { templateImage } from './template-images.ts';

export const VISITOR_COOKIE = 'fw_vid';
export const SESSION_COOKIE = 'fw_sid';
const YEAR_S = 31_536_000;
/** The form of visitor and session ids this runtime hands out (other cookie values are ignored). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const COUNTRY = /^[A-Z]{2}$/;
/** Countries CDNs send for "unknown" and Tor: no country. */
const NO_COUNTRY = new Set(['XX', 'T1']);

/**
 * Published pages may run the merchant's scripts (tracking codes, custom HTML) from anywhere, but
 * only our own origin may frame them and plugins never run.
 */
export const PAGE_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'";
/**
 * The /p/ path form on the dashboard's own host: the page runs as an opaque origin, so its scripts
 * can never read the dashboard's storage.
 */
export const SANDBOXED_PAGE_CSP = `${PAGE_CSP}; sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-modals`;

export type Runtime = {
  sites: SiteCache;
  views: PageViewRecorder;
  client: ClientBundle;
  /**
   * Rendered HTML by page, version, account generation and address base, as UTF-8 bytes: a cached
   * page is written to the socket as it is, without encoding its text again on every request.
   */
  rendered: LRUCache<string, Buffer>;
  /** Pages read, migrated and prepared, by account, page, version and account generation. */
  prepared: PreparedPageCache;
  /** Which renderer writes published pages: the string renderer; React only to compare (benchmarks). */
  renderer: 'string' | 'react';
};

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
}

/** Random bytes for new visitor and session ids, drawn 4 KB at a time (one system call per 256 ids). */
let idBytes = Buffer.alloc(0);
let idOffset = 0;
/** A new visitor or session id: 16 random bytes, base64url. */
function newId(): string {
  if (idOffset + 16 > idBytes.length) {
    idBytes = randomBytes(4096);
    idOffset = 0;
  }
  const id = idBytes.toString('base64url', idOffset, idOffset + 16);
  idOffset += 16;
  return id;
}

/**
 * isbot's answer by user agent: its one large regular expression costs several microseconds a call,
 * and the same few hundred browser strings make nearly all of the traffic.
 */
const botAnswers = new LRUCache<string, boolean>({ max: 2_000 });
function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (userAgent.length <= 512) botAnswers.set(userAgent, answer);
  }
  return answer;
}

function countryOf(request: FastifyRequest, header: string): string | null {
  const query = request.query as Record<string, unknown>;
  const override = typeof query.fw_country === 'string' ? query.fw_country : undefined;
  const raw = override ?? request.headers[header];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  return value && COUNTRY.test(value) && !NO_COUNTRY.has(value) ? value : null;
}

function referrerDomain(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.toLowerCase().slice(0, 255) || null;
  } catch {
    return null;
  }
}

const queryText = (query: Record<string, unknown>, key: string) =>
  typeof query[key] === 'string' ? (query[key] as string).slice(0, 200) : null;

/** The published-page headers: their own CSP instead of the dashboard's. */
function pageHeaders(reply: FastifyReply, sandboxed: boolean, gateway: GatewayOrigins | null = null) {
  const base = sandboxed ? SANDBOXED_PAGE_CSP : PAGE_CSP;
  reply
    .header('content-security-policy', gateway ? paymentPageCsp(base, gateway) : base)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cross-origin-opener-policy', 'same-origin-allow-popups')
    .header('cross-origin-resource-policy', 'same-site');
}

function notFound(reply: FastifyReply, sandboxed: boolean, html = notFoundHtml()) {
  pageHeaders(reply, sandboxed);
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** An address of an unpublished funnel, or of a step never published: the published site's 'not available'. */
const notAvailable = (reply: FastifyReply, sandboxed: boolean) =>
  notFound(reply, sandboxed, notAvailableHtml());

/** The next step's address from the step an opt-in was made on. */
function nextUrlOf(site: SiteData, funnelId: number, stepId: number, base: string): string | null {
  const all = [...site.funnels, ...[...site.subFunnels.values()].flat()];
  const funnel = all.find((f) => f.id === funnelId);
  if (!funnel) return null;
  const step = funnel.steps.find((s) => s.id === stepId);
  const next = step ? stepAfter(funnel, step) : null;
  return next ? stepHref(base, funnel, next) : null;
}

const funnelCodes = new WeakMap<SiteData, Map<string, TrackingCode[]>>();

/**
 * The tracking codes a funnel's pages carry (the account's, the funnel's and its main funnel's), one
 * array per site data load, so their snippets are worked out once per account generation.
 */
function codesFor(site: SiteData, funnelId: number, mainId: number): TrackingCode[] {
  let byFunnel = funnelCodes.get(site);
  if (!byFunnel) {
    byFunnel = new Map();
    funnelCodes.set(site, byFunnel);
  }
  const key = `${funnelId}:${mainId}`;
  let codes = byFunnel.get(key);
  if (!codes) {
    codes = site.trackingCodes.filter(
      (c) => c.funnelId === null || c.funnelId === funnelId || c.funnelId === mainId,
    );
    byFunnel.set(key, codes);
  }
  return codes;
}

/**
 * Published funnels: pages by subdomain, custom domain or the /p/{subdomain} path form, the page
 * script, opt-ins and page-view tracking. Registered before the dashboard's catch-all.
 */
export async function registerRuntime(
  app: FastifyInstance,
  {
    db,
    config,
    invalidations,
    metrics,
  }: { db: Db; config: Config; invalidations: InvalidationBus; metrics?: Metrics | null },
) {
  const runtime: Runtime = {
    sites: createSiteCache(db),
    views: createPageViewRecorder(db, { onError: (error) => app.log.error({ err: error }, 'page views') }),
    client: await loadClientBundle(),
    rendered: new LRUCache<string, Buffer>({
      maxSize: 128 * 1024 * 1024,
      sizeCalculation: (html) => Math.max(1, html.length),
    }),
    prepared: createPreparedPageCache(),
    renderer: 'string',
  };
  app.decorate('runtime', runtime);
  const stripeGateway = stripeOrigins(config.stripeJsUrl);
  const paypalGateway = paypalOrigins(config.paypalSdkUrl);
  app.addHook('onClose', async () => {
    await runtime.views.close();
  });
  invalidations.subscribe({
    apply: (message) => {
      if (message.kind === 'site') runtime.sites.bump(message.accountId);
    },
    applyAll: () => runtime.sites.bumpAll(),
  });
  // Any successful write through the API may change what an account publishes, here and on every other
  // server process. A callback hook, not an async one: it runs on every response, published pages
  // included, and needs no promise (a failed notification is logged by the bus).
  app.addHook('onResponse', (request, reply, done) => {
    const accountId = request.session?.accountId;
    if (
      accountId &&
      reply.statusCode < 400 &&
      request.url.startsWith('/api/') &&
      !['GET', 'HEAD', 'OPTIONS'].includes(request.method)
    )
      void invalidations.publish({ kind: 'site', accountId });
    done();
  });

  await app.register(async (pages) => {
    await pages.register(cookie);

    async function serve(
      request: FastifyRequest,
      reply: FastifyReply,
      ref: SiteRef,
      segments: string[],
      base: string,
      sandboxed: boolean,
    ) {
      // The cached host and site are read without an await (a published request nearly always finds both).
      let match = runtime.sites.cachedHost(ref);
      if (match === undefined) match = await runtime.sites.findHost(ref);
      if (!match) return notFound(reply, sandboxed);
      const site = runtime.sites.cachedSite(match.accountId) ?? (await runtime.sites.site(match.accountId));
      const found = findRoute(site, segments, match.domainId);
      if (!found) return notFound(reply, sandboxed);
      if (!found.funnel.live) return notAvailable(reply, sandboxed);
      const query = request.query as Record<string, unknown>;
      const country = countryOf(request, config.geoCountryHeader);
      const route = routeForCountry(site, found, country);
      const cookieVisitor = request.cookies[VISITOR_COOKIE];
      const visitorId = cookieVisitor && ID_PATTERN.test(cookieVisitor) ? cookieVisitor : newId();
      const cookieSession = request.cookies[SESSION_COOKIE];
      const sessionId = cookieSession && ID_PATTERN.test(cookieSession) ? cookieSession : newId();
      const page = pickPage(route.step, visitorId, country);
      if (!page) return notAvailable(reply, sandboxed);
      const nextUrl = route.next ? stepHref(base, route.funnel, route.next) : null;
      const key = `${page.id}:${page.version}:${site.generation}:${route.funnel.id}:${base}:${nextUrl}`;
      let html = runtime.rendered.get(key);
      metrics?.publishedPage(html !== undefined);
      if (html === undefined) {
        try {
          html = await renderPublishedPage(
            db,
            site.accountId,
            {
              pageId: page.id,
              stepId: route.step.id,
              funnelId: route.funnel.id,
              nextUrl,
              currency: route.funnel.currency?.toUpperCase().slice(0, 3) ?? null,
              runtimeScriptUrl: runtime.client.url,
              trackingCodes: codesFor(site, route.funnel.id, route.main.id),
              accountGateways: site.gateways,
              stripe: site.stripePublishableKey
                ? { publishableKey: site.stripePublishableKey, scriptUrl: config.stripeJsUrl }
                : null,
              paypal: site.paypalClientId
                ? { clientId: site.paypalClientId, sdkUrl: config.paypalSdkUrl }
                : null,
              renderer: runtime.renderer,
            },
            {
              cache: runtime.prepared,
              key: `${site.accountId}:${page.id}:${page.version}:${site.generation}`,
            },
          );
        } catch (error) {
          if (error instanceof PageUnavailableError) return notFound(reply, sandboxed);
          throw error;
        }
        runtime.rendered.set(key, html);
      }

      const preview = query.fw_preview === '1';
      const userAgent = request.headers['user-agent'] ?? '';
      if (!preview && userAgent !== '' && !isBot(userAgent)) {
        const referrer = request.headers.referer?.slice(0, 2000) ?? null;
        runtime.views.record({
          accountId: site.accountId,
          funnelId: route.funnel.id,
          stepId: route.step.id,
          pageId: page.id,
          visitorId,
          sessionId,
          referrer,
          referrerDomain: referrerDomain(referrer ?? undefined),
          utmSource: queryText(query, 'utm_source'),
          utmMedium: queryText(query, 'utm_medium'),
          utmCampaign: queryText(query, 'utm_campaign'),
          utmTerm: queryText(query, 'utm_term'),
          utmContent: queryText(query, 'utm_content'),
          country,
          currency: route.funnel.currency?.toUpperCase().slice(0, 3) ?? null,
          createdAt: new Date(),
        });
      }
      const secure = request.protocol === 'https';
      if (cookieVisitor !== visitorId)
        reply.setCookie(VISITOR_COOKIE, visitorId, {
          path: '/',
          maxAge: YEAR_S,
          httpOnly: true,
          sameSite: 'lax',
          secure,
        });
      if (cookieSession !== sessionId)
        reply.setCookie(SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      // A payment form with a connected Stripe or PayPal: only our and their scripts and frames (page-csp.ts).
      const connected = [
        ...(site.stripePublishableKey ? [stripeGateway] : []),
        ...(site.paypalClientId ? [paypalGateway] : []),
      ];
      const gateway = connected.length > 0 && takesPayments(html) ? mergeOrigins(connected) : null;
      pageHeaders(reply, sandboxed, gateway);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', preview ? 'no-store' : 'private, no-cache')
        .send(html);
    }

    const segmentsOf = (wildcard: string | undefined) =>
      (wildcard ?? '').split('/').map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return '';
        }
      });

    pages.get(PAGE_ROUTE_PREFIX, { schema: schemaOf(endpoints.runtime.sitePage) }, async (request, reply) => {
      const ref = siteOf(request.raw);
      if (!ref) return notFound(reply, false);
      return serve(request, reply, ref, [], '', false);
    });
    pages.get<{ Params: { '*': string } }>(
      `${PAGE_ROUTE_PREFIX}/*`,
      { schema: schemaOf(endpoints.runtime.sitePath) },
      async (request, reply) => {
        const ref = siteOf(request.raw);
        if (!ref) return notFound(reply, false);
        return serve(request, reply, ref, segmentsOf(request.params['*']), '', false);
      },
    );
    // The path form, on any host; on the dashboard's own host the page is sandboxed.
    pages.get<{ Params: { subdomain: string; '*'?: string } }>(
      '/p/:subdomain',
      { schema: schemaOf(endpoints.runtime.subdomainPage) },
      async (request, reply) =>
        serve(
          request,
          reply,
          { kind: 'subdomain', subdomain: request.params.subdomain.toLowerCase() },
          [],
          `/p/${encodeURIComponent(request.params.subdomain.toLowerCase())}`,
          siteOf(request.raw) === null,
        ),
    );
    pages.get<{ Params: { subdomain: string; '*': string } }>(
      '/p/:subdomain/*',
      { schema: schemaOf(endpoints.runtime.subdomainPath) },
      async (request, reply) =>
        serve(
          request,
          reply,
          { kind: 'subdomain', subdomain: request.params.subdomain.toLowerCase() },
          segmentsOf(request.params['*']),
          `/p/${encodeURIComponent(request.params.subdomain.toLowerCase())}`,
          siteOf(request.raw) === null,
        ),
    );

    pages.get<{ Querystring: { v?: string } }>(
      '/_fw/runtime.js',
      { schema: schemaOf(endpoints.runtime.runtimeScript) },
      async (request, reply) => {
        const current = request.query.v === runtime.client.hash;
        return reply
          .type('application/javascript; charset=utf-8')
          .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('etag', `"${runtime.client.hash}"`)
          .send(runtime.client.code);
      },
    );

    // The hosted web fonts (fonts.ts): their style sheets and files, versioned, cached for a year.
    pages.get<{ Params: { file: string } }>(
      '/_fw/fonts/:file',
      { schema: schemaOf(endpoints.runtime.font) },
      async (request, reply) => {
        const asset = webFonts().asset(request.params.file);
        if (!asset) return reply.code(404).type('text/plain').send('Not found');
        return reply
          .type(asset.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('access-control-allow-origin', '*')
          .send(asset.body);
      },
    );

    // The built-in templates' drawings (template-images.ts): they never change under a name.
    pages.get<{ Params: { file: string } }>(
      '/_fw/template-images/:file',
      { schema: schemaOf(endpoints.runtime.templateImage) },
      async (request, reply) => {
        const image = templateImage(request.params.file);
        if (!image) return reply.code(404).type('text/plain').send('Not found');
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(image);
      },
    );

    pages.post('/_fw/optin', { schema: schemaOf(endpoints.runtime.optin) }, async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const wantsJson =
        (request.headers['content-type'] ?? '').includes('application/json') ||
        (request.headers.accept ?? '').includes('application/json');
      const pageId = Number(body.fw_page_id);
      if (!Number.isSafeInteger(pageId) || pageId <= 0) {
        return reply.code(400).send({
          error: { message: 'fw_page_id: Required', code: 'validation', status: 400, field: 'fw_page_id' },
        });
      }
      try {
        const cookieVisitor = request.cookies[VISITOR_COOKIE];
        const result = await recordOptin(db, {
          pageId,
          values: formValues(body),
          visitorId: cookieVisitor && ID_PATTERN.test(cookieVisitor) ? cookieVisitor : null,
        });
        const ref = siteOf(request.raw);
        const site = await runtime.sites.site(result.accountId);
        const base = ref ? '' : `/p/${encodeURIComponent(site.subdomain ?? '')}`;
        const nextUrl = nextUrlOf(site, result.funnelId, result.stepId, base);
        if (wantsJson) return reply.send({ data: { next_url: nextUrl, customer_created: result.created } });
        return reply.redirect(nextUrl ?? request.headers.referer ?? '/', 303);
      } catch (error) {
        if (error instanceof OptinNotFoundError) {
          return reply.code(404).send({
            error: { message: 'Page not found', code: 'not_found', status: 404, field: 'fw_page_id' },
          });
        }
        if (error instanceof OptinValidationError) {
          const [field] = Object.keys(error.errors);
          const answer = {
            error: {
              message: field ? `${field}: ${error.errors[field]}` : REQUIRED_MESSAGE,
              code: 'validation',
              status: 422,
              field: field ?? null,
            },
            fields: error.errors,
          };
          return reply.code(422).send(answer);
        }
        throw error;
      }
    });
  });
}
