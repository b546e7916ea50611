import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Published HTML in a shared cache (docs/decisions/dashboard-and-delivery.md): the same bytes for every
 * visitor of a step's variant, held by a CDN or Varnish for S_MAXAGE seconds and served stale for
 * STALE_WHILE_REVALIDATE more while it is fetched again; browsers revalidate every time (max-age=0).
 * A publish, an unpublish or a domain change purges at once (CDN_PURGE_URL); other changes a merchant
 * makes without publishing (products, tracking codes, popups) reach shoppers within those two spans.
 */
export const S_MAXAGE = 60;
export const STALE_WHILE_REVALIDATE = 60;
export const PUBLIC_PAGE_CACHE = `public, max-age=0, s-maxage=${S_MAXAGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A rendered page as it is sent: its bytes, their strong validator, and compressed copies made once. */
export type PageBody = {
  raw: Buffer;
  etag: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  /** The compressed copies once made, for answers sent without waiting (page-answers.ts). */
  sent?: { br?: Buffer; gzip?: Buffer };
};

export const pageBody = (raw: Buffer): PageBody => ({
  raw,
  etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
});

/** The bytes a body takes in a cache (its compressed copies are a fraction of it). */
export const pageBodySize = (body: PageBody) => Math.max(1, Math.ceil(body.raw.length * 1.4));

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** The encoding the client takes best of brotli and gzip (a q of 0 refuses one), or null for neither. */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding, ENCODINGS);
}

/** The body compressed once per rendered page (brotli 9 and gzip 9: a little slower than the defaults, kept). */
function compressed(body: PageBody, encoding: Encoding): Promise<Buffer> {
  const made = (bytes: Buffer) => {
    body.sent = { ...body.sent, [encoding]: bytes };
    return bytes;
  };
  if (encoding === 'br') {
    body.br ??= brotli(body.raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.raw.length,
      },
    }).then(made);
    return body.br;
  }
  body.gzip ??= gzipped(body.raw, { level: 9 }).then(made);
  return body.gzip;
}

/** Whether If-None-Match names the body's validator (or `*`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  return ifNoneMatchHolds(request.headers['if-none-match'], etag);
}

/** Whether an If-None-Match header names the validator (or `*`); weak tags compare by their value. */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends a page body: 304 when the client holds it, else compressed by Accept-Encoding (the copy made
 * once), with `Vary: Accept-Encoding` either way.
 */
export async function sendPageBody(request: FastifyRequest, reply: FastifyReply, body: PageBody) {
  reply.header('etag', body.etag).header('vary', 'Accept-Encoding');
  if (notModified(request, body.etag)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.raw);
  const bytes = await compressed(body, encoding);
  return reply.header('content-encoding', encoding).send(bytes);
}

/** A published page's surrogate keys: its account's, its main funnel's, its step's and its own. */
export function surrogateKeys(ids: {
  accountId: number;
  funnelId: number;
  stepId: number;
  pageId: number;
}): string {
  return `fw-a${ids.accountId} fw-f${ids.funnelId} fw-s${ids.stepId} fw-p${ids.pageId}`;
}

/** The key every published page of an account carries: a purge of it empties the account's pages. */
export const accountKey = (accountId: number) => `fw-a${accountId}`;

/**
 * The API writes after which the shared cache forgets an account's pages: publishes, unpublishes and
 * what changes which address serves what (funnel paths and domains, deleted steps and funnels, domains,
 * the subdomain). `cdn.test.ts` checks each still names a route.
 */
export const PURGING_ROUTES = [
  'POST /api/funnels/:id/publish',
  'POST /api/funnels/:id/unpublish',
  'POST /api/wfunnels/:id/steps/:stepId/publish',
  'POST /api/wfunnels/:id/steps/:stepId/pages/:pageId/publish',
  'PATCH /api/funnels/:id',
  'DELETE /api/funnels/:id',
  'PUT /api/funnels/:id/restore',
  'DELETE /api/wfunnels/:id/steps/:stepId',
  'DELETE /api/funnel-steps/:stepId',
  'POST /api/domains',
  'PATCH /api/domains/:id',
  'DELETE /api/domains/:id',
  'POST /api/domains/:id/verify',
  'POST /api/change-subdomain',
] as const;

/** A second purge this long after the first: another server process may have rendered the old page in between. */
export const PURGE_AGAIN_MS = 1_000;
const PURGE_TIMEOUT_MS = 5_000;

export type CdnPurger = {
  /** Purges the account's pages (twice, see PURGE_AGAIN_MS); resolves when the first purge was answered. */
  purgeAccount(accountId: number): Promise<void>;
};

/**
 * The purge hook: `PURGE {CDN_PURGE_URL}` with the keys in `Surrogate-Key` and `xkey` (space-separated),
 * the shape Varnish's bans (our VCL, `bench/varnish/published.vcl`) and its xkey module read. The URL is
 * the operator's, not a merchant's, so it is not held to public addresses. A failure is logged; the
 * pages then change within the cache's own lifetime.
 */
export function createCdnPurger(
  url: string | undefined,
  { onError, fetchImpl = fetch }: { onError: (error: unknown) => void; fetchImpl?: typeof fetch },
): CdnPurger | null {
  if (!url) return null;
  const send = async (keys: string) => {
    try {
      const res = await fetchImpl(url, {
        method: 'PURGE',
        headers: { 'surrogate-key': keys, xkey: keys },
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`CDN purge answered ${res.status}`);
    } catch (error) {
      onError(error);
    }
  };
  return {
    async purgeAccount(accountId) {
      const keys = accountKey(accountId);
      setTimeout(() => void send(keys), PURGE_AGAIN_MS).unref();
      await send(keys);
    },
  };
}

/** Purges an account's pages after each successful write PURGING_ROUTES lists. */
export function registerPurgeHook(app: FastifyInstance, purger: CdnPurger | null) {
  if (!purger) return;
  const routes = new Set<string>(PURGING_ROUTES);
  app.addHook('onResponse', (request, reply, done) => {
    const accountId = request.membership?.accountId ?? request.session?.accountId;
    if (accountId && reply.statusCode < 400 && routes.has(`${request.method} ${request.routeOptions.url}`))
      void purger.purgeAccount(accountId);
    done();
  });
}
