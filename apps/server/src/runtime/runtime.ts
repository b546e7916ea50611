import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { type Config, trustedProxies } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { CredentialStore } from '../gateways/credentials.ts';
import { schemaOf } from '../plugins/endpoints.ts';
import type { InvalidationBus } from '../plugins/invalidation.ts';
import type { Metrics } from '../plugins/metrics.ts';
import {
  createCdnPurger,
  type PageBody,
  PUBLIC_PAGE_CACHE,
  pageBody,
  pageBodySize,
  registerPurgeHook,
  sendPageBody,
  surrogateKeys,
} from './cdn.ts';
import { type ClientBundle, loadClientBundle } from './client-bundle.ts';
import { webFonts } from './fonts.ts';
import { PAGE_ROUTE_PREFIX, requestHost, type SiteRef, siteOf } from './hosts.ts';
import {
  formValues,
  OptinNotFoundError,
  OptinValidationError,
  REQUIRED_MESSAGE,
  recordOptin,
} from './optin.ts';
import { createPageAnswers, type PageAnswers } from './page-answers.ts';
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
import { chooseVariant, findRoute, namedVariant, stepAfter, stepHref } from './routing.ts';
import {
  createSiteCache,
  type SiteCache,
  type SiteData,
  type SiteFunnel,
  type SiteStep,
  type TrackingCode,
} from './site-data.ts';
import { templateImage } from './template-images.ts';

export const VISITOR_COOKIE = 'fw_vid';
export const SESSION_COOKIE = 'fw_sid';
/** The query parameter of a variant's own address: the page id of the step's variant it serves. */
export const VARIANT_PARAM = 'fw_v';
/** Where the page script reports a view (POST), and the pixel a page without JavaScript loads. */
export const VIEW_URL = '/_fw/view';
export const VIEW_PIXEL_URL = '/_fw/view.gif';
/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
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
   * Rendered HTML by page, version, account generation and address base, as UTF-8 bytes with their
   * validator and compressed copies: a cached page is written to the socket as it is.
   */
  rendered: LRUCache<string, PageBody>;
  /** Pages read, migrated and prepared, by account, page, version and account generation. */
  prepared: PreparedPageCache;
  /** Shared pages' answers by address, sent before routing while their site data is current. */
  answers: PageAnswers;
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

