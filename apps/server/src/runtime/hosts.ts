import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';

/** Which merchant a pages host belongs to: one of the account's subdomains, or a custom domain. */
export type SiteRef = { kind: 'subdomain'; subdomain: string } | { kind: 'domain'; host: string };

export type HostSettings = {
  /** The dashboard's own host name (PUBLIC_URL's); it never serves pages except the /p/ form. */
  dashboardHost: string;
  /** {subdomain}.pagesDomain is a pages host too (besides {subdomain}.localhost). */
  pagesDomain: string | undefined;
};

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HOST_NAME = /^[a-z0-9.-]{1,253}$/;

/** The host name of a Host header value, lower-cased, without port and trailing dot. */
export function hostName(host: string | undefined): string {
  const value = (host ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/**
 * The site a host serves, or null for the dashboard's hosts (its PUBLIC_URL host, localhost and IP
 * addresses). Any other host is a custom domain, found later among the verified ones.
 */
export function classifyHost(name: string, settings: HostSettings): SiteRef | null {
  const subdomainOf = (suffix: string) => {
    if (!name.endsWith(`.${suffix}`)) return null;
    const label = name.slice(0, -(suffix.length + 1));
    return SUBDOMAIN.test(label) ? label : null;
  };
  const fromLocal = subdomainOf('localhost');
  if (fromLocal) return { kind: 'subdomain', subdomain: fromLocal };
  if (settings.pagesDomain) {
    const fromPages = subdomainOf(settings.pagesDomain);
    if (fromPages) return { kind: 'subdomain', subdomain: fromPages };
    if (name === settings.pagesDomain) return null;
  }
  if (name === '' || name === settings.dashboardHost || name === 'localhost' || name.endsWith('.localhost'))
    return null;
  if (name.startsWith('[') || isIP(name) !== 0) return null;
  return HOST_NAME.test(name) ? { kind: 'domain', host: name } : null;
}

const SITE = Symbol('funnelwork.site');
type WithSite = IncomingMessage & { [SITE]?: SiteRef };

/** The site the request's host named (set while the URL was rewritten), or null on the dashboard's hosts. */
export function siteOf(raw: IncomingMessage): SiteRef | null {
  return (raw as WithSite)[SITE] ?? null;
}

/** Where every request on a pages host goes: its own /_fw/ endpoints, else the page route. */
export const PAGE_ROUTE_PREFIX = '/_fw/site';

/**
 * X-Forwarded-Host when the connecting peer is a trusted proxy (its last value, the one that proxy set,
 * as Fastify's request.host reads it); otherwise undefined, so a client cannot choose the site.
 */
function forwardedHost(
  raw: IncomingMessage,
  trustProxy: (address: string, hop: number) => boolean,
): string | undefined {
  const header = raw.headers['x-forwarded-host'];
  const peer = raw.socket?.remoteAddress;
  if (!header || peer === undefined || !trustProxy(peer, 0)) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  return value.slice(value.lastIndexOf(',') + 1).trim() || undefined;
}

/** The host a request is classified by: X-Forwarded-Host from a trusted proxy, else its Host. */
export function requestHost(
  raw: IncomingMessage,
  trustProxy: (address: string, hop: number) => boolean,
): string | undefined {
  return forwardedHost(raw, trustProxy) ?? raw.headers.host;
}

/**
 * Fastify's rewriteUrl: on a pages host every path is a published page (under PAGE_ROUTE_PREFIX)
 * except the runtime's /_fw/ endpoints, so no dashboard or API route ever answers there.
 */
export function createUrlRewriter(
  settings: HostSettings,
  trustProxy: (address: string, hop: number) => boolean,
) {
  // Host header values repeat on nearly every request: each is parsed and classified once (bounded, so
  // made-up hosts cannot grow it).
  const sites = new LRUCache<string, { site: SiteRef | null }>({ max: 10_000 });
  const siteOfHeader = (header: string | undefined): SiteRef | null => {
    if (header === undefined || header.length > 300) return classifyHost(hostName(header), settings);
    let entry = sites.get(header);
    if (!entry) {
      entry = { site: classifyHost(hostName(header), settings) };
      sites.set(header, entry);
    }
    return entry.site;
  };
  return (raw: IncomingMessage): string => {
    const url = raw.url ?? '/';
    const site = siteOfHeader(requestHost(raw, trustProxy));
    if (!site) return url;
    (raw as WithSite)[SITE] = site;
    if (url.startsWith('/_fw/') && !url.startsWith(`${PAGE_ROUTE_PREFIX}/`) && url !== PAGE_ROUTE_PREFIX)
      return url;
    return `${PAGE_ROUTE_PREFIX}${url.startsWith('/') ? url : `/${url}`}`;
  };
}