/** The visitor's country: `?fw_country=` of the page's address, else the CDN's header. */
function countryOf(request: FastifyRequest, header: string, query: Record<string, unknown>): string | null {
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

/** A cookie's value when it has the form of the ids this runtime hands out. */
const validId = (value: string | undefined) => (value && ID_PATTERN.test(value) ? value : null);

/** A step's address with the variant's page id in VARIANT_PARAM (the rest of the query kept). */
function variantAddress(originalUrl: string, pageId: number): string {
  const url = new URL(originalUrl, 'http://host.invalid');
  url.searchParams.set(VARIANT_PARAM, String(pageId));
  return `${url.pathname}${url.search}`;
}

type PageEntry = { main: SiteFunnel; funnel: SiteFunnel; step: SiteStep };
const pageEntries = new WeakMap<SiteData, Map<number, PageEntry>>();

/** Where a page of the site sits (its funnel, step and main funnel), once per site data load. */
function pageEntryOf(site: SiteData, pageId: number): PageEntry | undefined {
  let entries = pageEntries.get(site);
  if (!entries) {
    entries = new Map();
    for (const main of site.funnels) {
      for (const funnel of [main, ...(site.subFunnels.get(main.id) ?? [])])
        for (const step of funnel.steps)
          for (const page of step.pages) entries.set(page.id, { main, funnel, step });
    }
    pageEntries.set(site, entries);
  }
  return entries.get(pageId);
}

/** The site a published page's address names: `/p/{subdomain}/…` on any host, else the host's site. */
function siteOfAddress(request: FastifyRequest, address: URL | null): SiteRef | null {
  const match = address?.pathname.match(/^\/p\/([^/]+)(?:\/|$)/);
  if (match?.[1]) {
    try {
      return { kind: 'subdomain', subdomain: decodeURIComponent(match[1]).toLowerCase() };
    } catch {
      return null;
    }
  }
  return siteOf(request.raw);
}

const parseAddress = (value: unknown): URL | null => {
  if (typeof value !== 'string' || value.length > 4000) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

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
    credentials,
    invalidations,
    metrics,
    eventsWritten = () => {},
  }: {
    db: Db;
    config: Config;
    credentials: CredentialStore;
    invalidations: InvalidationBus;
    metrics?: Metrics | null;
    /** Page views or an opt-in were written: the analytics rollup's wake. */
    eventsWritten?: () => void;
  },
) {
  const sites = createSiteCache(db, credentials);
  const trustProxy = trustedProxies(config.trustProxy);
  const runtime: Runtime = {
    sites,
    views: createPageViewRecorder(db, {
      onError: (error) => app.log.error({ err: error }, 'page views'),
      onWritten: eventsWritten,
    }),
    client: await loadClientBundle(),
    rendered: new LRUCache<string, PageBody>({ maxSize: 128 * 1024 * 1024, sizeCalculation: pageBodySize }),
    prepared: createPreparedPageCache(),
    answers: createPageAnswers({
      hostOf: (raw) => requestHost(raw, trustProxy),
      isCurrent: (answer) =>
        sites.cachedHost(answer.ref) === answer.host &&
        sites.cachedSite(answer.host.accountId) === answer.site,
      onServed: (request, statusCode, startedAt) => {
        if (!metrics) return;
        metrics.publishedPage(true);
        const route = request.url === '/' ? PAGE_ROUTE_PREFIX : `${PAGE_ROUTE_PREFIX}/*`;
        metrics.httpRequest('GET', route, statusCode, Number(process.hrtime.bigint() - startedAt) / 1e9);
      },
    }),
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

  // The shared cache in front of published pages forgets an account's pages when it publishes (cdn.ts).
  registerPurgeHook(
    app,
    createCdnPurger(config.cdnPurgeUrl, { onError: (error) => app.log.error({ err: error }, 'CDN purge') }),
  );

  await app.register(async (pages) => {
    await pages.register(cookie);

    /**
     * Visitor and session ids from the cookies, new ones when missing (the visitor's `newVisitor` when
     * given); the cookies set for new ones, the session's unless `visitorOnly`.
     */
    function visitorIds(
      request: FastifyRequest,
      reply: FastifyReply,
      { visitorOnly = false, newVisitor = newId() }: { visitorOnly?: boolean; newVisitor?: string } = {},
    ) {
      const cookieVisitor = validId(request.cookies[VISITOR_COOKIE]);
      const cookieSession = validId(request.cookies[SESSION_COOKIE]);
      const visitorId = cookieVisitor ?? newVisitor;
      const sessionId = cookieSession ?? newId();
      const secure = request.protocol === 'https';
      if (!cookieVisitor)
        reply.setCookie(VISITOR_COOKIE, visitorId, {
          path: '/',
          maxAge: YEAR_S,
          httpOnly: true,
          sameSite: 'lax',
          secure,
        });
      if (!cookieSession && !visitorOnly)
        reply.setCookie(SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return { visitorId, sessionId };
    }

    /**
     * A view of a published page: the visitor and session cookies for everyone; the view recorded for
     * a person only (never a bot, an empty user agent or a preview).
     */
    function recordView(
      request: FastifyRequest,
      reply: FastifyReply,
      site: SiteData,
      entry: PageEntry & { pageId: number },
      where: { query: Record<string, unknown>; referrer: string | null },
    ) {
      // Everyone gets the ids (a bot's checkout still has a visitor), as the pages once set them.
      const { visitorId, sessionId } = visitorIds(request, reply);
      const userAgent = request.headers['user-agent'] ?? '';
      if (where.query.fw_preview === '1' || userAgent === '' || isBot(userAgent)) return false;
      const referrer = where.referrer?.slice(0, 2000) || null;
      const { query } = where;
      runtime.views.record({
        accountId: site.accountId,
        funnelId: entry.funnel.id,
        stepId: entry.step.id,
        pageId: entry.pageId,
        visitorId,
        sessionId,
        referrer,
        referrerDomain: referrerDomain(referrer ?? undefined),
        utmSource: queryText(query, 'utm_source'),
        utmMedium: queryText(query, 'utm_medium'),
        utmCampaign: queryText(query, 'utm_campaign'),
        utmTerm: queryText(query, 'utm_term'),
        utmContent: queryText(query, 'utm_content'),
        country: countryOf(request, config.geoCountryHeader, query),
        currency: entry.funnel.currency?.toUpperCase().slice(0, 3) ?? null,
        createdAt: new Date(),
      });
      return true;
    }

    /**
     * A published page. On a pages host its HTML is the same for every visitor of the step's variant and
     * a shared cache may hold it (cdn.ts): no cookie, no view recorded here (the page script's beacon
     * does both). A step whose page depends on the visitor (A/B split, geo-funnels) redirects, uncached,
     * to its variant's own address. The sandboxed /p/ form on the dashboard's host (an opaque origin,
     * whose requests carry no cookies) sets the cookies and counts the view itself, never cached.
     */
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
      const preview = query.fw_preview === '1';
      const shared = !sandboxed && !preview;
      const param = Number(query[VARIANT_PARAM]);
      // A variant URL (`/{url2}/{page id}`) serves the running variant it names: an address of its own,
      // which a shared cache can hold, so it never redirects.
      const byUrl2 = found.variant !== undefined ? namedVariant(found.step, found.variant) : undefined;
      const named = byUrl2?.id ?? (Number.isSafeInteger(param) && param > 0 ? param : null);
      const cookieVisitor = validId(request.cookies[VISITOR_COOKIE]);
      const visitorId = cookieVisitor ?? newId();
      const variant = chooseVariant(site, found, {
        visitorId,
        country: countryOf(request, config.geoCountryHeader, query),
        named,
      });
      if (!variant) return notAvailable(reply, sandboxed);
      const { route, page } = variant;
      if (shared && variant.varies && !byUrl2 && page.id !== named) {
        // The visitor keeps the variant: the redirect (never cached) sets the visitor cookie it was chosen by.
        if (!cookieVisitor) visitorIds(request, reply, { visitorOnly: true, newVisitor: visitorId });
        return reply
          .code(302)
          .header('cache-control', 'private, no-store')
          .header('location', variantAddress(request.originalUrl, page.id))
          .send();
      }
      const nextUrl = route.next ? stepHref(base, route.funnel, route.next) : null;
      const key = `${page.id}:${page.version}:${site.generation}:${route.funnel.id}:${base}:${nextUrl}:${sandboxed}`;
      let body = runtime.rendered.get(key);
      metrics?.publishedPage(body !== undefined);
      if (body === undefined) {
        try {
          const html = await renderPublishedPage(
            db,
            site.accountId,
            {
              pageId: page.id,
              stepId: route.step.id,
              funnelId: route.funnel.id,
              nextUrl,
              currency: route.funnel.currency?.toUpperCase().slice(0, 3) ?? null,
              runtimeScriptUrl: runtime.client.url,
              // The sandboxed form counts its views itself; every other page reports them (VIEW_URL).
              views: !sandboxed,
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
          body = pageBody(html);
        } catch (error) {
          if (error instanceof PageUnavailableError) return notFound(reply, sandboxed);
          throw error;
        }
        runtime.rendered.set(key, body);
      }

      if (sandboxed)
        recordView(
          request,
          reply,
          site,
          { ...route, pageId: page.id },
          { query, referrer: request.headers.referer ?? null },
        );
      // A payment form with a connected Stripe or PayPal: only our and their scripts and frames (page-csp.ts).
      const connected = [
        ...(site.stripePublishableKey ? [stripeGateway] : []),
        ...(site.paypalClientId ? [paypalGateway] : []),
      ];
      const gateway = connected.length > 0 && takesPayments(body.raw) ? mergeOrigins(connected) : null;
      pageHeaders(reply, sandboxed, gateway);
      reply.type('text/html; charset=utf-8');
      if (preview) reply.header('cache-control', 'no-store');
      else if (sandboxed) reply.header('cache-control', 'private, no-cache');
      else {
        const keys = surrogateKeys({
          accountId: site.accountId,
          funnelId: route.main.id,
          stepId: route.step.id,
          pageId: page.id,
        });
        reply.header('cache-control', PUBLIC_PAGE_CACHE).header('surrogate-key', keys).header('xkey', keys);
        // The same answer for everyone asking at this address: the next ones are sent before routing.
        runtime.answers.keep(request.raw, request.originalUrl, {
          ref,
          host: match,
          site,
          headers: reply.getHeaders(),
          body,
        });
      }
      return sendPageBody(request, reply, body);
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

    /**
     * A view of a published page, reported by its script once per view (VIEW_URL) or, without
     * JavaScript, by its <noscript> pixel (VIEW_PIXEL_URL, whose Referer is the page's address). It sets
     * the visitor and session cookies the page itself no longer does; bots and previews are not counted.
     */
    async function pageView(
      request: FastifyRequest,
      reply: FastifyReply,
      report: { pageId: unknown; address: URL | null; referrer: unknown },
    ): Promise<boolean> {
      const pageId = Number(report.pageId);
      if (!Number.isSafeInteger(pageId) || pageId <= 0) return false;
      const ref = siteOfAddress(request, report.address);
      if (!ref) return false;
      const match = runtime.sites.cachedHost(ref) ?? (await runtime.sites.findHost(ref));
      if (!match) return false;
      const site = runtime.sites.cachedSite(match.accountId) ?? (await runtime.sites.site(match.accountId));
      const entry = pageEntryOf(site, pageId);
      if (!entry?.main.live) return false;
      const query = Object.fromEntries(report.address?.searchParams ?? []);
      const referrer = typeof report.referrer === 'string' ? report.referrer : null;
      return recordView(request, reply, site, { ...entry, pageId }, { query, referrer });
    }

    pages.post(VIEW_URL, { schema: schemaOf(endpoints.runtime.recordView) }, async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const pageId = Number(body.page_id);
      if (!Number.isSafeInteger(pageId) || pageId <= 0) {
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .send({
            error: { message: 'page_id: Required', code: 'validation', status: 400, field: 'page_id' },
          });
      }
      await pageView(request, reply, {
        pageId,
        address: parseAddress(body.url),
        referrer: body.referrer,
      });
      return reply.code(204).header('cache-control', 'no-store').send();
    });

    pages.get<{ Querystring: { page_id?: string } }>(
      VIEW_PIXEL_URL,
      { schema: schemaOf(endpoints.runtime.recordViewPixel) },
      async (request, reply) => {
        await pageView(request, reply, {
          pageId: request.query.page_id,
          address: parseAddress(request.headers.referer),
          referrer: null,
        });
        return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
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
        eventsWritten();
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
